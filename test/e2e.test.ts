// The whole service as a user runs it: `castwright start` in a child process (embedded
// PostgreSQL, migrations, api + general worker + media worker), driven over HTTPS.
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Agent, fetch, type RequestInit } from 'undici';
import { freePort } from '#test-helpers/free-port';
import { probeFile } from '#test-helpers/probe';
import { sseMessages } from '#test-helpers/sse-client';
import { readFixture } from '#test-helpers/fixtures';
import { receiverCaFile, startWebhookReceiver, verifyDelivery } from '#test-helpers/webhook-receiver';

const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-e2e-'));
const port = await freePort();
// The webhook receiver runs in this process on loopback: the service may reach it
// (OUTBOUND_ALLOW_PRIVATE=1, as in development) and trusts its certificate like a private CA.
const webhookEnv = { OUTBOUND_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: await receiverCaFile() };
const child = spawn(process.execPath, ['packages/cli/bin/castwright.js', 'start'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_POSTGRES_PORT: String(await freePort()), LOG_LEVEL: 'warn', DATABASE_URL: '', ...webhookEnv },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = once(child, 'exit');
t.teardown(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

// The self-signed certificate is made under DATA_DIR/tls at start; trust exactly it.
const agent = new Agent({ connect: { rejectUnauthorized: false } });
const base = `https://127.0.0.1:${port}`;
const call = (target: string, init: RequestInit = {}) => fetch(`${base}${target}`, { ...init, dispatcher: agent });

async function waitForHealth(deadline = Date.now() + 90_000): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`castwright start exited with ${child.exitCode}`);
    try {
      if ((await call('/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the api did not become healthy in time');
}

t.test('register, add a webhook, create a two-host episode, follow it to ready, get the signed episode.completed, download valid audio with a timed transcript', async (t) => {
  await waitForHealth();
  const certificate = await readFile(path.join(dataDir, 'tls', 'self-signed.crt'), 'utf8');
  t.match(certificate, /BEGIN CERTIFICATE/, 'a self-signed certificate was generated under DATA_DIR/tls');

  const registered = await call('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'e2e@example.com', password: 'E2eTestPass1', name: 'E2E' }),
  });
  t.equal(registered.status, 201);
  const { tokens } = (await registered.json()) as { tokens: { accessToken: string } };
  const auth = { authorization: `Bearer ${tokens.accessToken}` };

  const receiver = await startWebhookReceiver(t);
  const hook = await call('/api/webhooks', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url, events: ['episode.completed'] }) });
  t.equal(hook.status, 201);
  const { secret } = ((await hook.json()) as { webhook: { secret: string } }).webhook;

  const content = await readFixture('lighthouses.txt');
  const created = await call('/api/episodes', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ content, preset: 'quick', hostMode: 'multi', voicePair: 'expert-curious' }),
  });
  t.equal(created.status, 202);
  const { episode } = (await created.json()) as { episode: { id: string; status: string } };
  t.equal(episode.status, 'queued');

  const stream = await call(`/api/episodes/${episode.id}/stream`, { headers: auth });
  t.equal(stream.status, 200);
  const messages: Record<string, unknown>[] = [];
  for await (const message of sseMessages(stream)) messages.push(message);
  const progress = messages.map((message) => message.progressPercent as number);
  t.same([...progress].sort((a, b) => a - b), progress, 'progress never goes backwards');
  const last = messages.at(-1) as { status: string; audioUrl: string; audioDuration: number };
  t.equal(last.status, 'ready', `stream ended ready: ${JSON.stringify(messages)}`);
  t.equal(last.audioUrl, `/api/episodes/${episode.id}/audio`);
  const statuses = messages.map((message) => message.status);
  t.ok(statuses.indexOf('generating_audio') < statuses.indexOf('ready'));

  const [delivery] = await receiver.waitForRequests(1);
  t.match(verifyDelivery(delivery!, secret), {
    event: 'episode.completed',
    data: { episode: { id: episode.id, status: 'ready', audioUrl: `https://localhost:${port}${last.audioUrl}`, audioDuration: last.audioDuration, hostMode: 'multi' } },
  }, 'the webhook received episode.completed, signed (checked by hand and with standardwebhooks), with an absolute audioUrl');

  const detail = (await (await call(`/api/episodes/${episode.id}`, { headers: auth })).json()) as { episode: Record<string, unknown> };
  t.match(detail.episode, { status: 'ready', progressPercent: 100, hostMode: 'multi', audioDuration: last.audioDuration });
  t.match(detail.episode.scriptText, /^\[Host 1\]: /);
  t.match(detail.episode.scriptText, /\n\[Host 2\]: /);

  const audioResponse = await call(last.audioUrl, { headers: auth });
  t.equal(audioResponse.status, 200);
  const file = path.join(dataDir, 'downloaded.mp3');
  await writeFile(file, Buffer.from(await audioResponse.arrayBuffer()));
  const probe = await probeFile(file);
  t.equal(probe.codec, 'mp3');
  t.ok(probe.durationSeconds > 30, `a real episode, ${probe.durationSeconds}s long`);
  t.ok(Math.abs(probe.durationSeconds - last.audioDuration) <= 1, `ffprobe ${probe.durationSeconds}s matches audioDuration ${last.audioDuration}s`);

  const transcript = (await (await call(`/api/episodes/${episode.id}/transcript`, { headers: auth })).json()) as {
    segments: { startTimeMs: number; endTimeMs: number; speaker: string; text: string }[];
    stats: { speakers: string[]; totalSegments: number };
  };
  t.ok(transcript.segments.length >= 4);
  t.same([...transcript.stats.speakers].sort(), ['Host 1', 'Host 2']);
  let previousEnd = 0;
  for (const segment of transcript.segments) {
    t.ok(segment.startTimeMs >= previousEnd, 'ordered and not overlapping');
    t.ok(segment.endTimeMs > segment.startTimeMs, 'non-empty');
    previousEnd = segment.endTimeMs;
  }
  t.ok(previousEnd <= probe.durationSeconds * 1000, 'inside the audio');
});

t.test('Ctrl-C stops every role and the database gracefully', async (t) => {
  child.kill('SIGINT');
  const [code] = await exited;
  t.equal(code, 0);
});
