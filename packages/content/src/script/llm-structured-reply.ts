// One structured-output exchange with an OpenAI-compatible Chat Completions endpoint:
// ask for JSON matching a schema (in the request's `response_format`, one step down for a
// server that refuses it, and as a compact example in the prompt for one that ignores it),
// read the reply tolerantly (llm-reply-json.ts) and check it. An unusable reply (not
// JSON, not matching the schema, refused, or one Groq's own check rejected) is sent back
// once with its problems to repair; a reply cut off at the output limit is never sent
// back (it is the longest thing in the exchange): it is asked for again, shorter. Then
// one more try; only then does it give up, naming the problems.
import type { TSchema, Static } from 'typebox';
import { parseValue, SchemaError } from '@castwright/core/validation';
import { countWords } from '../text/sentences.ts';
import { chat, type ChatMessage, type ChatTarget } from './llm-chat.ts';
import type { StreamedItems } from './llm-streamed-completion.ts';
import { jsonFromReply } from './llm-reply-json.ts';
import { estimateTokens, type ContextBudget } from './llm-request-budget.ts';
import { replyShape } from './reply-shape.ts';
import type { TokenUsage } from './script-writer.ts';

export type { ChatMessage } from './llm-chat.ts';

export interface StructuredRequest<S extends TSchema> {
  target: ChatTarget;
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
  /** Every exchange's billed tokens are added here, usable replies or not. */
  tokens: TokenUsage;
  /** The context requests must fit: a reply sent back to be repaired is cut to what fits. */
  budget?: ContextBudget | undefined;
  /** Set: the reply is streamed, and each complete element at `path` is handed out as it arrives (llm-streamed-completion.ts). */
  streamed?: StreamedItems | undefined;
  /** Said with a repair, a revision or a shorter retry: what of the earlier reply must stay (lines already heard). */
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

type Outcome<T> = { ok: true; value: T; raw: string } | { ok: false; raw: string; problems: string[]; cutOffWords?: number };

/** Most of a bad reply ever sent back to be repaired. */
const MAX_ECHO_CHARACTERS = 20_000;

export async function requestStructured<S extends TSchema>(request: StructuredRequest<S>): Promise<Static<S>> {
  const messages = withShape(request.messages, request.schema);
  const first = await exchange(request, messages);
  if (first.ok) return revised(request, messages, first);
  const second = await exchange(request, first.cutOffWords !== undefined ? shorter(messages, first.cutOffWords, 0.6, keepNote(request)) : repair(request, messages, first));
  if (second.ok) return second.value;
  const third = await exchange(request, second.cutOffWords !== undefined ? shorter(messages, second.cutOffWords, 0.6, keepNote(request)) : messages);
  if (third.ok) return third.value;
  throw new UnusableReplyError(third.problems);
}

/** The reply's shape, written out in the prompt: the one thing a server that ignores the schema still reads. */
function withShape(messages: ChatMessage[], schema: TSchema): ChatMessage[] {
  const last = messages.at(-1);
  if (last?.role !== 'user') return messages;
  const shape = `Reply with one JSON object of this shape ("…" is text you write), and nothing else:\n${replyShape(schema)}`;
  return [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${shape}` }];
}

/** What the model is told to keep in any answer after the first (lines already heard); '' for nothing. */
function keepNote<S extends TSchema>(request: StructuredRequest<S>): string {
  const note = request.keep?.();
  return note ? ` ${note}` : '';
}

/** The exchange again from the start, asking for a shorter reply than the one that was cut off. */
function shorter(messages: ChatMessage[], cutOffWords: number, factor: number, keep = ''): ChatMessage[] {
  const words = Math.max(50, Math.round(cutOffWords * factor));
  return [
    ...messages,
    {
      role: 'user',
      content:
        `Your last reply was cut off at the output limit after about ${cutOffWords} words, before its JSON was complete. ` +
        `Reply again from the start with one complete JSON object of about ${words} words in all: fewer and shorter lines.${keep}`,
    },
  ];
}

/** The bad reply sent back with its problems, cut to what fits the context. */
function repair<S extends TSchema>(request: StructuredRequest<S>, messages: ChatMessage[], failed: { raw: string; problems: string[] }): ChatMessage[] {
  const ask = `That reply was not usable: ${failed.problems.join('; ')}. Reply again with only one complete JSON object that matches the schema, nothing else.${keepNote(request)}`;
  let room = MAX_ECHO_CHARACTERS;
  if (request.budget) {
    const used = messages.reduce((sum, message) => sum + estimateTokens(message.content), 0) + estimateTokens(ask);
    const reply = request.budget.maxOutputTokens ?? estimateTokens(failed.raw);
    room = Math.min(room, Math.max(0, (request.budget.contextTokens - used - 2 * reply) * 3));
  }
  const echo = failed.raw.length <= room ? failed.raw : `${failed.raw.slice(0, room)} […]`;
  return room < 200 ? [...messages, { role: 'user', content: ask.replace('That reply', 'Your last reply') }] : [...messages, { role: 'assistant', content: echo }, { role: 'user', content: ask }];
}

async function exchange<S extends TSchema>(request: StructuredRequest<S>, messages: ChatMessage[]): Promise<Outcome<Static<S>>> {
  const reply = await chat(request.target, { name: request.name, schema: wireSchema(request.schema), messages, signal: request.signal, tokens: request.tokens, streamed: request.streamed });
  const raw = reply.content;
  if (reply.refusal) return { ok: false, raw: reply.refusal, problems: [`the model refused: ${reply.refusal}`] };
  if (reply.finishReason === 'no choices') return { ok: false, raw, problems: ['the reply had no choices'] };
  if (reply.finishReason === 'length') {
    const thinking = raw.trim() === '' && reply.reasoning ? ` (all of it reasoning: ${reply.reasoning.length} characters)` : '';
    return { ok: false, raw, problems: [`the reply was cut off at the output limit${thinking}`], cutOffWords: countWords(raw || reply.reasoning) };
  }
  const found = jsonFromReply(raw);
  const rejected = reply.failedCheck ? [`the server's own check rejected it (${reply.failedCheck})`] : [];
  if ('problem' in found) {
    const problem = raw.trim() === '' && reply.reasoning
      ? `the reply was empty: the model wrote ${reply.reasoning.length} characters of reasoning and no answer (give it room with LLM_MAX_OUTPUT_TOKENS, or turn its thinking off)`
      : found.problem;
    return { ok: false, raw, problems: [...rejected, problem] };
  }
  let value: Static<S>;
  try {
    value = parseValue(request.schema, found.value, { what: request.name });
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, raw, problems: [...rejected, ...error.problems.slice(0, 10)] };
    throw error;
  }
  const problems = request.check?.(value) ?? [];
  return problems.length > 0 ? { ok: false, raw, problems: problems.slice(0, 10) } : { ok: true, value, raw };
}

/** A usable reply, or its revision when it misses a preference and the revision is usable too. */
async function revised<S extends TSchema>(request: StructuredRequest<S>, messages: ChatMessage[], reply: { value: Static<S>; raw: string }): Promise<Static<S>> {
  const wishes = request.preferred?.(reply.value) ?? [];
  if (wishes.length === 0) return reply.value;
  const revision = await exchange(request, [
    ...messages,
    { role: 'assistant', content: reply.raw.slice(0, MAX_ECHO_CHARACTERS) },
    { role: 'user', content: `Please revise that reply: ${wishes.join('; ')}. Reply with the whole revised JSON object, nothing else.${keepNote(request)}` },
  ]);
  return revision.ok ? revision.value : reply.value;
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
