// The whole service as a user runs it: `castwright start` in a child process (embedded
// PostgreSQL, migrations, api + general worker + media worker), driven over HTTPS through
// the typed client (@castwright/client), as an application built on it would.
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Agent, fetch, type RequestInit } from 'undici';
import { freePort } from '#test-helpers/free-port';
import { probeFile } from '#test-helpers/probe';
import { readFixture } from '#test-helpers/fixtures';
import { until } from '#test-helpers/until';
import { createCastwrightClient, downloadAudio, followEpisode, type ProgressEvent } from '@castwright/client/castwright-client';
import { trustedFetch } from '@castwright/client/trusted-fetch';
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

// Only to see the server come up: its self-signed certificate (DATA_DIR/tls) does not exist
// before it starts. Everything after goes through the typed client, trusting exactly it.
const agent = new Agent({ connect: { rejectUnauthorized: false } });
const base = `https://127.0.0.1:${port}`;
const call = (target: string, init: RequestInit = {}) => fetch(`${base}${target}`, { ...init, dispatcher: agent });

async function waitForHealth(): Promise<void> {
  await until('the api to answer /api/health', async () => {
    if (child.exitCode !== null) throw new Error(`castwright start exited with ${child.exitCode}`);
    return call('/api/health').then((response) => response.status === 200, () => false); // not listening yet
  }, 90_000, 250);
}

t.test('through the typed client: register, add a webhook, create a two-host episode, follow it to ready, get the signed episode.completed, download valid audio with a timed transcript', async (t) => {
  await waitForHealth();
  const certificate = await readFile(path.join(dataDir, 'tls', 'self-signed.crt'), 'utf8');
  t.match(certificate, /BEGIN CERTIFICATE/, 'a self-signed certificate was generated under DATA_DIR/tls');
  // The client trusts exactly that certificate (it names localhost), as a user's app would.
  const connection = { baseUrl: base, fetch: trustedFetch(certificate, { servername: 'localhost' }) };

  const registered = await createCastwrightClient(connection).POST('/api/auth/register', {
    body: { email: 'e2e@example.com', password: 'E2eTestPass1', name: 'E2E' },
  });
  t.equal(registered.response.status, 201);
  const signedIn = { ...connection, token: registered.data!.tokens.accessToken };
  const client = createCastwrightClient(signedIn);

  const receiver = await startWebhookReceiver(t);
  const hook = await client.POST('/api/webhooks', { body: { url: receiver.url, events: ['episode.completed'] } });
  t.equal(hook.response.status, 201);
  const { secret } = hook.data!.webhook;

  const content = await readFixture('lighthouses.txt');
  const created = await client.POST('/api/episodes', { body: { content, preset: 'quick', hostMode: 'multi', voicePair: 'expert-curious' } });
  t.equal(created.response.status, 202);
  const { episode } = created.data!;
  t.equal(episode.status, 'queued');

  const messages: ProgressEvent[] = [];
  for await (const message of followEpisode(signedIn, episode.id)) messages.push(message);
  const progress = messages.map((message) => message.progressPercent);
  t.same([...progress].sort((a, b) => a - b), progress, 'progress never goes backwards');
  const last = messages.at(-1)!;
  t.equal(last.status, 'ready', `stream ended ready: ${JSON.stringify(messages)}`);
  t.equal(last.audioUrl, `/api/episodes/${episode.id}/audio`);
  const statuses = messages.map((message) => message.status);
  t.ok(statuses.indexOf('generating_audio') < statuses.indexOf('ready'));
  const audioDuration = last.audioDuration!;

  const [delivery] = await receiver.waitForRequests(1);
  t.match(verifyDelivery(delivery!, secret), {
    event: 'episode.completed',
    data: { episode: { id: episode.id, status: 'ready', audioUrl: `https://localhost:${port}${last.audioUrl}`, audioDuration, hostMode: 'multi' } },
  }, 'the webhook received episode.completed, signed (checked by hand and with standardwebhooks), with an absolute audioUrl');

  const detail = await client.GET('/api/episodes/{id}', { params: { path: { id: episode.id } } });
  t.match(detail.data!.episode, { status: 'ready', progressPercent: 100, hostMode: 'multi', audioDuration });
  t.match(detail.data!.episode.scriptText, /^## .+\n\[Host 1\]: /, 'the script opens with its first section and Host 1');
  t.match(detail.data!.episode.scriptText, /\n\[Host 2\]: /);

  const file = path.join(dataDir, 'downloaded.mp3');
  const bytes = await downloadAudio(signedIn, episode.id, file);
  t.equal(bytes, (await stat(file)).size, 'the download helper counts what it wrote');
  const probe = await probeFile(file);
  t.equal(probe.codec, 'mp3');
  t.ok(probe.durationSeconds > 30, `a real episode, ${probe.durationSeconds}s long`);
  t.ok(Math.abs(probe.durationSeconds - audioDuration) <= 1, `ffprobe ${probe.durationSeconds}s matches audioDuration ${audioDuration}s`);

  // The route also answers VTT and SRT (typed as strings); JSON is the default.
  const transcript = (await client.GET('/api/episodes/{id}/transcript', { params: { path: { id: episode.id } } })).data;
  if (typeof transcript !== 'object') throw new Error(`expected the JSON transcript, got ${typeof transcript}`);
  t.ok(transcript.segments.length >= 4);
  t.same([...transcript.stats.speakers].sort(), ['Host 1', 'Host 2']);
  // In order; a line starts before the one before it ends only where the script says it overlaps it (a reaction, a cut-in).
  const lines = (await client.GET('/api/episodes/{id}/script', { params: { path: { id: episode.id } } })).data!.lines;
  let previousEnd = 0;
  let previousStart = 0;
  for (const [index, segment] of transcript.segments.entries()) {
    const overlaps = lines[index]?.reaction !== undefined || lines[index]?.overlapMs !== undefined;
    t.ok(segment.startTimeMs >= (overlaps ? previousStart : previousEnd), overlaps ? 'a reaction or cut-in starts inside the line before' : 'ordered and not overlapping');
    t.ok(segment.endTimeMs > segment.startTimeMs, 'non-empty');
    previousStart = segment.startTimeMs;
    previousEnd = Math.max(previousEnd, segment.endTimeMs);
  }
  t.ok(previousEnd <= probe.durationSeconds * 1000, 'inside the audio');

  const missing = await client.GET('/api/episodes/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
  t.equal(missing.response.status, 404);
  t.match(missing.error, { error: String, message: String }, 'errors arrive typed, in the spec\'s error body');
});

t.test('Ctrl-C stops every role and the database gracefully', async (t) => {
  child.kill('SIGINT');
  const [code] = await exited;
  t.equal(code, 0);
});
