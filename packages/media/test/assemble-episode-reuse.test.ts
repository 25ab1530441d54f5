// assembleEpisode's re-render decisions and its refusals, with real ffmpeg: when the
// last mastering plan is kept and when it is not, an earlier episode that cannot be
// (fully) trusted, bad clips, an abort. Synthetic speech-like clips keep it fast and
// let a test choose loudness and peaks.
import { readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { assembleEpisode } from '@castwright/media/assemble-episode';
import type { AssembledEpisode, AssemblyLine, SegmentTiming } from '@castwright/media/assemble-episode';
import { clipAtRate } from '@castwright/media/clip-at-rate';
import { encodeChunks } from '@castwright/media/encode-chunks';
import type { EncodedChunk } from '@castwright/media/encode-chunks';
import { id3TagSize } from '@castwright/media/id3v2-tag';
import { RenderScriptError } from '@castwright/media/render-script';
import { voicedClip } from '@castwright/media/voiced-clip';
import type { VoicedClip } from '@castwright/media/voiced-clip';
import { ebur128 } from '#test-helpers/ebur128';
import { bursts, scaled, withKnocks } from './helpers/test-signals.ts';

t.setTimeout(5 * 60_000);

const RATE = 16_000;
const CLIPS: VoicedClip[] = [2.0, 2.4, 1.7, 2.9, 2.2, 1.9].map((seconds) => voicedClip({ samples: bursts(RATE, seconds, 0.1), sampleRate: RATE }));
const linesOf = (clips: readonly VoicedClip[]): AssemblyLine[] => clips.map((clip, index) => ({ speaker: index % 2 === 0 ? 'Host 1' : 'Host 2', clip }));
const metadata = { title: 'T', artist: 'A' };
const previousOf = (episode: AssembledEpisode) => ({ audio: episode.audioFile, chunkTable: episode.chunkTable, plan: episode.plan });
const audioBytes = async (file: string) => {
  const bytes = await readFile(file);
  return bytes.subarray(id3TagSize(bytes) ?? 0);
};

const baseDir = t.testdir();
const base = await assembleEpisode({ lines: linesOf(CLIPS), metadata, workDir: baseDir });

void t.test('the last plan is kept while it delivers, and made again when it does not', async (t) => {
  t.equal(base.plan.normalization, 'gain', 'speech-like bursts need no limiter');
  const dir = t.testdir();

  const slightlyLouder = CLIPS.map((clip, index) => (index === 3 ? voicedClip({ samples: scaled(clip.samples, 1.1), sampleRate: RATE }) : clip));
  const kept = await assembleEpisode({ lines: linesOf(slightlyLouder), previous: previousOf(base), metadata, workDir: dir, outputFileName: 'kept.mp3' });
  t.match(kept.stats, { plan: 'kept', chunksEncoded: 1, chunksReused: 5 });
  t.ok(Math.abs(kept.stats.measured.integratedLufs + base.plan.gainDb - -16) <= 0.3, 'within 0.3 LU of the target with the old gain');

  const muchLouder = CLIPS.map((clip, index) => (index < 4 ? voicedClip({ samples: scaled(clip.samples, 2), sampleRate: RATE }) : clip));
  const louder = await assembleEpisode({ lines: linesOf(muchLouder), previous: previousOf(base), metadata, workDir: dir, outputFileName: 'louder.mp3' });
  t.match(louder.stats, { plan: 'replanned', chunksEncoded: 6, chunksReused: 0 });
  t.match(louder.stats.planReason, /LUFS, more than 0.3 LU from -16/);
  const loud = await ebur128(louder.audioFile);
  t.ok(Math.abs(loud.integratedLufs - -16) <= 0.5, `re-planned episode at ${loud.integratedLufs.toFixed(2)} LUFS`);

  const knocked = CLIPS.map((clip, index) => (index === 4 ? voicedClip({ samples: withKnocks(clip.samples, RATE, [1], 0.4), sampleRate: RATE }) : clip));
  const peaky = await assembleEpisode({ lines: linesOf(knocked), previous: previousOf(base), metadata, workDir: dir, outputFileName: 'peaky.mp3' });
  t.match(peaky.stats, { plan: 'replanned', chunksEncoded: 6 });
  t.match(peaky.stats.planReason, /dBTP, over -2 without a limiter/);
  t.equal(peaky.plan.normalization, 'limited');
  const peaks = await ebur128(peaky.audioFile);
  t.ok(peaks.truePeakDbtp <= -1.5, `true peak ${peaks.truePeakDbtp.toFixed(2)} dBTP`);
});

void t.test('an earlier episode that cannot be trusted costs encoding, never a wrong MP3', async (t) => {
  const dir = t.testdir();
  const original = await audioBytes(base.audioFile);

  const garbage = await assembleEpisode({ lines: linesOf(CLIPS), previous: { audio: base.audioFile, chunkTable: { version: 2 }, plan: base.plan }, metadata, workDir: dir, outputFileName: 'a.mp3' });
  t.match(garbage.stats, { chunksEncoded: 6, plan: 'kept', reuseProblem: /chunk table is unusable/ });
  t.ok((await audioBytes(garbage.audioFile)).equals(original), 'encoded again to the very same bytes');

  const cut = join(dir, 'cut.mp3');
  await writeFile(cut, await readFile(base.audioFile));
  const tableBytes = base.chunkTable.chunks;
  await truncate(cut, (id3TagSize(await readFile(cut)) ?? 0) + (tableBytes[3]?.offset ?? 0) + 100);
  const partial = await assembleEpisode({ lines: linesOf(CLIPS), previous: { ...previousOf(base), audio: cut }, metadata, workDir: dir, outputFileName: 'b.mp3' });
  t.match(partial.stats, { chunksReused: 3, chunksEncoded: 3, reuseProblem: /did not match the table|ends before/ });
  t.ok((await audioBytes(partial.audioFile)).equals(original));

  const missing = await assembleEpisode({ lines: linesOf(CLIPS), previous: { ...previousOf(base), audio: join(dir, 'gone.mp3') }, metadata, workDir: dir, outputFileName: 'c.mp3' });
  t.match(missing.stats, { chunksEncoded: 6, reuseProblem: /could not be read/ });

  // A stored plan's filter text is never used: the filters are made again from its numbers.
  const tampered = { ...base.plan, filters: ['amovie=/etc/passwd', 'aresample=44100'] };
  const rebuilt = await assembleEpisode({ lines: linesOf(CLIPS), previous: { ...previousOf(base), plan: tampered }, metadata, workDir: dir, outputFileName: 'd.mp3' });
  t.match(rebuilt.stats, { plan: 'kept', chunksEncoded: 0 });
  t.same(rebuilt.plan.filters, base.plan.filters);
  const nonsense = await assembleEpisode({ lines: linesOf(CLIPS), previous: { ...previousOf(base), plan: { normalization: 'gain', gainDb: 'loud' } }, metadata, workDir: dir, outputFileName: 'e.mp3' });
  t.match(nonsense.stats, { plan: 'fresh', chunksReused: 6, reuseProblem: /plan is unusable/ });
});

void t.test('a line at another rate (a quote in another voice) is resampled to the episode\'s: it lasts as long, and the episode is one rate', async (t) => {
  const workDir = t.testdir();
  const resampled = await clipAtRate(CLIPS[2] as VoicedClip, 24_000);
  const rates = CLIPS.map((clip, index) => (index === 2 ? resampled : clip));
  const mixed = await assembleEpisode({ lines: linesOf(rates), metadata, workDir, outputFileName: 'mixed.mp3' });
  const plain = await assembleEpisode({ lines: linesOf(CLIPS), metadata, workDir, outputFileName: 'plain.mp3' });
  const length = (episode: typeof plain, index: number) => (episode.segments[index] as SegmentTiming).endTimeMs - (episode.segments[index] as SegmentTiming).startTimeMs;
  t.ok(Math.abs(length(mixed, 2) - length(plain, 2)) <= 2, `line 3 lasts ${length(mixed, 2)} ms at 24 kHz, ${length(plain, 2)} ms at ${RATE} Hz`);
  t.ok(Math.abs(mixed.durationMs - plain.durationMs) <= 30, 'the episode lasts as long');
  const twice = await assembleEpisode({ lines: linesOf(rates), previous: previousOf(mixed), metadata, workDir, outputFileName: 'again.mp3' });
  t.match(twice.stats, { chunksEncoded: 0 }, 'read again, the resampled line is the same: every chunk is reused');
});

void t.test('bad clips are refused with the line named, and nothing is left behind', async (t) => {
  const workDir = t.testdir();
  const empty = CLIPS.map((clip, index) => (index === 1 ? { sampleRate: RATE, samples: new Float32Array(0) } : clip));
  await t.rejects(assembleEpisode({ lines: linesOf(empty), metadata, workDir }), new RenderScriptError('Line 2 has no audio'));
  const lost = linesOf(CLIPS).map((line, index) => (index === 4 ? { ...line, clip: () => Promise.reject(new Error('No voiced line is stored under x')) } : line));
  await t.rejects(assembleEpisode({ lines: lost, metadata, workDir }), { message: 'No voiced line is stored under x' });
  await t.rejects(assembleEpisode({ lines: [], metadata, workDir }), { message: /no lines/ });
  const changing = linesOf(CLIPS).map((line, index) => {
    let calls = 0;
    return index === 0 ? { ...line, clip: async () => (calls++ === 0 ? (CLIPS[0] as VoicedClip) : (CLIPS[1] as VoicedClip)) } : line;
  });
  await t.rejects(assembleEpisode({ lines: changing, metadata, workDir }), new RenderScriptError("Line 1's audio changed while the episode was being mastered"));
  t.same(await readdir(workDir), []);
});

void t.test('an abort while chunks encode rejects and leaves nothing behind', async (t) => {
  const workDir = t.testdir();
  const controller = new AbortController();
  let loads = 0;
  // Each clip is read twice, to meter and to encode: the 7th read is the encoding pass,
  // and a few ms later its ffmpeg is (most likely) running.
  const lines = linesOf(CLIPS).map((line) => ({
    ...line,
    clip: async () => {
      if (++loads === 7) setTimeout(() => controller.abort(), 15);
      return line.clip as VoicedClip;
    },
  }));
  await t.rejects(assembleEpisode({ lines, metadata, workDir, signal: controller.signal }), { name: 'AbortError' });
  t.same(await readdir(workDir), []);
});

void t.test('a chunk encodes to the same bytes alone or in a batch with others', async (t) => {
  const dir = t.testdir();
  const jobs = CLIPS.map((clip, index) => ({ index, clip: async () => clip, leadSamples: 100 * index, outputSamples: 1152 * (40 + index) }));
  const filters = base.plan.filters;
  const format = { sampleRate: 44_100, bitrateKbps: 96 };
  const together: EncodedChunk[] = [];
  const stats = await encodeChunks({ jobs, filters, format, dir, concurrency: 1, onChunk: (chunk) => void together.push(chunk) });
  t.same(stats, { ffmpegRuns: 3, processes: 1 }, 'six chunks, two to each ffmpeg run');
  for (const job of jobs) {
    const alone: EncodedChunk[] = [];
    await encodeChunks({ jobs: [job], filters, format, dir, onChunk: (chunk) => void alone.push(chunk) });
    const mine = together.find((chunk) => chunk.index === job.index);
    t.ok(mine && Buffer.from(mine.mp3).equals(Buffer.from(alone[0]?.mp3 ?? [])), `chunk ${job.index}: same bytes`);
    t.equal(mine?.frames, 41 + job.index, 'whole frames in, one frame of overhead out');
  }
  t.same(await readdir(dir), [], 'batch files removed');
  await rm(dir, { recursive: true, force: true });
});
