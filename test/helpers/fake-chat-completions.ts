// A stand-in for a third-party LLM: an HTTP server on loopback speaking the real
// Chat Completions protocol (POST /v1/chat/completions), answering with whatever
// the test's `answer` function returns and recording every request it saw.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
}

interface ChatAnswer {
  content: string;
  finishReason?: 'stop' | 'length';
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /** Tokens the reply bills (default 100 prompt, 100 completion). */
  usage?: { promptTokens: number; completionTokens: number };
}

export interface FakeChatServer {
  /** The base URL for the SDK (`…/v1`). */
  baseUrl: string;
  requests: ChatRequestBody[];
  answer: (body: ChatRequestBody, index: number) => ChatAnswer;
}

export async function startFakeChatServer(t: TestContext, answer: FakeChatServer['answer']): Promise<FakeChatServer> {
  const state: FakeChatServer = { baseUrl: '', requests: [], answer };
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as ChatRequestBody;
    const index = state.requests.push(body) - 1;
    const reply = state.answer(body, index);
    // Unref'd: a request whose client died must not keep the test process alive.
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs).unref());
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
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
