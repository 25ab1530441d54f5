// A listener's live stream when the media worker making it dies, for real: the worker is a
// separate OS process killed with SIGKILL mid-episode (held by the Chatterbox stand-in at a
// line of the test's choosing, after the first segments were published). The listener's
// connection to the api stays open; another media worker takes the job over once the first
// counts as dead, goes on with the same take where it stopped, and the stream carries on:
// no repeated audio (it is exactly as long as the finished file, to a frame), nothing
// garbled (it decodes, and it is the published segments' bytes end to end).
import t from 'tap';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { selectLiveSegments } from '@castwright/core/repositories/live-takes';
import { createStorage } from '@castwright/core/storage/create-storage';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { readFixture } from '#test-helpers/fixtures';
import { copiedAsStreamed } from '#test-helpers/live-stream-checks';
import { jobHolder } from '#test-helpers/progress-listener';
import { probeFile } from '#test-helpers/probe';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(600_000);

const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '2000' };
const chatterbox = await startFakeChatterbox(t, { msPerCharacter: 60 });
const api = await startTestApi(t, LIVENESS);
const user = await creator(api);
const article = await readFixture('lighthouses.txt');
const dir = t.testdir();
const workerEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0', ...LIVENESS };

function worker(role: 'general' | 'media'): RoleProcess {
  return startRoleProcess(t, ['worker', '--role', role], workerEnv);
}
const started = (process: RoleProcess) => process.waitForLog((line) => /worker started$/.test(String(line.msg)));

async function decodedSeconds(bytes: Buffer, name: string): Promise<number> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const probe = await probeFile(file);
  t.equal(probe.codec, 'mp3', `${name} decodes`);
  return probe.durationSeconds;
}

t.test('SIGKILL of the media worker mid-episode: the listener\'s stream goes on from another worker, nothing repeated or garbled', async (t) => {
  const general = worker('general');
  const first = worker('media');
  await Promise.all([general, first].map(started));
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  t.teardown(() => release());
  // The first worker voices three lines and is held at the fourth, where it dies.
  chatterbox.faults.push({ kind: 'slow', ms: 0 }, { kind: 'slow', ms: 0 }, { kind: 'slow', ms: 0 }, { kind: 'held', until: gate });
  const created = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: article, preset: 'quick', hostMode: 'multi', ttsEngine: 'chatterbox' } });
  const id = (await json(created)).episode.id as string;
  const heard = await until('the first segment to be published', async () => {
    const row = await selectEpisodeById(api.database.db, id);
    return (row?.live_duration_ms ?? 0) > 0 && chatterbox.speechRequests().length >= 4 ? row : undefined;
  }, 120_000);
  const take = heard?.live_take as number;

  const response = await api.request(`/api/episodes/${id}/live`, { token: user.accessToken });
  t.equal(response.status, 200);
  let received = Buffer.alloc(0);
  const reading = (async () => {
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) received = Buffer.concat([received, part]);
  })();
  const published = (await selectLiveSegments(api.database.db, id, take)).reduce((sum, segment) => sum + segment.bytes, 0);
  await until('the listener to have what is published', async () => (received.length >= published ? true : undefined));

  const holder = await jobHolder(api.database.db, id, 'episode:render');
  t.equal(holder?.pid, first.pid, 'the first media worker holds the render');
  first.signal('SIGKILL');
  await first.exited;
  const second = worker('media');
  await started(second);

  await reading;
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.ok(episode.render_attempt >= 2, `another render attempt took over (attempt ${episode.render_attempt})`);
  const segments = await selectLiveSegments(api.database.db, id, take);
  t.ok(segments.some((segment) => segment.object_key.endsWith('-1.mp3')) && segments.some((segment) => !segment.object_key.endsWith('-1.mp3')),
    'the stream holds segments of the killed attempt and of the one that went on with its take');
  t.same(segments.map((segment) => segment.seq), segments.map((_, index) => index), 'one segment at every place');

  const storage = createStorage(api.config);
  const parts: Buffer[] = [];
  for (const segment of segments) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(segment.object_key)) chunks.push(chunk as Buffer);
    parts.push(Buffer.concat(chunks));
  }
  t.ok(received.equals(Buffer.concat(parts)), 'the listener got the published segments end to end, each once');
  const streamSeconds = await decodedSeconds(received, 'stream.mp3');
  const finished = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken })).arrayBuffer());
  const finishedSeconds = await decodedSeconds(finished, 'finished.mp3');
  t.ok(Math.abs(streamSeconds - finishedSeconds) <= 1152 / 44_100, `no repeated audio: the stream (${streamSeconds} s) is the finished file's length (${finishedSeconds} s) to a frame`);
  await copiedAsStreamed(t, api.database.db, id, finished, received, segments);
  general.signal('SIGTERM');
  second.signal('SIGTERM');
  await Promise.all([general.exited, second.exited]);
});
