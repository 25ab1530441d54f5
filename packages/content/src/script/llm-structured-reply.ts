// One structured-output exchange with an OpenAI-compatible Chat Completions endpoint:
// ask for JSON matching a schema, check the reply, and when it is unusable (cut off,
// not JSON, not matching the schema) send it back once with the problems to repair,
// then try once more from scratch. Only then does it give up, naming the problems.
import type OpenAI from 'openai';
import type { TSchema, Static } from 'typebox';
import { parseValue, SchemaError } from '@castwright/core/validation';
import { streamedCompletion, type StreamedItems } from './llm-streamed-completion.ts';
import type { TokenUsage } from './script-writer.ts';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export interface StructuredRequest<S extends TSchema> {
  client: OpenAI;
  model: string;
  /** Names the schema for the endpoint, e.g. `podcast_script`. */
  name: string;
  /** Checked strictly on our side; sent with length keywords removed (strict mode rejects them). */
  schema: S;
  messages: ChatMessage[];
  /** Checks beyond the schema; returns problems, empty when the value is fine. */
  check?: (value: Static<S>) => string[];
  /**
   * Wishes rather than rules (a length band): a usable reply that misses them is sent
   * back once to be revised, and the revision is taken if it is usable; never a reason
   * to fail.
   */
  preferred?: (value: Static<S>) => string[];
  signal?: AbortSignal | undefined;
  maxTokens?: number;
  /** Every exchange's billed tokens are added here, usable replies or not. */
  tokens: TokenUsage;
  /** Set: the reply is streamed, and each complete element at `path` is handed out as it arrives (llm-streamed-completion.ts). */
  streamed?: StreamedItems | undefined;
  /** Said with a repair or a revision: what of the earlier reply must stay (lines already heard). */
  keep?: (() => string | undefined) | undefined;
}

/** The endpoint answered, but never with something usable. */
export class UnusableReplyError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

type Outcome<T> = { ok: true; value: T; raw: string } | { ok: false; raw: string; problems: string[] };

export async function requestStructured<S extends TSchema>(request: StructuredRequest<S>): Promise<Static<S>> {
  const first = await exchange(request, request.messages);
  if (first.ok) return revised(request, first);
  const repair: ChatMessage[] = [
    ...request.messages,
    { role: 'assistant', content: first.raw.slice(0, 20_000) },
    {
      role: 'user',
      content:
        `That reply was not usable: ${first.problems.join('; ')}. ` +
        'Reply again with only one complete JSON object that matches the schema, nothing else.' + keepNote(request),
    },
  ];
  const repaired = await exchange(request, repair);
  if (repaired.ok) return repaired.value;
  const retried = await exchange(request, request.messages);
  if (retried.ok) return retried.value;
  throw new UnusableReplyError(retried.problems);
}

/** A reply's text and how it ended, streamed or not. */
async function complete<S extends TSchema>(request: StructuredRequest<S>, messages: ChatMessage[]): Promise<{ raw: string; finishReason: string | null } | undefined> {
  const body = {
    model: request.model,
    messages,
    ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
    response_format: { type: 'json_schema' as const, json_schema: { name: request.name, strict: true, schema: wireSchema(request.schema) } },
  };
  if (request.streamed) {
    const streamed = await streamedCompletion(request.client, body, request.streamed, request.signal);
    request.tokens.inputTokens += streamed.usage?.promptTokens ?? 0;
    request.tokens.outputTokens += streamed.usage?.completionTokens ?? 0;
    return streamed.finishReason === null && streamed.content === '' ? undefined : { raw: streamed.content, finishReason: streamed.finishReason };
  }
  const completion = await request.client.chat.completions.create(body, { signal: request.signal });
  request.tokens.inputTokens += completion.usage?.prompt_tokens ?? 0;
  request.tokens.outputTokens += completion.usage?.completion_tokens ?? 0;
  const choice = completion.choices[0];
  return choice ? { raw: choice.message.content ?? '', finishReason: choice.finish_reason } : undefined;
}

function keepNote<S extends TSchema>(request: StructuredRequest<S>): string {
  const note = request.keep?.();
  return note ? ` ${note}` : '';
}

async function exchange<S extends TSchema>(request: StructuredRequest<S>, messages: ChatMessage[]): Promise<Outcome<Static<S>>> {
  const choice = await complete(request, messages);
  const raw = choice?.raw ?? '';
  if (!choice) return { ok: false, raw, problems: ['the reply had no choices'] };
  if (choice.finishReason === 'length') return { ok: false, raw, problems: ['the reply was cut off at the length limit; be more concise'] };
  if (raw.trim() === '') return { ok: false, raw, problems: ['the reply was empty'] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripFence(raw));
  } catch (error) {
    return { ok: false, raw, problems: [`the reply is not valid JSON (${(error as Error).message})`] };
  }
  let value: Static<S>;
  try {
    value = parseValue(request.schema, parsed, { what: request.name });
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, raw, problems: error.problems.slice(0, 10) };
    throw error;
  }
  const problems = request.check?.(value) ?? [];
  return problems.length > 0 ? { ok: false, raw, problems: problems.slice(0, 10) } : { ok: true, value, raw };
}

/** A usable reply, or its revision when it misses a preference and the revision is usable too. */
async function revised<S extends TSchema>(request: StructuredRequest<S>, reply: { value: Static<S>; raw: string }): Promise<Static<S>> {
  const wishes = request.preferred?.(reply.value) ?? [];
  if (wishes.length === 0) return reply.value;
  const revision = await exchange(request, [
    ...request.messages,
    { role: 'assistant', content: reply.raw.slice(0, 20_000) },
    { role: 'user', content: `Please revise that reply: ${wishes.join('; ')}. Reply with the whole revised JSON object, nothing else.${keepNote(request)}` },
  ]);
  return revision.ok ? revision.value : reply.value;
}

/** Some endpoints wrap JSON in a Markdown fence even in JSON mode. */
function stripFence(raw: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(raw);
  return match?.[1] ?? raw;
}

const UNSUPPORTED = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'default']);

/**
 * The schema as plain JSON Schema without the keywords strict structured output does not
 * accept, and with every property required, as strict mode demands: an optional one is
 * required there but may be null (our own check still lets it be left out).
 */
function wireSchema(schema: TSchema): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node).filter(([key]) => !UNSUPPORTED.has(key)).map(([key, value]) => [key, strip(value)] as const);
    const object = Object.fromEntries(entries) as Record<string, unknown>;
    const properties = object.properties as Record<string, Record<string, unknown>> | undefined;
    if (object.type === 'object' && properties) {
      const required = new Set((object.required as string[] | undefined) ?? []);
      for (const [key, property] of Object.entries(properties)) {
        if (required.has(key)) continue;
        const nullable = Array.isArray(property.anyOf) && property.anyOf.some((option) => (option as { type?: unknown }).type === 'null');
        if (!nullable) properties[key] = { anyOf: [property, { type: 'null' }] };
      }
      object.required = Object.keys(properties);
    }
    return object;
  };
  return strip(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>;
}
