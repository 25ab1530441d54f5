// A stand-in for a third-party LLM: an HTTP server on loopback speaking the real
// Chat Completions protocol (POST /v1/chat/completions), answering with whatever
// the test's `answer` function returns and recording every request it saw. It streams a
// reply when asked to (`stream: true`), and can answer at a model's pace in tokens a second.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  /** Set: the reply is sent as Server-Sent Events of `chat.completion.chunk`s, as the real API streams. */
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

interface ChatAnswer {
  content: string;
  finishReason?: 'stop' | 'length';
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /** Tokens the reply bills (default 100 prompt, 100 completion). */
  usage?: { promptTokens: number; completionTokens: number };
  /** Answer at this pace, as a model generates: the reply's tokens (about four characters each) come out over time, streamed or not. */
  tokensPerSecond?: number;
}

/** About four characters a token, as English text runs in the usual tokenizers. */
const CHARACTERS_PER_TOKEN = 4;
/** A streamed reply's chunks: this many tokens each. */
const TOKENS_PER_CHUNK = 4;

export interface FakeChatServer {
  /** The base URL for the SDK (`…/v1`). */
  baseUrl: string;
  requests: ChatRequestBody[];
  /** The requests (by index) whose reply has been sent whole. */
  answered: Set<number>;
  answer: (body: ChatRequestBody, index: number) => ChatAnswer;
}

export interface FakeChatOptions {
  /** Every reply at this pace unless its answer says otherwise (a realistic hosted model: about 50). */
  tokensPerSecond?: number;
}

export async function startFakeChatServer(t: TestContext, answer: FakeChatServer['answer'], options: FakeChatOptions = {}): Promise<FakeChatServer> {
  const state: FakeChatServer = { baseUrl: '', requests: [], answered: new Set(), answer };
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatRequestBody;
    const index = state.requests.push(body) - 1;
    const reply = { ...state.answer(body, index) };
    reply.tokensPerSecond ??= options.tokensPerSecond;
    // Unref'd: a request whose client died must not keep the test process alive.
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs).unref());
    if (res.destroyed) return;
    if (body.stream) {
      await streamReply(res, body, index, reply);
      state.answered.add(index);
      return;
    }
    if (reply.tokensPerSecond) await pause((tokensIn(reply.content) * 1000) / reply.tokensPerSecond);
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${index}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content, refusal: null }, logprobs: null, finish_reason: reply.finishReason ?? 'stop' }],
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
const tokensIn = (content: string) => Math.ceil(content.length / CHARACTERS_PER_TOKEN);

/** The reply as the real API streams it: `data:` chunks of content at the reply's pace, then the finish, the usage when asked for, and `[DONE]`. */
async function streamReply(res: ServerResponse, body: ChatRequestBody, index: number, reply: ChatAnswer): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = { id: `chatcmpl-${index}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
  const send = (chunk: object) => res.write(`data: ${JSON.stringify({ ...base, ...chunk })}\n\n`);
  send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }] });
  const step = TOKENS_PER_CHUNK * CHARACTERS_PER_TOKEN;
  for (let at = 0; at < reply.content.length; at += step) {
    if (reply.tokensPerSecond) await pause((TOKENS_PER_CHUNK * 1000) / reply.tokensPerSecond);
    if (res.destroyed) return;
    send({ choices: [{ index: 0, delta: { content: reply.content.slice(at, at + step) }, logprobs: null, finish_reason: null }] });
  }
  send({ choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: reply.finishReason ?? 'stop' }] });
  if (body.stream_options?.include_usage) {
    const prompt = reply.usage?.promptTokens ?? 100;
    const completion = reply.usage?.completionTokens ?? 100;
    send({ choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
  }
  res.end('data: [DONE]\n\n');
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
