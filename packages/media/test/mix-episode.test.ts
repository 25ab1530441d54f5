// A show's mix end to end with the real offline voice and real ffmpeg: the intro starts at
// 0 and the first line after it, the outro is last, the bed sits at least 10 dB lower
// under speech than in the gaps (the voices' own envelope ducks it), a sting opens every
// chapter after the first, the loudness is on target; and a new intro re-mixes by
// encoding its own chunk alone, every line moving by the difference; reactions and cut-ins
// are mixed inside the show's blocks where an episode without a show has them, after the
// same natural pauses. Measured on the MP3 with ffmpeg (band-pass at each part's pitch,
// ebur128), not with the code under test.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { DEFAULT_SHOW_LEVELS } from '@castwright/core/shows/show-options';
import { mixEpisode, type MixLineInput, type ShowPartSource, type ShowSound } from '@castwright/media/mix/mix-episode';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { scriptTimeline } from '@castwright/media/script-timeline';
import { DEFAULT_PAUSES } from '@castwright/media/timeline';
import { voicedClip, type VoicedClip } from '@castwright/media/voiced-clip';
import { bandAudio, levelDb } from '#test-helpers/band-levels';
import { ebur128 } from '#test-helpers/ebur128';
import { readId3Chapters } from '#test-helpers/id3-chapters';

t.setTimeout(5 * 60_000);
const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-mix-'));
t.teardown(() => rm(workDir, { recursive: true, force: true }));

const SCRIPT: { speaker: 'Host 1' | 'Host 2'; text: string; section?: string }[] = [
  { speaker: 'Host 1', text: 'Welcome to the lighthouse hour, where we talk about the lamps on the coast.', section: 'The lamps' },
  { speaker: 'Host 2', text: 'The first lamps burned wood and coal on open fires.' },
  { speaker: 'Host 1', text: 'Later the keepers trimmed oil wicks every few hours through the night.' },
  { speaker: 'Host 2', text: 'Now let us turn to the lens that made the light reach so far.', section: 'The lens' },
  { speaker: 'Host 1', text: 'Augustin Fresnel cut it into rings of glass around a bright centre.' },
  { speaker: 'Host 2', text: 'Thanks for listening, and keep a light on.' },
];
const FREQUENCIES = { intro: 1000, outro: 700, sting: 2500, bed: 50 } as const;

const engine = new OfflineVoiceEngine();
const clips: VoicedClip[] = [];
for (const line of SCRIPT) clips.push(voicedClip(await engine.synthesize({ text: line.text, voice: line.speaker === 'Host 1' ? 'rms' : 'slt' })));
await engine.close();
const lines: MixLineInput[] = SCRIPT.map((line, index) => ({ ...line, clip: clips[index] as VoicedClip }));

/** A part: a steady tone at its pitch (what a test can find again in the mix), decoded at whatever rate the mix asks. */
function tone(frequency: number, seconds: number): ShowPartSource {
  return {
    digest: `tone-${frequency}-${seconds}`,
    load: async (rate) => Float32Array.from({ length: Math.round(seconds * rate) }, (_, n) => 0.3 * Math.sin((2 * Math.PI * frequency * n) / rate)),
  };
}

const show: ShowSound = {
  intro: tone(FREQUENCIES.intro, 2),
  outro: tone(FREQUENCIES.outro, 2),
  sting: tone(FREQUENCIES.sting, 0.6),
  bed: tone(FREQUENCIES.bed, 7),
  levels: DEFAULT_SHOW_LEVELS,
};

let sectionStarts: (number | undefined)[] = [];
const metadata = { title: 'The lighthouse hour', artist: 'Castwright' };
const chapters = (timing: { sectionStartMs(line: number): number | undefined; segments: readonly { startTimeMs: number }[] }) => {
  sectionStarts = [timing.sectionStartMs(0), timing.sectionStartMs(3)];
  return [
    { title: 'The lamps', startMs: timing.sectionStartMs(0) ?? 0 },
    { title: 'The lens', startMs: timing.sectionStartMs(3) ?? (timing.segments[3] as { startTimeMs: number }).startTimeMs },
  ];
};
const mixed = await mixEpisode({ lines, show, metadata, chapters, workDir, outputFileName: 'show.mp3' });
const bands = Object.fromEntries(await Promise.all(Object.entries(FREQUENCIES).map(async ([part, frequency]) => [part, await bandAudio(mixed.audioFile, frequency)]))) as Record<keyof typeof FREQUENCIES, Float32Array>;

t.test('the intro starts at 0, the first line after it; the outro is last', async (t) => {
  const first = mixed.segments[0] as { startTimeMs: number };
  const last = mixed.segments.at(-1) as { endTimeMs: number };
  t.ok(levelDb(bands.intro, [[0, 60]]) > -30, `the intro sounds from the start (${levelDb(bands.intro, [[0, 60]]).toFixed(1)} dBFS in the first 60 ms)`);
  t.ok(levelDb(bands.intro, [[100, 1900]]) > levelDb(bands.intro, [[2200, 2500]]) + 30, 'for its 2 s, then stops');
  t.ok(first.startTimeMs >= 2000, `the first line starts after it (${first.startTimeMs} ms)`);
  const end = mixed.durationMs;
  t.ok(last.endTimeMs <= end - 2000, `the last line ends before the outro (${last.endTimeMs} of ${end} ms)`);
  t.ok(levelDb(bands.outro, [[end - 1900, end - 500]]) > -30, 'the outro plays at the end');
  t.ok(levelDb(bands.outro, [[end - 1900, end - 500]]) > levelDb(bands.outro, [[last.endTimeMs + 300, last.endTimeMs + 1500]]) + 20, 'and not before (the bed rising after the last line)');
  t.equal(mixed.blocks, 5, 'intro, bed, sting, bed, outro: the lines of each section in one block with their bed');
});

t.test('the bed is at least 10 dB lower under speech than in the gaps', async (t) => {
  const speech = mixed.segments.map((segment) => [segment.startTimeMs + 150, segment.endTimeMs - 150] as const);
  // Before each section's first line the bed is up (its rise), and after each section's last line (its swell).
  const gaps = [
    [(mixed.segments[0] as { startTimeMs: number }).startTimeMs - 1000, (mixed.segments[0] as { startTimeMs: number }).startTimeMs - 150],
    [(mixed.segments[3] as { startTimeMs: number }).startTimeMs - 1000, (mixed.segments[3] as { startTimeMs: number }).startTimeMs - 150],
    [(mixed.segments[2] as { endTimeMs: number }).endTimeMs + 450, (mixed.segments[2] as { endTimeMs: number }).endTimeMs + 1100],
  ] as const;
  const [under, over] = [levelDb(bands.bed, speech), levelDb(bands.bed, gaps)];
  t.ok(over > -45, `the bed is heard in the gaps (${over.toFixed(1)} dBFS)`);
  t.ok(over - under >= 10, `${(over - under).toFixed(1)} dB lower under speech (${under.toFixed(1)} against ${over.toFixed(1)} dBFS)`);
});

t.test('a sting at every chapter start but the first (which the intro opens); chapters in the MP3', async (t) => {
  t.same(sectionStarts[0], 0, 'the first chapter starts at 0, with the intro');
  const second = sectionStarts[1] as number;
  t.ok(second < (mixed.segments[3] as { startTimeMs: number }).startTimeMs - 600, `the second chapter starts at its sting (${second} ms), before its first line`);
  t.ok(levelDb(bands.sting, [[second + 20, second + 550]]) > -30, 'the sting sounds at the chapter start');
  t.ok(levelDb(bands.sting, [[second + 20, second + 550]]) > levelDb(bands.sting, [[second - 400, second - 50]]) + 20, 'and not just before it');
  t.same(readId3Chapters(await readFile(mixed.audioFile)).chapters.map((chapter) => chapter.startMs), [0, second], 'ID3 CHAP at the same starts');
});

t.test('loudness on target', async (t) => {
  const reading = await ebur128(mixed.audioFile);
  t.ok(Math.abs(reading.integratedLufs + 16) <= 0.5, `${reading.integratedLufs} LUFS`);
  t.ok(reading.truePeakDbtp <= -1, `${reading.truePeakDbtp} dBTP`);
});

t.test('a new intro re-mixes: its chunk alone is encoded, every line moves by the difference', async (t) => {
  const before = [...sectionStarts];
  const again = await mixEpisode({
    lines,
    show: { ...show, intro: tone(1200, 3) },
    previous: { audio: mixed.audioFile, chunkTable: mixed.chunkTable, plan: mixed.plan },
    metadata,
    chapters,
    workDir,
    outputFileName: 're-mixed.mp3',
  });
  t.equal(again.stats.chunksEncoded, 1, 'only the intro was encoded');
  t.equal(again.stats.chunksReused, mixed.blocks - 1);
  mixed.segments.forEach((segment, index) => {
    const moved = (again.segments[index] as { startTimeMs: number }).startTimeMs - segment.startTimeMs;
    t.ok(Math.abs(moved - 1000) <= 30, `line ${index + 1} moved ${moved} ms`);
  });
  t.equal(sectionStarts[0], 0, 'the first chapter still opens with the intro');
  t.ok(Math.abs((sectionStarts[1] as number) - (before[1] as number) - 1000) <= 30, `the second chapter moved ${(sectionStarts[1] as number) - (before[1] as number)} ms`);
  t.not(Buffer.compare(await readFile(again.audioFile), await readFile(mixed.audioFile)), 0, 'the audio changed');
});

t.test("given the lines' segment keys, a new intro makes the intro alone: the other blocks come from the last render's records", async (t) => {
  let reads = 0;
  const keyed = (audio: readonly VoicedClip[]): MixLineInput[] => lines.map((line, index) => ({
    ...line,
    identity: `segment-key-${index}`,
    clip: async () => {
      reads++;
      return audio[index] as VoicedClip;
    },
  }));
  const first = await mixEpisode({ lines: keyed(clips), show, metadata, workDir, outputFileName: 'keyed.mp3' });
  t.equal(first.stats.clipsRecalled, 0, 'a first render recalls nothing');
  t.equal(first.chunkTable.chunks.filter((chunk) => chunk.clip).length, first.blocks, 'every block is recorded with its recipe');

  const newIntro = { ...show, intro: tone(1200, 3) };
  const starts = (timing: { sectionStartMs(line: number): number | undefined }) => [timing.sectionStartMs(0), timing.sectionStartMs(3)];
  let remixChapters: (number | undefined)[] = [];
  reads = 0;
  const again = await mixEpisode({
    lines: keyed(clips),
    show: newIntro,
    previous: { audio: first.audioFile, chunkTable: first.chunkTable, plan: first.plan },
    metadata,
    chapters: (timing) => ((remixChapters = starts(timing)), []),
    workDir,
    outputFileName: 'keyed-again.mp3',
  });
  t.equal(again.stats.clipsRecalled, first.blocks - 1, 'every block but the intro recalled');
  t.equal(again.stats.chunksEncoded, 1, 'and only the intro encoded');
  t.equal(reads, 4, 'lines read: the first (the timeline\'s rate) and the first section\'s three (the intro\'s level follows them)');

  // The parts' level: the intro, sting and outro are made again, the sections' bed blocks are not.
  const louderParts = await mixEpisode({ lines: keyed(clips), show: { ...newIntro, levels: { ...show.levels, partsDb: show.levels.partsDb - 1 } }, previous: { audio: again.audioFile, chunkTable: again.chunkTable, plan: again.plan }, metadata, workDir, outputFileName: 'keyed-parts-level.mp3' });
  t.equal(louderParts.stats.clipsRecalled, first.blocks - 3, 'every bed block recalled');
  t.equal(louderParts.stats.chunksEncoded, 3, 'the three parts encoded');

  // The same re-mix without the records: every block made and metered again, as before recipes.
  let fullChapters: (number | undefined)[] = [];
  const unrecorded = { ...first.chunkTable, chunks: first.chunkTable.chunks.map(({ clip: _clip, ...chunk }) => chunk) };
  reads = 0;
  const full = await mixEpisode({
    lines: keyed(clips),
    show: newIntro,
    previous: { audio: first.audioFile, chunkTable: unrecorded, plan: first.plan },
    metadata,
    chapters: (timing) => ((fullChapters = starts(timing)), []),
    workDir,
    outputFileName: 'keyed-full.mp3',
  });
  t.equal(full.stats.clipsRecalled, 0);
  t.ok(reads >= 2 * lines.length, `without them every line is read, most twice (${reads} reads)`);
  t.same(again.segments, full.segments, 'every line where the full re-mix puts it');
  t.same(remixChapters, fullChapters, 'and every chapter');
  t.ok((await readFile(again.audioFile)).equals(await readFile(full.audioFile)), 'the same MP3, byte for byte');
  t.same(again.chunkTable, full.chunkTable, 'and the same records for the next render');
  t.same(again.stats.measured, full.stats.measured, 'read as loud as the full re-mix metered it');

  // The same keys, other audio (a store that voiced a line again), and a new loudness target: every chunk is encoded, so the recalled blocks are made, found changed, and the render starts over reading everything.
  const quieter = clips.map((clip, index) => (index === 4 ? { ...clip, samples: clip.samples.map((sample) => sample / 2) } : clip));
  const target = { integratedLufs: -18, truePeakDbtp: -1.5 };
  const changed = await mixEpisode({ lines: keyed(quieter), show: newIntro, previous: { audio: again.audioFile, chunkTable: again.chunkTable, plan: again.plan }, target, metadata, workDir, outputFileName: 'keyed-changed.mp3' });
  const fresh = await mixEpisode({ lines: keyed(quieter), show: newIntro, target, metadata, workDir, outputFileName: 'keyed-changed-fresh.mp3' });
  t.equal(changed.stats.clipsRecalled, 0, 'nothing recalled in the end');
  t.same(changed.segments, fresh.segments);
  t.same(changed.chunkTable.chunks.map((chunk) => chunk.content), fresh.chunkTable.chunks.map((chunk) => chunk.content), 'the chunks a render from scratch makes');
});

t.test('without a show, the mix is the plain timeline: a chunk per line', async (t) => {
  const plain = await mixEpisode({ lines, metadata, workDir, outputFileName: 'plain.mp3' });
  t.equal(plain.blocks, lines.length);
  t.equal(plain.chunkTable.chunks.length, lines.length);
});

t.test('without a show, given segment keys, an edit reads the line it changed and takes every other from its record', async (t) => {
  let reads = 0;
  const keyed = (audio: readonly VoicedClip[], keys: readonly string[]): MixLineInput[] => lines.map((line, index) => ({
    ...line,
    identity: keys[index],
    clip: async () => {
      reads++;
      return audio[index] as VoicedClip;
    },
  }));
  const keys = lines.map((_, index) => `segment-key-${index}`);
  const first = await mixEpisode({ lines: keyed(clips, keys), metadata, workDir, outputFileName: 'plain-keyed.mp3' });
  t.equal(first.chunkTable.chunks.filter((chunk) => chunk.clip).length, lines.length, 'every line recorded');

  // Line 3 edited: another key, other audio (line 5's words).
  const edited = clips.map((clip, index) => (index === 2 ? (clips[4] as VoicedClip) : clip));
  const editedKeys = keys.map((key, index) => (index === 2 ? 'segment-key-edited' : key));
  reads = 0;
  const again = await mixEpisode({ lines: keyed(edited, editedKeys), previous: { audio: first.audioFile, chunkTable: first.chunkTable, plan: first.plan }, metadata, workDir, outputFileName: 'plain-keyed-again.mp3' });
  t.equal(again.stats.clipsRecalled, lines.length - 1, 'every unchanged line recalled');
  t.equal(again.stats.chunksEncoded, 1);
  t.equal(reads, 3, 'reads: the first line (the timeline\'s rate), the edited line to meter it, and again to encode it');

  const unrecorded = { ...first.chunkTable, chunks: first.chunkTable.chunks.map(({ clip: _clip, ...chunk }) => chunk) };
  const full = await mixEpisode({ lines: keyed(edited, editedKeys), previous: { audio: first.audioFile, chunkTable: unrecorded, plan: first.plan }, metadata, workDir, outputFileName: 'plain-keyed-full.mp3' });
  t.equal(full.stats.clipsRecalled, 0);
  t.same(again.segments, full.segments, 'every line where a render reading every line puts it');
  t.ok((await readFile(again.audioFile)).equals(await readFile(full.audioFile)), 'the same MP3, byte for byte');
  t.same(again.stats.measured, full.stats.measured);

  // A plan that cannot be read back: the records' rate is not known, so nothing is recalled (and nothing fails).
  const planless = await mixEpisode({ lines: keyed(edited, editedKeys), previous: { audio: first.audioFile, chunkTable: first.chunkTable, plan: { normalization: 'loud' } }, metadata, workDir, outputFileName: 'plain-keyed-planless.mp3' });
  t.equal(planless.stats.clipsRecalled, 0);
  t.equal(planless.stats.plan, 'fresh', 'a plan made afresh');
  t.equal(planless.segments.length, lines.length);
});

/** The script with "Mm-hm." under line 2, "Right." under line 3 (said by the host listening to each), and line 5 cutting into line 4: its lines, laid out with natural pauses. */
async function reactionScript() {
  const script = [
    { ...SCRIPT[0], speaker: 'Host 1' as const },
    SCRIPT[1],
    { speaker: 'Host 1' as const, text: 'Mm-hm.', reaction: { afterWord: 5 } },
    SCRIPT[2],
    { speaker: 'Host 2' as const, text: 'Right.', reaction: { afterWord: 6 } },
    SCRIPT[3],
    { ...SCRIPT[4], overlapMs: 300 },
    SCRIPT[5],
  ] as { speaker: 'Host 1' | 'Host 2'; text: string; section?: string; reaction?: { afterWord: number }; overlapMs?: number }[];
  const speech = new OfflineVoiceEngine();
  const reactionClips = new Map<string, VoicedClip>();
  for (const text of ['Mm-hm.', 'Right.']) reactionClips.set(text, voicedClip(await speech.synthesize({ text, voice: text === 'Right.' ? 'rms' : 'slt' })));
  await speech.close();
  const timeline = scriptTimeline(script.map((line) => ({ ...line, sourceRefs: [] })), DEFAULT_PAUSES, 'natural');
  const byText = new Map(SCRIPT.map((line, index) => [line.text, clips[index] as VoicedClip]));
  const placedLines: MixLineInput[] = script.map((line, index) => ({
    speaker: line.speaker,
    text: line.text,
    ...(line.section ? { section: line.section } : {}),
    clip: (byText.get(line.text) ?? reactionClips.get(line.text)) as VoicedClip,
    ...timeline[index],
  }));
  return { timeline, placedLines };
}

t.test("a show's blocks mix reactions under their lines and cut-ins over them, after the natural pauses", async (t) => {
  const { timeline, placedLines } = await reactionScript();
  t.ok(timeline[2]?.placement?.kind === 'reaction' && timeline[6]?.placement?.kind === 'cut-in', 'the script has a reaction and a cut-in');

  const plain = await mixEpisode({ lines: placedLines, metadata, workDir, outputFileName: 'reactions-plain.mp3' });
  const inShow = await mixEpisode({ lines: placedLines, show, metadata, workDir, outputFileName: 'reactions-show.mp3' });
  t.equal(inShow.blocks, 5, 'intro, bed, sting, bed, outro: reactions and cut-ins are inside the blocks');
  t.equal(plain.blocks, 5, 'without a show, a chunk per placed clip: 8 lines, 5 clips');
  const at = (mix: typeof plain, line: number) => mix.segments[line] as { startTimeMs: number; endTimeMs: number };
  for (const [reaction, host] of [[2, 1], [4, 3]] as const) {
    const [under, over] = [at(inShow, host), at(inShow, reaction)];
    t.ok(over.startTimeMs > under.startTimeMs && over.endTimeMs < under.endTimeMs + 1500, `line ${reaction + 1} is said under line ${host + 1} (${over.startTimeMs}–${over.endTimeMs} in ${under.startTimeMs}–${under.endTimeMs} ms)`);
    t.ok(Math.abs((over.startTimeMs - under.startTimeMs) - (at(plain, reaction).startTimeMs - at(plain, host).startTimeMs)) <= 2, 'where the episode without a show has it');
  }
  const cutIn = at(inShow, 6);
  t.ok(cutIn.startTimeMs < at(inShow, 5).endTimeMs, `line 7 starts before line 6 ends (${cutIn.startTimeMs} < ${at(inShow, 5).endTimeMs} ms)`);
  t.ok(Math.abs((at(inShow, 5).endTimeMs - cutIn.startTimeMs) - (at(plain, 5).endTimeMs - at(plain, 6).startTimeMs)) <= 2, 'by the overlap it has without a show');
  // Between whole lines inside a section's block: the natural pause the plain timeline has.
  for (const [before, after] of [[1, 3], [6, 7]] as const) {
    const gap = (mix: typeof plain) => at(mix, after).startTimeMs - at(mix, before).endTimeMs;
    t.ok(Math.abs(gap(inShow) - gap(plain)) <= 2, `the pause before line ${after + 1}: ${gap(inShow)} ms in the show, ${gap(plain)} ms without`);
  }
  t.not(timeline[3]?.pauseBeforeMs, DEFAULT_PAUSES.speakerChangeMs, 'a natural pause, not the fixed one');
});

t.test('a line with reactions and cut-ins is recalled whole; an edit to the last line reads that line alone', async (t) => {
  const { placedLines } = await reactionScript();
  const lastLine = placedLines.length - 1;
  let reads = 0;
  const keyed = (edit?: { key: string; audio: VoicedClip }): MixLineInput[] => placedLines.map((line, index) => ({
    ...line,
    identity: index === lastLine && edit ? edit.key : `key-${line.text}`,
    clip: async () => {
      reads++;
      return index === lastLine && edit ? edit.audio : (line.clip as VoicedClip);
    },
  }));
  const first = await mixEpisode({ lines: keyed(), metadata, workDir, outputFileName: 'reactions-keyed.mp3' });
  t.equal(first.blocks, 5, '8 lines in 5 placed clips');
  t.equal(first.chunkTable.chunks.filter((chunk) => chunk.clip?.spans).length, 3, 'the three clips of several lines are recorded with their lines\' places');
  const previous = { audio: first.audioFile, chunkTable: first.chunkTable, plan: first.plan };
  const unrecorded = { ...previous, chunkTable: { ...first.chunkTable, chunks: first.chunkTable.chunks.map(({ clip: _clip, ...chunk }) => chunk) } };
  const last = placedLines[lastLine]?.clip as VoicedClip;

  // The last line said another way, as loud (its samples reversed): the plan is kept.
  const reworded = { key: 'key-reworded', audio: { ...last, samples: last.samples.toReversed() } };
  reads = 0;
  const again = await mixEpisode({ lines: keyed(reworded), previous, metadata, workDir, outputFileName: 'reactions-keyed-again.mp3' });
  t.equal(again.stats.plan, 'kept');
  t.equal(again.stats.clipsRecalled, 4, 'every placed clip but the edited one recalled, reactions and cut-in included');
  t.equal(reads, 3, 'reads: the first line (the timeline\'s rate), the edited line to meter it, and again to encode it');
  const full = await mixEpisode({ lines: keyed(reworded), previous: unrecorded, metadata, workDir, outputFileName: 'reactions-keyed-full.mp3' });
  t.same(again.segments, full.segments, 'every line, reactions and cut-in too, where a render reading every line puts it');
  t.ok((await readFile(again.audioFile)).equals(await readFile(full.audioFile)), 'the same MP3, byte for byte');

  // The last line much quieter: a new plan, so every chunk is encoded; the recalled clips are made for it (and found as recorded).
  const quieter = { key: 'key-quieter', audio: { ...last, samples: last.samples.map((sample) => sample / 8) } };
  reads = 0;
  const replanned = await mixEpisode({ lines: keyed(quieter), previous, metadata, workDir, outputFileName: 'reactions-keyed-replanned.mp3' });
  t.equal(replanned.stats.plan, 'replanned', replanned.stats.planReason ?? '');
  t.equal(replanned.stats.clipsRecalled, 4, 'still recalled to be metered');
  t.equal(reads, 1 + 1 + placedLines.length, 'read: the first line, the edited one to meter it, then every line once to encode it');
  const replannedFull = await mixEpisode({ lines: keyed(quieter), previous: unrecorded, metadata, workDir, outputFileName: 'reactions-keyed-replanned-full.mp3' });
  t.ok((await readFile(replanned.audioFile)).equals(await readFile(replannedFull.audioFile)), 'the MP3 a render reading every line makes');
});
