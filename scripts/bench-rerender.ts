// `npm run bench:rerender`: what an edit costs against the render it changes, through the
// real API and workers (an embedded PostgreSQL, local storage, the built-in Flite voice,
// the chunked master — mastering included). A `deep` episode (15 minutes) from the long
// handbook of the writer corpus is rendered whole (the baseline), then one line is edited
// and the episode rendered again, then 10 % of its lines (spread through it), then the
// first revision is restored. Each is timed from the request that starts it (approve, or
// POST …/render, …/restore) to `ready` on the progress stream, and its ratio to the whole
// render printed; the worker's own render time (render_ms) and what each revision voiced
// and reused are printed beside it. Goal: a one-line re-render ≤ 15 % of the full render.
// Then the same handbook as an episode in a show with an intro, outro, sting and bed (tones
// made by ffmpeg: no music ships): its full render, and re-mixes after a change to the show
// that voice nothing — a new intro, then a new bed. Goal: re-mix only ≤ 10 % of that full render.
// The full render runs on the media worker's default voicing slots (one per core); the same
// episode is first rendered whole by a second service whose worker has one slot
// (VOICING_SLOTS=1), the baseline of the slots' speed-up (goal on two cores: ≥ 1.7×).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { cpuCores } from '@castwright/media/voicing-slots';
import path from 'node:path';
import { createLogger } from '@castwright/core/logger';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { updateUserTier } from '@castwright/core/repositories/users';
import { FormData } from 'undici';
import { toneFile } from '#test-helpers/show-audio';
import { sseMessages } from '#test-helpers/sse-client';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { startBenchTemplate } from './bench/bench-template.ts';
import { watchMachineCpu } from './bench/machine-cpu.ts';
import { fixed } from './bench/stats.ts';

const logger = createLogger({ level: 'warn', role: 'bench' });
const bench = await startBenchTemplate(logger);

type Line = { speaker: string; text: string; section?: string; language?: string; reaction?: { afterWord: number }; overlapMs?: number };
interface Step {
  label: string;
  /** The step whose wall and worker time this one's ratios are against. */
  baseline?: Step;
  wallMs: number;
  renderMs: number;
  revision: Record<string, unknown>;
}

/** Sends the request that starts a render, then follows the stream to `ready`; the wall time between. */
async function timedRender(api: TestApi, token: string, id: string, start: () => Promise<{ status: number; text(): Promise<string> }>): Promise<number> {
  const started = performance.now();
  const response = await start();
  if (response.status !== 202) throw new Error(`render refused: ${response.status} ${await response.text()}`);
  for await (const message of sseMessages(await api.request(`/api/episodes/${id}/stream`, { token }))) {
    if (message.status === 'error') throw new Error(`render failed: ${String(message.error)}`);
    if (message.status === 'ready') break;
  }
  return performance.now() - started;
}

/** A service with its workers, an enterprise user, and a `deep` episode of the handbook waiting in script review. */
async function deepEpisodeInReview(env: Record<string, string>) {
  // No Kokoro weights here: `auto` is the built-in voice.
  const api = await startTestApi(bench.context, { KOKORO_MODEL_DIR: path.join(bench.dataDir, 'no-kokoro'), ...env });
  await api.startWorkers('all');
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'enterprise');
  const token = user.accessToken;
  const call = (method: string, target: string, json?: unknown) => api.request(target, { method, token, ...(json === undefined ? {} : { json }) });
  const handbook = await readFile(new URL('../test/fixtures/writer-corpus/keeping-time.md', import.meta.url), 'utf8');
  /** A deep episode of the handbook waiting in review: its id. */
  const reviewed = async (extra: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/episodes', { content: handbook, preset: 'deep', hostMode: 'multi', reviewScript: true, ...extra });
    const episodeId = ((await created.json()) as { episode: { id: string } }).episode.id;
    for (let episode = await selectEpisodeById(api.database.db, episodeId); episode?.status !== 'review_script'; episode = await selectEpisodeById(api.database.db, episodeId)) {
      if (episode?.status === 'error') throw new Error(`scripting failed: ${episode.error_message}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return episodeId;
  };
  return { api, token, call, reviewed, id: await reviewed() };
}

try {
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  // The baseline of the voicing slots: the same episode, rendered whole on one slot.
  const single = await deepEpisodeInReview({ VOICING_SLOTS: '1' });
  const singleCpu = await watchMachineCpu();
  const singleWallMs = await timedRender(single.api, single.token, single.id, () => single.call('POST', `/api/episodes/${single.id}/approve-script`));
  const singleBusyCores = await singleCpu();
  const singleRenderMs = (await selectEpisodeById(single.api.database.db, single.id))?.render_ms ?? Number.NaN;

  const { api, token, id, call, reviewed } = await deepEpisodeInReview({});
  const read = async () => ((await (await call('GET', `/api/episodes/${id}/script`)).json()) as { lines: Line[] }).lines;
  const lines = await read();
  const revisionOf = async (episodeId: string) => ((await (await call('GET', `/api/episodes/${episodeId}/revisions?limit=1`)).json()) as { revisions: Record<string, unknown>[] }).revisions[0] ?? {};
  const steps: Step[] = [];
  const step = async (label: string, start: () => Promise<{ status: number; text(): Promise<string> }>, episodeId = id, baseline?: Step) => {
    const wallMs = await timedRender(api, token, episodeId, start);
    const episode = await selectEpisodeById(api.database.db, episodeId);
    const done: Step = { label, wallMs, renderMs: episode?.render_ms ?? Number.NaN, revision: await revisionOf(episodeId), ...(baseline ? { baseline } : {}) };
    steps.push(done);
    return done;
  };

  const fullCpu = await watchMachineCpu();
  await step('full render (approve → ready)', () => call('POST', `/api/episodes/${id}/approve-script`));
  const fullBusyCores = await fullCpu();
  const audioSeconds = Math.round(((await selectEpisodeById(api.database.db, id))?.audio_duration_ms ?? 0) / 1000);

  const middle = Math.floor(lines.length / 2);
  await call('PATCH', `/api/episodes/${id}/script/lines/${middle}`, { text: 'In 1761 the fourth marine timekeeper lost only five seconds on the voyage to Jamaica.' });
  await step('one line edited, re-render', () => call('POST', `/api/episodes/${id}/render`));

  // A tenth of the whole turns (a reaction stays a reaction, at its place: the script is sent back as it was read, but for these texts).
  const current = await read();
  const turns = current.flatMap((line, index) => (line.reaction ? [] : [index]));
  const tenth = Math.max(1, Math.round(lines.length / 10));
  const every = Math.floor(turns.length / tenth);
  const chosen = new Set(turns.filter((_, position) => position % every === every - 1 && position / every < tenth));
  const edited = current.map((line, index) => ({
    speaker: line.speaker,
    text: chosen.has(index) ? `${line.text} That part matters more than it seems.` : line.text,
    ...(line.section ? { section: line.section } : {}),
    ...(line.language ? { language: line.language } : {}),
    ...(line.reaction ? { reaction: { afterWord: line.reaction.afterWord } } : {}),
    ...(line.overlapMs ? { overlapMs: line.overlapMs } : {}),
  }));
  await call('PUT', `/api/episodes/${id}/script`, { lines: edited });
  await step(`${tenth} lines (10 %) edited, re-render`, () => call('POST', `/api/episodes/${id}/render`));

  await step('revision 1 restored', () => call('POST', `/api/episodes/${id}/revisions/1/restore`));

  // The same handbook in a show with its own sound; then the show's music changes.
  const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-bench-show-'));
  const upload = async (target: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await api.request(target, { method: 'POST', token, body: form });
    if (response.status !== 200) throw new Error(`${target}: ${response.status} ${await response.text()}`);
  };
  const showResponse = await call('POST', '/api/shows', { name: 'Keeping time' });
  const show = ((await showResponse.json()) as { show: { id: string } }).show.id;
  await upload(`/api/shows/${show}/audio/intro`, await toneFile(scratch, { seconds: 8, frequency: 440, stereo: true }), 'intro.wav');
  await upload(`/api/shows/${show}/audio/outro`, await toneFile(scratch, { seconds: 8, frequency: 330, stereo: true }), 'outro.wav');
  await upload(`/api/shows/${show}/audio/sting`, await toneFile(scratch, { seconds: 1.5, frequency: 880, stereo: true }), 'sting.wav');
  await upload(`/api/shows/${show}/audio/bed`, await toneFile(scratch, { seconds: 60, frequency: 110, stereo: true, format: 'mp3' }), 'bed.mp3');
  const inShow = await reviewed({ showId: show });
  const showFull = await step('in a show: full render (approve → ready)', () => call('POST', `/api/episodes/${inShow}/approve-script`), inShow);
  await upload(`/api/shows/${show}/audio/intro`, await toneFile(scratch, { seconds: 10, frequency: 523, stereo: true }), 'new-intro.wav');
  await step('re-mix only: a new intro', () => call('POST', `/api/episodes/${inShow}/render`), inShow, showFull);
  await upload(`/api/shows/${show}/audio/bed`, await toneFile(scratch, { seconds: 45, frequency: 98, stereo: true, format: 'mp3' }), 'new-bed.mp3');
  await step('re-mix only: a new bed', () => call('POST', `/api/episodes/${inShow}/render`), inShow, showFull);
  await rm(scratch, { recursive: true, force: true });

  const full = steps[0] as Step;
  console.log(`\nRe-render after an edit: a deep episode, ${lines.length} lines, ${Math.floor(audioSeconds / 60)} min ${audioSeconds % 60} s of audio; built-in voice, local storage`);
  console.log(`load average at start: ${load}; at end: ${loadavg().map((value) => value.toFixed(2)).join(', ')}\n`);
  console.log(`${'step'.padEnd(40)} ${'wall s'.padStart(8)} ${'× base'.padStart(8)} ${'worker s'.padStart(9)} ${'× base'.padStart(8)}   voiced / reused`);
  for (const { label, wallMs, renderMs, revision, baseline = full } of steps) {
    console.log(
      `${label.padEnd(40)} ${fixed(wallMs / 1000, 2)} ${fixed((100 * wallMs) / baseline.wallMs, 1, 7)}% ${fixed(renderMs / 1000, 2, 9)} ${fixed((100 * renderMs) / baseline.renderMs, 1, 7)}%   ${String(revision.linesRendered)} / ${String(revision.linesReused)}`,
    );
  }
  const oneLine = steps[1] as Step;
  const [newIntro, newBed] = steps.slice(-2) as [Step, Step];
  const percent = (part: Step, whole: Step) => (100 * part.wallMs) / whole.wallMs;
  console.log(`\nGoal: one-line re-render ≤ 15 % of the full render: ${percent(oneLine, full).toFixed(1)} % (${percent(oneLine, full) <= 15 ? 'met' : 'NOT met'}).`);
  for (const remix of [newIntro, newBed]) {
    console.log(`Goal: ${remix.label} ≤ 10 % of the full render in the show: ${percent(remix, showFull).toFixed(1)} % (${percent(remix, showFull) <= 10 ? 'met' : 'NOT met'}).`);
  }
  const speedup = singleWallMs / full.wallMs;
  console.log(
    `Voicing slots: the full render on one slot took ${(singleWallMs / 1000).toFixed(2)} s (worker ${(singleRenderMs / 1000).toFixed(2)} s), on ${cpuCores()} slots ${(full.wallMs / 1000).toFixed(2)} s ` +
      `(worker ${(full.renderMs / 1000).toFixed(2)} s): ${speedup.toFixed(2)}× faster to ready, ${(singleRenderMs / full.renderMs).toFixed(2)}× in the worker.`,
  );
  // Work that already keeps c of the n cores busy on one slot can at best finish n / c times sooner on more.
  console.log(
    `Cores busy on average (the whole machine, ${cpuCores()} cores): ${singleBusyCores.toFixed(2)} during the one-slot render, ${fullBusyCores.toFixed(2)} during the ${cpuCores()}-slot one; ` +
      `the most more slots could gain on this machine: ${(cpuCores() / singleBusyCores).toFixed(2)}×.`,
  );
  console.log('Wall: from the request to `ready` on the stream (job pickup, voicing, mastering, upload, publication). Worker: render_ms, the media worker\'s own time.');
  console.log('× base: against the full render above it (the plain episode\'s; the show\'s for its re-mixes).');
} finally {
  await bench.stop();
}
