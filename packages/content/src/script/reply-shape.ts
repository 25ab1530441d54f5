// A compact example of a reply's shape, written from its schema, for the prompt: a server
// that ignores `response_format` (or is asked without one) still sees what to answer,
// e.g. {"lines": [{"speaker": "Host 1" | "Host 2", "text": "…"}, …], "summary": "…"}.
import type { TSchema } from 'typebox';

type Node = Record<string, unknown>;

export function replyShape(schema: TSchema): string {
  return shapeOf(schema as unknown as Node);
}

function shapeOf(node: Node): string {
  if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(node.anyOf)) return (node.anyOf as Node[]).map(shapeOf).join(' | ');
  switch (node.type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, Node>;
      return `{${Object.entries(properties).map(([key, value]) => `${JSON.stringify(key)}: ${shapeOf(value)}`).join(', ')}}`;
    }
    case 'array':
      return `[${shapeOf((node.items ?? {}) as Node)}, …]`;
    case 'string':
      return '"…"';
    case 'integer':
    case 'number':
      return '0';
    case 'boolean':
      return 'true';
    case 'null':
      return 'null';
    default:
      return '…';
  }
}
