// An upload over the tier's limit is answered 413 with the error body to every kind of
// client: Node's own fetch (undici, which keeps sending while it reads the answer), curl,
// and a client that streams without a Content-Length; the rest of the body is discarded
// up to a bound, past which the connection is closed.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { UNREAD_BODY_DRAIN_BYTES } from '@castwright/api/http/drain-unread-body';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { registerUser, startTestApi } from '#test-helpers/test-api';

const run = promisify(execFile);
const api = await startTestApi(t);
const { cert } = await loadTlsCredentials(api.config);
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-413-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const caFile = path.join(scratch, 'ca.pem');
await writeFile(caFile, cert);
const MB = 1024 * 1024;
const TOO_LARGE = { success: false, error: 'Payload too large', message: 'The file is larger than the 5 MB upload limit of the free tier' };

/** Node's built-in fetch in a process of its own, trusting the test certificate the way a user would. */
async function nodeFetchUpload(token: string, megabytes: number, streamed: boolean) {
  const script = `
    const size = ${megabytes} * 1024 * 1024;
    let body, extra = {};
    if (${streamed}) {
      const head = '--b\\r\\nContent-Disposition: form-data; name="file"; filename="big.txt"\\r\\n\\r\\n';
      let sent = 0;
      body = new ReadableStream({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
          if (sent >= size) return controller.close();
          const chunk = new Uint8Array(64 * 1024).fill(97);
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      extra = { duplex: 'half', headers: { authorization: 'Bearer ${token}', 'content-type': 'multipart/form-data; boundary=b' } };
    } else {
      body = new FormData();
      body.append('preset', 'quick');
      body.append('file', new Blob([new Uint8Array(size).fill(97)]), 'big.txt');
      extra = { headers: { authorization: 'Bearer ${token}' } };
    }
    const response = await fetch('${api.baseUrl.replace('127.0.0.1', 'localhost')}/api/episodes/upload', { method: 'POST', body, ...extra });
    console.log(JSON.stringify({ status: response.status, body: await response.json() }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile } });
  return JSON.parse(stdout) as { status: number; body: unknown };
}

t.test("Node's fetch reads the 413 for a 6 MB form upload on the free tier", async (t) => {
  const free = await registerUser(api);
  const result = await nodeFetchUpload(free.accessToken, 6, false);
  t.same(result, { status: 413, body: TOO_LARGE });
});

t.test("Node's fetch reads the 413 for a 30 MB streamed upload without a Content-Length", async (t) => {
  const free = await registerUser(api);
  const result = await nodeFetchUpload(free.accessToken, 30, true);
  t.same(result, { status: 413, body: TOO_LARGE });
});

t.test('curl reads the 413 for a 6 MB form upload', async (t) => {
  const free = await registerUser(api);
  const file = path.join(scratch, 'big.txt');
  await writeFile(file, Buffer.alloc(6 * MB, 0x61));
  const { stdout } = await run('curl', [
    '-sS', '--cacert', caFile, '--resolve', `localhost:${api.api.port}:127.0.0.1`,
    '-H', `authorization: Bearer ${free.accessToken}`, '-F', 'preset=quick', '-F', `file=@${file}`,
    '-w', '\n%{http_code}', `https://localhost:${api.api.port}/api/episodes/upload`,
  ]);
  const [body, status] = stdout.split('\n');
  t.equal(status, '413');
  t.same(JSON.parse(body ?? ''), TOO_LARGE);
});

t.test('a client that keeps sending past the drain bound after its 413 is cut off there', async (t) => {
  const free = await registerUser(api);
  // A raw TLS connection: Node's http client would itself hang up once it has its answer.
  const socket = tlsConnect({ host: '127.0.0.1', port: api.api.port, ca: cert, servername: 'localhost' });
  await once(socket, 'secureConnect');
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  const chunked = (bytes: Buffer | string) => `${Buffer.byteLength(bytes).toString(16)}\r\n`;
  let received = '';
  let sent = 0;
  let sentAtAnswer = -1;
  socket.setEncoding('utf8').on('data', (text: string) => {
    received += text;
    if (sentAtAnswer < 0 && received.includes('\r\n\r\n')) sentAtAnswer = sent;
  });
  socket.on('error', () => undefined);
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const head = '--b\r\nContent-Disposition: form-data; name="file"; filename="endless.txt"\r\n\r\n';
  socket.write(
    `POST /api/episodes/upload HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${free.accessToken}\r\n` +
      `content-type: multipart/form-data; boundary=b\r\ntransfer-encoding: chunked\r\n\r\n${chunked(head)}${head}\r\n`,
  );
  let open = true;
  void closed.then(() => (open = false));
  while (open && sent < 1024 * MB) {
    sent += chunk.length;
    socket.write(chunked(chunk));
    socket.write(chunk);
    if (!socket.write('\r\n')) {
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
  }
  await closed;
  t.match(received, /^HTTP\/1\.1 413 /);
  t.same(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)), TOO_LARGE);
  t.ok(sent < 1024 * MB, 'the server closed the connection');
  const afterAnswer = sent - sentAtAnswer;
  t.ok(afterAnswer >= UNREAD_BODY_DRAIN_BYTES - 8 * MB, `it read about the documented ${UNREAD_BODY_DRAIN_BYTES / MB} MB after answering (${(afterAnswer / MB).toFixed(0)} MB)`);
  t.ok(afterAnswer < UNREAD_BODY_DRAIN_BYTES + 64 * MB, 'and no more than that, give or take the buffers on the way');
});
