// A webhook receiver on loopback, over real HTTPS with a self-signed certificate, that
// keeps every request (raw body, headers, arrival time) and answers as each test says:
// a status, a delay, a reset connection, a redirect. Workers trust its certificate the way
// an operator would trust a private CA — in this process by adding it to Node's default
// CA list (`trustReceivers`), in child processes through NODE_EXTRA_CA_CERTS
// (`receiverCaFile`) — never by turning certificate checks off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { generate } from 'selfsigned';
import { Webhook } from 'standardwebhooks';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The exact bytes received, as text. */
  body: string;
  receivedAt: number;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
  /** Destroy the connection instead of answering. */
  reset?: boolean;
}

export type Respond = (request: ReceivedRequest, index: number) => Answer;

export interface WebhookReceiver {
  /** https://127.0.0.1:port/hook */
  url: string;
  requests: ReceivedRequest[];
  respond: Respond;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Requests the receiver has begun answering slowly and not finished. */
  openRequests(): number;
}

let certificate: Promise<{ cert: string; key: string }> | undefined;

/** A public-looking name the certificate also holds, for tests that play DNS (it never resolves for real). */
export const RECEIVER_HOST = 'receiver.castwright-test.example';

/** One certificate for every receiver in the process (127.0.0.1, localhost and RECEIVER_HOST). */
function receiverCertificate(): Promise<{ cert: string; key: string }> {
  certificate ??= generate([{ name: 'commonName', value: 'castwright-test-receiver' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 2, value: RECEIVER_HOST }, { type: 7, ip: '127.0.0.1' }] },
    ],
  }).then((pems) => ({ cert: pems.cert, key: pems.private }));
  return certificate;
}

/** Makes this process (and workers started in it) trust the receivers' certificate. */
export async function trustReceivers(): Promise<void> {
  const { cert } = await receiverCertificate();
  const current = tls.getCACertificates('default');
  if (!current.includes(cert)) tls.setDefaultCACertificates([...current, cert]);
}

/** A PEM file for NODE_EXTRA_CA_CERTS of child processes. */
export async function receiverCaFile(): Promise<string> {
  const { cert } = await receiverCertificate();
  const file = path.join(tmpdir(), `castwright-receiver-ca-${process.pid}.pem`);
  await writeFile(file, cert);
  return file;
}

export async function startWebhookReceiver(t: TestContext, respond: Respond = () => ({ status: 200 })): Promise<WebhookReceiver> {
  const { cert, key } = await receiverCertificate();
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  let open = 0;
  const receiver: WebhookReceiver = {
    url: '',
    requests,
    respond,
    openRequests: () => open,
    waitForRequests(count, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          cleanup();
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the receiver got ${requests.length} of ${count} requests in ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])),
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      const answer = receiver.respond(received, requests.length);
      requests.push(received);
      for (const wake of waiters) wake();
      open += 1;
      const timer = setTimeout(() => {
        open -= 1;
        if (answer.reset) return void request.socket.destroy();
        response.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers }).end('ok');
      }, answer.delayMs ?? 0);
      response.on('close', () => {
        if (!response.writableEnded && !answer.reset) {
          clearTimeout(timer);
          open -= 1;
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  receiver.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/**
 * Checks a delivery as a receiver would: X-Service-Signature by hand (hex HMAC-SHA256 of
 * the raw body with the secret), and the Standard Webhooks headers with the
 * `standardwebhooks` package (which also rejects a timestamp more than 5 minutes off).
 * Returns the parsed body; throws if either check fails.
 */
export function verifyDelivery(request: ReceivedRequest, secret: string): Record<string, unknown> {
  const expected = createHmac('sha256', secret).update(request.body).digest('hex');
  const given = Buffer.from(request.headers['x-service-signature'] ?? '', 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) throw new Error('X-Service-Signature does not match the body');
  return new Webhook(secret).verify(request.body, request.headers) as Record<string, unknown>;
}
