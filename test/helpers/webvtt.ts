// Parses WebVTT with the W3C validator's parser (webvtt-parser) into cues with their
// speaker (the `<v>` voice annotation) and plain text, plus every error it reports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import webvtt from 'webvtt-parser';

// Without the full table of named character references the parser decodes `&amp;` wrongly.
const entities = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('webvtt-parser/html-entities.json'), 'utf8')) as Record<string, string>;

export interface VttCue {
  startMs: number;
  endMs: number;
  speaker: string | undefined;
  /** The cue's `<lang>` span, when it has one. */
  language?: string;
  text: string;
}

interface VttNode {
  type: string;
  name?: string;
  value?: string;
  children?: VttNode[];
}

/** The text of a node and everything inside it (a `<lang>` span inside the voice). */
function textOf(nodes: readonly VttNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? (node.value ?? '') : textOf(node.children ?? []))).join('');
}

function find(nodes: readonly VttNode[], name: string): VttNode | undefined {
  for (const node of nodes) {
    if (node.type === 'object' && node.name === name) return node;
    const inner = find(node.children ?? [], name);
    if (inner) return inner;
  }
  return undefined;
}

export function parseWebVtt(input: string): { cues: VttCue[]; errors: string[] } {
  const { cues, errors } = new webvtt.WebVTTParser(entities).parse(input, 'metadata');
  return {
    errors: errors.map((error) => `line ${error.line}: ${error.message}`),
    cues: cues.map((cue) => {
      const tree = cue.tree.children as VttNode[];
      const voice = find(tree, 'v');
      const language = find(tree, 'lang')?.value;
      const text = textOf(voice?.children ?? tree);
      return { startMs: Math.round(cue.startTime * 1000), endMs: Math.round(cue.endTime * 1000), speaker: voice?.value, ...(language ? { language } : {}), text };
    }),
  };
}
