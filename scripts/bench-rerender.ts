// `npm run bench:rerender`: what an edit costs against the render it changes, through the
// real API and workers (an embedded PostgreSQL, local storage, the built-in Flite voice,
// the chunked master — mastering included). A `deep` episode (15 minutes) from the long
// handbook of the writer corpus is rendered whole (the baseline), then one line is edited
// and the episode rendered again, then 10 % of its lines (spread through it), then the
// first revision is restored. Each is timed from the request that starts it (approve, or
// POST …/render, …/restore) to `ready` on the progress stream, and its ratio to the whole
// render printed; the worker's own render time (render_ms) and what each revision voiced
// and reused are printed beside it. Goal: a one-line re-render ≤ 15 % of the full render.
// The full render runs on the media worker's default voicing slots (one per core); the same
// episode is first rendered whole by a second service whose worker has one slot
// (VOICING_SLOTS=1), the baseline of the slots' speed-up (goal on two cores: ≥ 1.7×).
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { cpuCores } from '@castwright/media/voicing-slots';
import path from 'node:path';
import { createLogger } from '@castwright/core/logger';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { updateUserTier } from '@castwright/core/repositories/users';
import { sseMessages } from '#test-helpers/sse-client';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { startBenchTemplate } from './bench/bench-template.ts';
import { fixed } from './bench/stats.ts';

const logger = createLogger({ level: 'warn', role: 'bench' });
const bench = await startBenchTemplate(logger);

type Line = { speaker: string; text: string; section?: string };
interface Step {
  label: string;
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
  const created = await call('POST', '/api/episodes', { content: handbook, preset: 'deep', hostMode: 'multi', reviewScript: true });
  const id = ((await created.json()) as { episode: { id: string } }).episode.id;
  for (let episode = await selectEpisodeById(api.database.db, id); episode?.status !== 'review_script'; episode = await selectEpisodeById(api.database.db, id)) {
    if (episode?.status === 'error') throw new Error(`scripting failed: ${episode.error_message}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { api, token, id, call };
}

try {
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  // The baseline of the voicing slots: the same episode, rendered whole on one slot.
  const single = await deepEpisodeInReview({ VOICING_SLOTS: '1' });
  const singleWallMs = await timedRender(single.api, single.token, single.id, () => single.call('POST', `/api/episodes/${single.id}/approve-script`));
  const singleRenderMs = (await selectEpisodeById(single.api.database.db, single.id))?.render_ms ?? Number.NaN;

  const { api, token, id, call } = await deepEpisodeInReview({});
  const read = async () => ((await (await call('GET', `/api/episodes/${id}/script`)).json()) as { lines: Line[] }).lines;
  const lines = await read();
  const revisionOf = async () => ((await (await call('GET', `/api/episodes/${id}/revisions?limit=1`)).json()) as { revisions: Record<string, unknown>[] }).revisions[0] ?? {};
  const steps: Step[] = [];
  const step = async (label: string, start: () => Promise<{ status: number; text(): Promise<string> }>) => {
    const wallMs = await timedRender(api, token, id, start);
    const episode = await selectEpisodeById(api.database.db, id);
    steps.push({ label, wallMs, renderMs: episode?.render_ms ?? Number.NaN, revision: await revisionOf() });
  };

  await step('full render (approve → ready)', () => call('POST', `/api/episodes/${id}/approve-script`));
  const audioSeconds = Math.round(((await selectEpisodeById(api.database.db, id))?.audio_duration_ms ?? 0) / 1000);

  const middle = Math.floor(lines.length / 2);
  await call('PATCH', `/api/episodes/${id}/script/lines/${middle}`, { text: 'In 1761 the fourth marine timekeeper lost only five seconds on the voyage to Jamaica.' });
  await step('one line edited, re-render', () => call('POST', `/api/episodes/${id}/render`));

  const tenth = Math.max(1, Math.round(lines.length / 10));
  const every = Math.floor(lines.length / tenth);
  const edited = (await read()).map((line, index) => ({
    speaker: line.speaker,
    text: index % every === every - 1 && index / every < tenth ? `${line.text} That part matters more than it seems.` : line.text,
    ...(line.section ? { section: line.section } : {}),
  }));
  await call('PUT', `/api/episodes/${id}/script`, { lines: edited });
  await step(`${tenth} lines (10 %) edited, re-render`, () => call('POST', `/api/episodes/${id}/render`));

  await step('revision 1 restored', () => call('POST', `/api/episodes/${id}/revisions/1/restore`));

  const full = steps[0] as Step;
  console.log(`\nRe-render after an edit: a deep episode, ${lines.length} lines, ${Math.floor(audioSeconds / 60)} min ${audioSeconds % 60} s of audio; built-in voice, local storage`);
  console.log(`load average at start: ${load}; at end: ${loadavg().map((value) => value.toFixed(2)).join(', ')}\n`);
  console.log(`${'step'.padEnd(36)} ${'wall s'.padStart(8)} ${'× full'.padStart(8)} ${'worker s'.padStart(9)} ${'× full'.padStart(8)}   voiced / reused`);
  for (const { label, wallMs, renderMs, revision } of steps) {
    console.log(
      `${label.padEnd(36)} ${fixed(wallMs / 1000, 2)} ${fixed((100 * wallMs) / full.wallMs, 1, 7)}% ${fixed(renderMs / 1000, 2, 9)} ${fixed((100 * renderMs) / full.renderMs, 1, 7)}%   ${String(revision.linesRendered)} / ${String(revision.linesReused)}`,
    );
  }
  const oneLine = steps[1] as Step;
  console.log(`\nGoal: one-line re-render ≤ 15 % of the full render: ${((100 * oneLine.wallMs) / full.wallMs).toFixed(1)} % (${(100 * oneLine.wallMs) / full.wallMs <= 15 ? 'met' : 'NOT met'}).`);
  const speedup = singleWallMs / full.wallMs;
  console.log(
    `Voicing slots: the full render on one slot took ${(singleWallMs / 1000).toFixed(2)} s (worker ${(singleRenderMs / 1000).toFixed(2)} s), on ${cpuCores()} slots ${(full.wallMs / 1000).toFixed(2)} s ` +
      `(worker ${(full.renderMs / 1000).toFixed(2)} s): ${speedup.toFixed(2)}× faster to ready, ${(singleRenderMs / full.renderMs).toFixed(2)}× in the worker.`,
  );
  console.log('Wall: from the request to `ready` on the stream (job pickup, voicing, mastering, upload, publication). Worker: render_ms, the media worker\'s own time.');
} finally {
  await bench.stop();
}
