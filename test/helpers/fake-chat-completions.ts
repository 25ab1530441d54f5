// A stand-in for a third-party LLM: an HTTP server on loopback speaking the real Chat
// Completions protocol (POST /v1/chat/completions), answering with whatever the test's
// `answer` function returns and recording every request it saw. Options give it the
// behaviours real servers have (fake-chat-server-errors.ts has their error bodies):
// refusing a `response_format` (Groq, LiteLLM, LM Studio, OpenRouter, OpenAI's strict
// check), a model it does not have, a context size the prompt must fit (counted as one
// token per four characters), `max_tokens` / `max_completion_tokens` that cut a reply off
// with `finish_reason: "length"`, reasoning kept apart (`reasoning_content` as vLLM and LM
// Studio send it, `reasoning` as Ollama does) or left in the content as `<think>…</think>`.
// It streams a reply when asked to (`stream: true`), and can answer at a model's pace in
// tokens a second.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badKey, contextExceeded, failedGeneration, formatRefusal, modelNotFound, type ErrorReply, type FormatRefusal, type ServerStyle } from './fake-chat-server-errors.ts';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  provider?: { require_parameters?: boolean };
  /** Set: the reply is sent as Server-Sent Events of `chat.completion.chunk`s, as the real API streams. */
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [extra: string]: unknown;
}

interface ChatAnswer {
  content?: string;
  finishReason?: 'stop' | 'length';
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /** Tokens the reply bills (default 100 prompt, 100 completion). */
  usage?: { promptTokens: number; completionTokens: number };
  /** The model declines (OpenAI's structured outputs): `refusal` set, `content` null. */
  refusal?: string;
  /** The model's thinking, sent apart from the content the way `reasoningField` says. */
  reasoning?: string;
  /** Groq checks the reply against the schema itself: this reply failed it (400 json_validate_failed). */
  failedGeneration?: string;
  /** Answer at this pace, as a model generates: the reply's tokens (about four characters each) come out over time, streamed or not. */
  tokensPerSecond?: number;
}

/** A streamed reply's chunks: this many tokens each. */
const TOKENS_PER_CHUNK = 4;

export interface FakeChatOptions {
  /** Whose error shapes the server uses (default OpenAI's). */
  style?: ServerStyle;
  /** `response_format`s the server refuses, as the named servers do. */
  refuses?: FormatRefusal[];
  /** The models it has; any other is a 404 in the server's style. Default: any. */
  models?: string[];
  /** The context a request must fit (prompt tokens, at four characters a token); past it, the server's error. */
  contextTokens?: number;
  /** Where `reasoning` goes: `reasoning_content` (vLLM, LM Studio, DeepSeek), `reasoning` (Ollama), or `<think>…</think>` before the content (a server without a reasoning parser). */
  reasoningField?: 'reasoning_content' | 'reasoning' | 'think-tags';
  /** The key it wants; another is a 401. Default: any. */
  apiKey?: string;
  /** Every reply at this pace unless its answer says otherwise (a realistic hosted model: about 50). */
  tokensPerSecond?: number;
}

export interface FakeChatServer {
  /** The base URL for the SDK (`…/v1`). */
  baseUrl: string;
  requests: ChatRequestBody[];
  /** Requests the server refused (format, model, context, key), in order; they are in `requests` too. */
  refused: { body: ChatRequestBody; status: number }[];
  /** The requests (by index) whose reply has been sent whole. */
  answered: Set<number>;
  answer: (body: ChatRequestBody, index: number) => ChatAnswer;
  /** The behaviours it has; a test may change them while it runs (a model removed, say). */
  options: FakeChatOptions;
}

/** Tokens as the fake counts them: four characters each. */
const fakeTokens = (text: string): number => Math.ceil(text.length / 4);

export async function startFakeChatServer(t: TestContext, answer: FakeChatServer['answer'], options: FakeChatOptions = {}): Promise<FakeChatServer> {
  const state: FakeChatServer = { baseUrl: '', requests: [], refused: [], answered: new Set(), answer, options: { ...options } };
  const server = createServer(async (req, res) => {
    const { options } = state;
    const style = options.style ?? 'openai';
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatRequestBody;
    const index = state.requests.push(body) - 1;
    const promptTokens = fakeTokens(body.messages.map((message) => message.content).join('\n'));
    const refusal =
      (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}` ? badKey() : undefined) ??
      (options.models && !options.models.includes(body.model) ? modelNotFound(style, body.model) : undefined) ??
      formatRefusal(options.refuses ?? [], body) ??
      (options.contextTokens !== undefined && promptTokens > options.contextTokens ? contextExceeded(style, promptTokens, options.contextTokens) : undefined);
    if (refusal) {
      state.refused.push({ body, status: refusal.status });
      return sendError(res, refusal);
    }
    const reply = { ...state.answer(body, index) };
    reply.tokensPerSecond ??= options.tokensPerSecond;
    // Unref'd: a request whose client died must not keep the test process alive.
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs).unref());
    if (res.destroyed) return;
    if (reply.failedGeneration !== undefined) return sendError(res, failedGeneration(reply.failedGeneration));
    const limit = body.max_completion_tokens ?? body.max_tokens;
    let content = reply.content ?? '';
    let finishReason = reply.finishReason ?? 'stop';
    if (options.reasoningField === 'think-tags' && reply.reasoning) content = `<think>\n${reply.reasoning}\n</think>\n\n${content}`;
    if (limit !== undefined && fakeTokens(content) > limit) {
      content = content.slice(0, limit * 4); // the server stops where the limit is, mid-word if need be
      finishReason = 'length';
    }
    const message: Record<string, unknown> = { role: 'assistant', content: reply.refusal === undefined ? content : null, refusal: reply.refusal ?? null };
    if (reply.reasoning && options.reasoningField && options.reasoningField !== 'think-tags') message[options.reasoningField] = reply.reasoning;
    if (body.stream) {
      await streamReply(res, body, index, { ...reply, content, finishReason }, message);
      state.answered.add(index);
      return;
    }
    if (reply.tokensPerSecond) await pause((fakeTokens(content) * 1000) / reply.tokensPerSecond);
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${index}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
        usage: {
          prompt_tokens: reply.usage?.promptTokens ?? 100,
          completion_tokens: reply.usage?.completionTokens ?? 100,
          total_tokens: (reply.usage?.promptTokens ?? 100) + (reply.usage?.completionTokens ?? 100),
        },
      }),
    );
    state.answered.add(index);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * The reply as the real API streams it: `data:` chunks of content at the reply's pace
 * (reasoning kept apart and a refusal go in chunks of their own first), then the finish,
 * the usage when asked for, and `[DONE]`.
 */
async function streamReply(res: ServerResponse, body: ChatRequestBody, index: number, reply: ChatAnswer & { content: string }, message: Record<string, unknown>): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = { id: `chatcmpl-${index}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
  const send = (chunk: object) => res.write(`data: ${JSON.stringify({ ...base, ...chunk })}\n\n`);
  const delta = (fields: Record<string, unknown>) => send({ choices: [{ index: 0, delta: fields, logprobs: null, finish_reason: null }] });
  delta({ role: 'assistant', content: '' });
  for (const field of ['reasoning_content', 'reasoning', 'refusal']) if (typeof message[field] === 'string') delta({ [field]: message[field] });
  const step = TOKENS_PER_CHUNK * 4;
  const content = typeof message.content === 'string' ? message.content : '';
  for (let at = 0; at < content.length; at += step) {
    if (reply.tokensPerSecond) await pause((TOKENS_PER_CHUNK * 1000) / reply.tokensPerSecond);
    if (res.destroyed) return;
    delta({ content: content.slice(at, at + step) });
  }
  send({ choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: reply.finishReason ?? 'stop' }] });
  if (body.stream_options?.include_usage) {
    const prompt = reply.usage?.promptTokens ?? 100;
    const completion = reply.usage?.completionTokens ?? 100;
    send({ choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
  }
  res.end('data: [DONE]\n\n');
}

function sendError(res: ServerResponse, reply: ErrorReply): void {
  res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `count` words of filler text, for a fake script of a chosen length. */
export function fillerWords(count: number, seed = 'word'): string {
  return Array.from({ length: Math.max(1, count) }, (_, n) => `${seed}${n % 50}`).join(' ') + '.';
}
