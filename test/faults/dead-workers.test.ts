// Workers that die or stall mid-job, for real: separate OS processes killed with SIGKILL
// or paused with SIGSTOP. Their jobs are released after the liveness bound and finished
// by another worker; exactly one render publishes the episode, and a render taken over
// voices only the lines its predecessor had not stored (media workers voice two lines at
// once here, VOICING_SLOTS=2: a kill lands with lines in flight on both slots).
import t, { type Test } from 'tap';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { readFixture } from '#test-helpers/fixtures';
import { startFakeChatServer } from '#test-helpers/fake-chat-completions';
import { probeFile } from '#test-helpers/probe';
import { jobHolder, listenToProgress } from '#test-helpers/progress-listener';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';
import { untilSweepersJudge } from '#test-helpers/liveness';
import { sql } from 'kysely';

// Real processes, real renders: give the file more than tap's default two minutes.
t.setTimeout(600_000);

// Fast liveness for the test: beats every 300 ms, dead after 2 s of silence.
const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '2000' };
const DEAD_AFTER_MS = 2000;

const llm = await startFakeChatServer(t, () => ({ content: '' }));
const api = await startTestApi(t, LIVENESS);
const progress = await listenToProgress(t, api.database.url);
const article = await readFixture('lighthouses.txt');
const user = await creator(api);
const workerEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, ...LIVENESS };

function worker(role: 'general' | 'media', extra: Record<string, string> = {}): RoleProcess {
  return startRoleProcess(t, ['worker', '--role', role], { ...workerEnv, ...extra });
}
const started = (process: RoleProcess) => process.waitForLog((line) => /worker started$/.test(String(line.msg)));

async function createEpisode(preset: string): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: article, preset, hostMode: 'multi' } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

/** Waits until a worker holds the episode's job of `task` and the episode shows progress past `percent`. */
async function holderDuring(episodeId: string, task: string, percent: number): Promise<{ workerId: string; pid: number }> {
  return until(`a worker holding ${task} for ${episodeId} past ${percent} %`, async () => {
    const holder = await jobHolder(api.database.db, episodeId, task);
    const episode = await selectEpisodeById(api.database.db, episodeId);
    return holder?.pid && (episode?.progress_percent ?? 0) > percent ? { workerId: holder.workerId, pid: holder.pid } : undefined;
  }, 180_000, 50);
}

async function audioPlays(t: Test, episodeId: string): Promise<void> {
  const episode = await selectEpisodeById(api.database.db, episodeId);
  const response = await api.request(`/api/episodes/${episodeId}/audio`, { token: user.accessToken });
  t.equal(response.status, 200);
  const file = path.join(tmpdir(), `${episodeId}.mp3`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  const probe = await probeFile(file);
  t.equal(probe.codec, 'mp3');
  t.ok(Math.abs(probe.durationSeconds * 1000 - (episode?.audio_duration_ms ?? 0)) < 1000, 'the stored audio is the one the row describes');
}

/**
 * How many ready notifications an episode got, once the first has arrived, no job for it is
 * left (a duplicate could only come from one) and the channel has caught up with every commit.
 */
async function exactlyOnce(id: string): Promise<number> {
  await progress.arrived(id, 'ready');
  await until(`the jobs of ${id} to be done`, async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'episodeId' = ${id}`.execute(api.database.db);
    return rows[0]?.n === 0;
  }, 60_000, 100);
  await progress.caughtUp();
  return progress.count(id, 'ready');
}

/** Every file in the episode's audio folder but its voiced lines and its live stream (folders of their own). */
async function storedAudioFiles(episodeId: string): Promise<string[]> {
  return (await readdir(path.join(api.config.dataDir, 'storage', 'episodes', episodeId)).catch(() => [] as string[])).filter((name) => name !== 'segments' && name !== 'live').sort();
}

/** The voiced lines stored for an episode: file name → inode and modification time (a line stored again is a new file). */
async function storedLines(episodeId: string): Promise<Map<string, string>> {
  const dir = path.join(api.config.dataDir, 'storage', 'episodes', episodeId, 'segments');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.wav'));
  return new Map(await Promise.all(names.map(async (name): Promise<[string, string]> => {
    const info = await stat(path.join(dir, name));
    return [name, `${info.ino}@${info.mtimeMs}`];
  })));
}

async function stopAll(processes: RoleProcess[]): Promise<void> {
  for (const process of processes) process.signal('SIGTERM');
  await Promise.all(processes.map((process) => process.exited));
}

/** A general worker and two media workers, started and mature, and an episode being rendered by one of them. */
async function fleetRendering(): Promise<{ general: RoleProcess; media: RoleProcess[]; id: string; holder: RoleProcess | undefined; pid: number }> {
  const general = worker('general');
  const media = [worker('media', { VOICING_SLOTS: '2' }), worker('media', { VOICING_SLOTS: '2' })];
  await Promise.all([general, ...media].map(started));
  // Sweepers judge others only after beating on time for a whole bound themselves.
  await untilSweepersJudge(api.database.db, [general, ...media].map((process) => process.pid), DEAD_AFTER_MS);
  const id = await createEpisode('quick');
  const { pid } = await holderDuring(id, 'episode:render', 72);
  return { general, media, id, holder: media.find((process) => process.pid === pid), pid };
}

t.test('SIGKILL of a media worker mid-render: another media worker finishes it, voicing only the lines not stored; one ready transition', async (t) => {
  const { general, media, id, holder: victim, pid } = await fleetRendering();
  t.ok(victim, `the render is held by one of the two media workers (pid ${pid})`);
  const killedAt = Date.now();
  victim?.signal('SIGKILL');
  const storedAtKill = await storedLines(id);

  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.comment(`ready ${Date.now() - killedAt} ms after the SIGKILL (liveness bound ${DEAD_AFTER_MS} ms, the lines not stored, and mastering)`);
  t.equal(await exactlyOnce(id), 1, 'exactly one ready transition');
  t.ok(episode.render_attempt >= 2, `a second render attempt took over (attempt ${episode.render_attempt})`);
  t.equal(episode.audio_key, `episodes/${id}/audio-${episode.render_attempt}.mp3`);
  t.same(await storedAudioFiles(id), [`audio-${episode.render_attempt}.mp3`], 'no partial or superseded upload left behind');
  await audioPlays(t, id);

  // The render that took over found the lines the killed one had stored, and voiced the rest.
  const keys = new Set((await api.database.db.selectFrom('episode_revisions').select('segment_keys').where('episode_id', '=', id).executeTakeFirstOrThrow()).segment_keys);
  const storedNow = await storedLines(id);
  t.ok(storedAtKill.size > 0 && storedAtKill.size < keys.size, `the killed render had stored ${storedAtKill.size} of ${keys.size} lines`);
  for (const [name, version] of storedAtKill) t.equal(storedNow.get(name), version, `${name.slice(0, 12)}… was not voiced again`);
  t.same([...storedNow.keys()].sort(), [...keys].map((key) => `${key}.wav`).sort(), 'every line is stored once, and nothing else (no partial file)');
  const survivor = media.find((process) => process !== victim);
  const rendered = await survivor?.waitForLog((line) => line.episodeId === id && line.msg === 'revision rendered');
  t.equal(rendered?.voiced, keys.size - storedAtKill.size, `the survivor voiced the ${keys.size - storedAtKill.size} lines not stored`);
  await stopAll([general, ...media]);
});

t.test('SIGKILL of a general worker while it waits for the script writer: another worker writes it', async (t) => {
  // The LLM answers slowly the first time, so the first general worker is caught mid-script.
  let calls = 0;
  llm.answer = () => {
    calls += 1;
    return {
      content: JSON.stringify({ title: 'Lighthouses', description: 'Keepers and lamps.', lines: [{ speaker: 'Host 1', text: 'Lighthouses guided ships for centuries.' }, { speaker: 'Host 2', text: 'And their keepers kept the lamps burning.' }] }),
      delayMs: calls === 1 ? 60_000 : 0,
    };
  };
  const llmEnv = { OPENAI_BASE_URL: llm.baseUrl, OPENAI_API_KEY: 'test', OPENAI_MODEL: 'test-model' };
  const first = worker('general', llmEnv);
  const second = worker('general', llmEnv);
  const media = worker('media');
  await Promise.all([first, second, media].map(started));
  await untilSweepersJudge(api.database.db, [first, second, media].map((process) => process.pid), DEAD_AFTER_MS);
  const id = await createEpisode('quick');
  const holder = await holderDuring(id, 'episode:script', 29);
  const victim = [first, second].find((process) => process.pid === holder.pid);
  t.ok(victim, 'a general worker process holds the script job');
  // Killed while its request to the (slow) LLM is open, not before it was sent.
  await until('the request to the LLM to be open', () => calls > 0, 120_000, 20);
  victim?.signal('SIGKILL');
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.equal(episode.script_writer, 'llm');
  t.equal(await exactlyOnce(id), 1);
  // The killed worker's request, then the survivor's (and the writer may ask once more to revise the length).
  t.ok(calls >= 2, `the survivor wrote the script after the killed worker's request (${calls} requests)`);
  t.equal(episode.title, 'Lighthouses');
  await stopAll([first, second, media]);
});

t.test('SIGSTOP of a media worker past the bound, then SIGCONT: its late completion is discarded', async (t) => {
  const { general, media, id, holder: paused } = await fleetRendering();
  t.ok(paused, 'a media worker process holds the render');
  paused?.signal('SIGSTOP');
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 180_000);
  t.equal(episode.status, 'ready', 'the other worker finished it while the first was paused');
  const winner = episode.render_attempt;

  paused?.signal('SIGCONT');
  // The paused render goes on where it stopped and either finishes, finding that a newer
  // attempt holds the episode, or fails (its own timers ran out while it was paused).
  const outcome = await paused?.waitForLog(
    (line) => line.episodeId === id && ['a newer render attempt took this episode over; this one is discarded', 'episode stage failed'].includes(String(line.msg)),
    180_000,
  );
  t.comment(`the late attempt ended with: ${String(outcome?.msg)} ${JSON.stringify((outcome?.err as { message?: string } | undefined)?.message ?? '')}`);
  const after = await selectEpisodeById(api.database.db, id);
  t.match(after, { status: 'ready', progress_percent: 100, render_attempt: winner, audio_key: `episodes/${id}/audio-${winner}.mp3` }, 'the newer attempt\'s publication stands');
  t.equal(await exactlyOnce(id), 1, 'exactly one ready transition');
  t.same(await storedAudioFiles(id), [`audio-${winner}.mp3`], 'the late attempt removed its own upload');
  await audioPlays(t, id);
  await stopAll([general, ...media]);
});
