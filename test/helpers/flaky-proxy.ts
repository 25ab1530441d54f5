// An HTTPS proxy on loopback in front of a test api that misbehaves on purpose, as load
// balancers and networks do: per request it forwards, answers in the api's place (a 503
// with Retry-After), or forwards and then drops the connection once the api has answered,
// so the client never sees an answer to a request that took effect. Records every request.
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Agent, request as forward } from 'undici';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What the proxy does with the request numbered `index` (from 0). */
export type Behaviour = (request: ProxiedRequest, index: number) => 'forward' | 'drop-answer' | { status: number; headers?: Record<string, string>; body?: unknown };

export interface FlakyProxy {
  baseUrl: string;
  requests: ProxiedRequest[];
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

export async function startFlakyProxy(t: TestContext, options: { target: string; cert: string; key: string; behave: Behaviour }): Promise<FlakyProxy> {
  const agent = new Agent({ connect: { ca: options.cert, servername: 'localhost' } });
  const requests: ProxiedRequest[] = [];
  const server = https.createServer({ cert: options.cert, key: options.key }, (incoming, outgoing) => {
    const seen: ProxiedRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers };
    const behaviour = options.behave(seen, requests.length);
    requests.push(seen);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        if (typeof behaviour === 'object') {
          outgoing.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
          outgoing.end(JSON.stringify(behaviour.body ?? { success: false, error: 'Service unavailable', message: 'The proxy says so' }));
          return;
        }
        const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name, value]) => !HOP_BY_HOP.has(name) && typeof value === 'string')) as Record<string, string>;
        const body = Buffer.concat(chunks);
        const answer = await forward(`${options.target}${seen.path}`, {
          method: seen.method as 'GET',
          headers,
          body: body.length > 0 ? body : null,
          dispatcher: agent,
        });
        const payload = Buffer.from(await answer.body.arrayBuffer());
        if (behaviour === 'drop-answer') {
          // The api has answered (its work is committed); the client never hears of it.
          outgoing.socket?.destroy();
          return;
        }
        const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        outgoing.writeHead(answer.statusCode, answerHeaders);
        outgoing.end(payload);
      })().catch(() => outgoing.socket?.destroy());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await agent.close();
  });
  return { baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}
