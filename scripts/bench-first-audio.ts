// `npm run bench:first-audio`: from `POST /api/episodes` to the first playable second of
// audio, and to `ready`, for a `quick`, a `deep` and a 60-minute two-host episode, through
// real api and worker roles in this process (embedded PostgreSQL, the built-in voice).
//  - Writers: the built-in writer, and an LLM stand-in (the Chat Completions stand-in of
//    the tests, over loopback) writing at a realistic 50 tokens a second.
//  - Listening while it is made (LIVE_AUDIO=1) against the baseline LIVE_AUDIO=0, in the
//    same run: with it, the first audio is the live stream's first second, read as a
//    listener reads it (GET /api/episodes/:id/live); without it, nothing plays before
//    ready, so the first audio is the finished file at ready.
// Figures are printed; the ratio of ready times (live / baseline) is the live stream's cost.
// The two settings run side by side (an api and workers each, in this process) and are
// measured in turn for every length, after a warm-up episode each, in BENCH_ROUNDS rounds
// (default 1) that alternate which setting goes first (the second of a pair runs in a
// process the first has just warmed for its length); the ratio is of the mean ready times.
// The machine's load average (1 minute) is printed with each row, before → after.
// BENCH_LENGTHS (e.g. `quick,deep`) and BENCH_WRITERS (`built-in,llm`) choose the rows.
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createLogger } from '@castwright/core/logger';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { updateUserTier } from '@castwright/core/repositories/users';
import { startBenchTemplate } from './bench/bench-template.ts';
import { startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';
import { registerUser, startTestApi } from '#test-helpers/test-api';

const logger = createLogger({ level: 'warn', role: 'bench' });
const LENGTHS = (process.env.BENCH_LENGTHS ?? 'quick,deep,60').split(',');
const WRITERS = (process.env.BENCH_WRITERS ?? 'built-in,llm').split(',');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TOKENS_PER_SECOND = 50;
/** One second of the stream: 96 kbps, less nothing (the encoder's delay is a few ms). */
const ONE_SECOND_BYTES = 12_000;

const corpusDir = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'writer-corpus');
const source = (await Promise.all((await readdir(corpusDir)).filter((name) => /\.(txt|md)$/.test(name)).sort().map((name) => readFile(path.join(corpusDir, name), 'utf8')))).join('\n\n');
const sourceWords = source.replace(/[#*`>[\]()]/g, ' ').split(/\s+/).filter((word) => /^[A-Za-z][A-Za-z'-]*[.,]?$/.test(word));

/** The stand-in LLM's answers: an outline, sections, or a whole script of the words asked for, in the source's own words. */
function llmAnswer(body: ChatRequestBody, index: number) {
  const prompt = body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  if (body.response_format?.json_schema?.name === 'episode_outline') {
    const count = Number(/(\d+) sections/.exec(prompt)?.[1] ?? 3);
    return { content: JSON.stringify({ title: 'Things people make', description: 'A long look.', sections: Array.from({ length: count }, (_, n) => ({ title: `Part ${n + 1}`, keyPoints: ['a point'] })) }) };
  }
  const words = Number(/about (\d+) words/.exec(prompt)?.[1] ?? 400);
  const title = /section \d+ of \d+: "([^"]+)"/.exec(prompt)?.[1];
  const lines = [];
  for (let at = 0, n = 0; at < words; at += 40, n++) {
    const text = sourceWords.slice((index * 997 + at) % (sourceWords.length - 50), ((index * 997 + at) % (sourceWords.length - 50)) + 40).join(' ');
    lines.push({ speaker: n % 2 === 0 ? 'Host 1' : 'Host 2', text: `${n === 0 && title ? `${title}. ` : ''}${text}.` });
  }
  const content = title ? { lines, summary: 'What was said.' } : { title: 'Things people make', description: 'A look.', lines };
  return { content: JSON.stringify(content), usage: { promptTokens: 1000, completionTokens: Math.ceil(JSON.stringify(content).length / 4) } };
}

interface Row { writer: string; length: string; live: boolean; firstAudioMs: number; readyMs: number; audioSeconds: number }

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const load = () => (loadavg()[0] as number).toFixed(1);

const bench = await startBenchTemplate(logger);
const rows: Row[] = [];
let episodes = 0;

/** One episode on `api`, timed from its POST to its first playable second and to ready. */
async function measure(api: Awaited<ReturnType<typeof startTestApi>>, token: string, length: string, live: boolean): Promise<{ firstAudioMs: number; readyMs: number; audioSeconds: number }> {
  episodes += 1;
  // A text of its own for every episode, as in production (the built-in writer keeps the last one it read).
  const content = `Episode ${episodes} of the benchmark. ${source}`;
  const body = { content, hostMode: 'multi', ...(length === '60' ? { durationMinutes: 60 } : { preset: length }) };
  const started = performance.now();
  const response = await api.request('/api/episodes', { method: 'POST', token, json: body });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  const id = ((await response.json()) as { episode: { id: string } }).episode.id;
  let firstAudioMs = Number.NaN;
  for (;;) {
    const row = await selectEpisodeById(api.database.db, id);
    if (!row || row.status === 'error') throw new Error(`episode ${id} failed: ${row?.error_message}`);
    if (live && Number.isNaN(firstAudioMs) && (row.live_duration_ms ?? 0) > 0) {
      // A listener opens the stream and has its first second.
      const stream = await api.request(`/api/episodes/${id}/live`, { token });
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      for (let bytes = 0; bytes < ONE_SECOND_BYTES;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
      firstAudioMs = performance.now() - started;
      await reader.cancel();
    }
    if (row.status === 'ready') {
      const readyMs = performance.now() - started;
      return { firstAudioMs: live ? firstAudioMs : readyMs, readyMs, audioSeconds: Math.round((row.audio_duration_ms ?? 0) / 1000) };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

try {
  const llm = await startFakeChatServer(bench.context, llmAnswer, { tokensPerSecond: TOKENS_PER_SECOND });
  for (const writer of WRITERS) {
    // Both settings side by side, each with its own api and workers, measured in turn for every length, so load on the machine falls on both alike.
    const setups = [];
    for (const live of [true, false]) {
      const api = await startTestApi(bench.context, {
        LIVE_AUDIO: live ? '1' : '0',
        ...(writer === 'llm' ? { OPENAI_BASE_URL: llm.baseUrl, OPENAI_API_KEY: 'bench', OPENAI_MODEL: 'stand-in' } : {}),
      });
      await api.startWorkers('general');
      await api.startWorkers('media');
      const user = await registerUser(api);
      await updateUserTier(api.database.db, user.email, 'enterprise');
      // One episode first, not measured: every engine, encoder probe and cache of the process warm.
      await measure(api, user.accessToken, 'quick', live);
      setups.push({ api, token: user.accessToken, live });
    }
    for (const length of LENGTHS) {
      for (let round = 0; round < ROUNDS; round++) {
        for (const setup of round % 2 === 0 ? setups : [...setups].reverse()) {
          const before = load();
          const figures = await measure(setup.api, setup.token, length, setup.live);
          rows.push({ writer, length, live: setup.live, ...figures });
          console.log(`${writer.padEnd(8)} ${length.padEnd(6)} live ${setup.live ? 'on ' : 'off'}  first audio ${seconds(figures.firstAudioMs)}   ready ${seconds(figures.readyMs)}   audio ${figures.audioSeconds} s   load ${before} → ${load()}`);
        }
      }
    }
  }
  console.log(`\nwriter   length  first audio (live)  ready live / ready without (mean of ${ROUNDS})   ratio`);
  for (const writer of WRITERS) {
    for (const length of LENGTHS) {
      const of = (live: boolean) => rows.filter((row) => row.writer === writer && row.length === length && row.live === live);
      const [live, baseline] = [of(true), of(false)];
      const [liveMs, baselineMs] = [mean(live.map((row) => row.readyMs)), mean(baseline.map((row) => row.readyMs))];
      console.log(`${writer.padEnd(8)} ${length.padEnd(6)}  ${live.map((row) => (row.firstAudioMs / 1000).toFixed(1)).join(', ').padStart(12)} s    ${seconds(liveMs)} / ${seconds(baselineMs)}   ×${(liveMs / baselineMs).toFixed(2)}`);
    }
  }
} finally {
  await bench.stop();
}
