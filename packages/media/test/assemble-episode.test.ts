// assembleEpisode end to end with the real offline voice and real ffmpeg: the chunked
// master puts every line where its segment says, joins chunks without a sound, meets the
// loudness promise, and a re-render after a one-line edit encodes that line's chunk and
// copies every other chunk's bytes. Everything is checked on the MP3 with tools other
// than the code under test (ffmpeg's CLI and ebur128, ffprobe, node-id3).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { assembleEpisode } from '@castwright/media/assemble-episode';
import type { AssembledEpisode, AssemblyLine } from '@castwright/media/assemble-episode';
import { embedChapters } from '@castwright/media/embed-chapters';
import { probeAudio } from '@castwright/media/ffmpeg-tools';
import { id3TagSize } from '@castwright/media/id3v2-tag';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { voicedClip } from '@castwright/media/voiced-clip';
import type { VoicedClip } from '@castwright/media/voiced-clip';
import { ebur128 } from '#test-helpers/ebur128';
import { readId3Chapters } from '#test-helpers/id3-chapters';
import { dbfs, decodeMp3, levels, onsetLag } from './helpers/decoded-audio.ts';

t.setTimeout(5 * 60_000);

const SCRIPT: { speaker: 'Host 1' | 'Host 2'; text: string }[] = [
  { speaker: 'Host 1', text: 'Welcome back to the show where we talk about rivers.' },
  { speaker: 'Host 2', text: 'Rivers carry water from the mountains to the sea.' },
  { speaker: 'Host 2', text: 'They also shape the land around them.' },
  { speaker: 'Host 1', text: 'That is a great point so let us dig deeper.' },
  { speaker: 'Host 2', text: 'Over thousands of years the water wears the rock away.' },
  { speaker: 'Host 1', text: 'And in a flood it can move boulders.' },
  { speaker: 'Host 1', text: 'Which is why towns watch the water level.' },
  { speaker: 'Host 2', text: 'Thanks for listening everyone.' },
];
const EDITED = 'They also shape the valleys and the hills around them.';
const PAUSES = { leadInMs: 300, leadOutMs: 300, sameSpeakerMs: 250, speakerChangeMs: 450 };
const RATE = 16_000;

const engine = new OfflineVoiceEngine();
const voice = async (text: string, speaker: string) => voicedClip(await engine.synthesize({ text, voice: speaker === 'Host 1' ? 'rms' : 'slt' }));
const clips: VoicedClip[] = [];
for (const line of SCRIPT) clips.push(await voice(line.text, line.speaker));
const editedClip = await voice(EDITED, 'Host 2');
await engine.close();

const linesOf = (list: readonly VoicedClip[]): AssemblyLine[] => list.map((clip, index) => ({ speaker: (SCRIPT[index] as { speaker: string }).speaker, clip }));
const gapMs = (index: number) => (SCRIPT[index]?.speaker === SCRIPT[index - 1]?.speaker ? PAUSES.sameSpeakerMs : PAUSES.speakerChangeMs);

/** Every line is in the decoded MP3 where its segment says, to the millisecond. */
async function checkPlacement(t: Test, episode: AssembledEpisode, list: readonly VoicedClip[]): Promise<void> {
  const decoded = await decodeMp3(episode.audioFile, RATE);
  episode.segments.forEach((segment, index) => {
    const lag = onsetLag(decoded, (list[index] as VoicedClip).samples, Math.round((segment.startTimeMs * RATE) / 1000), RATE / 20);
    t.ok(Math.abs(lag) <= RATE / 1000, `line ${index + 1} is at its segment's start (${((lag * 1000) / RATE).toFixed(2)} ms off)`);
  });
}

/** Between two lines there is only silence: no click where two chunks meet. */
async function checkJoins(t: Test, episode: AssembledEpisode): Promise<void> {
  const decoded = await decodeMp3(episode.audioFile, 44_100);
  const at = (ms: number) => Math.round((ms * 44_100) / 1000);
  let loudest = -Infinity;
  let biggestJump = -Infinity;
  for (let index = 1; index < episode.segments.length; index++) {
    // 20 ms clear of each line: the codec smears a few ms of speech into the silence.
    const { peak, jump } = levels(decoded, at((episode.segments[index - 1]?.endTimeMs ?? 0) + 20), at((episode.segments[index]?.startTimeMs ?? 0) - 20));
    loudest = Math.max(loudest, dbfs(peak));
    biggestJump = Math.max(biggestJump, dbfs(jump));
  }
  // Right where one chunk's frames end and the next one's begin, ±5 ms.
  let boundary = 0;
  let atJoins = -Infinity;
  for (const chunk of episode.chunkTable.chunks.slice(0, -1)) {
    boundary += chunk.frames * episode.chunkTable.frameSamples;
    const { peak, jump } = levels(decoded, boundary - 220, boundary + 220);
    atJoins = Math.max(atJoins, dbfs(peak), dbfs(jump));
  }
  t.ok(loudest < -60, `the pauses are silent: loudest sample ${loudest.toFixed(1)} dBFS`);
  t.ok(biggestJump < -60, `no click in any pause: largest step ${biggestJump.toFixed(1)} dBFS`);
  t.ok(atJoins < -60, `nothing where chunks meet: ${atJoins.toFixed(1)} dBFS`);
  t.ok(Math.abs(decoded.length / 44.1 - episode.durationMs) <= 1, `decodes to ${(decoded.length / 44.1).toFixed(1)} ms, durationMs ${episode.durationMs}`);
}

async function checkDelivered(t: Test, file: string): Promise<void> {
  const { integratedLufs, truePeakDbtp } = await ebur128(file);
  t.ok(Math.abs(integratedLufs - -16) <= 0.5, `${integratedLufs.toFixed(2)} LUFS (-16 ± 0.5)`);
  t.ok(truePeakDbtp <= -1.5, `true peak ${truePeakDbtp.toFixed(2)} dBTP (≤ -1.5)`);
}

/** The bytes of each chunk in an episode file, by the table. */
async function chunkBytes(episode: AssembledEpisode): Promise<Buffer[]> {
  const file = await readFile(episode.audioFile);
  const audioStart = id3TagSize(file) ?? 0;
  return episode.chunkTable.chunks.map((chunk) => file.subarray(audioStart + chunk.offset, audioStart + chunk.offset + chunk.bytes));
}

let first: AssembledEpisode;
/** The first render's folder outlives its test: the re-render reads its MP3. */
const firstDir = t.testdir();

void t.test('a first render: lines where their segments say, exact pauses, silent joins, the loudness promise', async (t) => {
  const workDir = firstDir;
  first = await assembleEpisode({
    lines: linesOf(clips),
    pauses: PAUSES,
    metadata: { title: 'Rivers, & Where They Go', artist: 'Castwright' },
    chapters: ({ segments }) => [{ title: 'Opening', startMs: 0 }, { title: 'Floods', startMs: segments[4]?.startTimeMs ?? 0 }],
    workDir,
  });
  t.same(await readdir(workDir), ['episode.mp3'], 'only the MP3 is left');
  t.match(first.stats, { chunksEncoded: 8, chunksReused: 0, plan: 'fresh' });
  t.notOk(first.stats.reuseProblem);
  t.ok(first.stats.ffmpegRuns >= 1 && first.stats.ffmpegRuns < 8, `${first.stats.ffmpegRuns} ffmpeg runs for 8 chunks`);

  const probe = await probeAudio(first.audioFile);
  t.same([probe.codec, probe.sampleRate, probe.channels], ['mp3', 44_100, 1]);
  t.same([probe.tags.title, probe.tags.artist], ['Rivers, & Where They Go', 'Castwright']);
  t.ok(Math.abs(probe.durationMs - first.durationMs) <= 30, `ffprobe ${probe.durationMs} ms, durationMs ${first.durationMs}`);
  const tag = readId3Chapters(await readFile(first.audioFile));
  t.same(tag.chapters.map((chapter) => [chapter.title, chapter.startMs]), [['Opening', 0], ['Floods', first.segments[4]?.startTimeMs]]);
  t.same(tag.tableOfContents.map((toc) => [toc.topLevel, toc.ordered, toc.children]), [[true, true, ['chp0', 'chp1']]]);

  const table = first.chunkTable;
  t.equal(table.chunks.length, 8);
  const { size } = await stat(first.audioFile);
  t.equal(table.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0), size - (id3TagSize(await readFile(first.audioFile)) ?? 0), 'the chunks are the whole audio');
  t.equal(Math.round((table.chunks.reduce((sum, chunk) => sum + chunk.frames, 0) * table.frameSamples * 1000) / 44_100), first.durationMs, 'duration is frames × samples per frame');

  t.equal(first.segments[0]?.startTimeMs, PAUSES.leadInMs, 'the lead-in, encoder delay included');
  for (let index = 1; index < SCRIPT.length; index++) {
    const gap = (first.segments[index]?.startTimeMs ?? 0) - (first.segments[index - 1]?.endTimeMs ?? 0);
    t.ok(Math.abs(gap - gapMs(index)) <= 1, `pause before line ${index + 1}: ${gap} ms (${gapMs(index)} asked)`);
  }
  const leadOut = first.durationMs - (first.segments.at(-1)?.endTimeMs ?? 0);
  t.ok(Math.abs(leadOut - PAUSES.leadOutMs) <= 14, `lead-out ${leadOut} ms (whole frames: ±13 ms)`);
  await checkPlacement(t, first, clips);
  await checkJoins(t, first);
  await checkDelivered(t, first.audioFile);
});

void t.test('a re-render after one edited line encodes that chunk and copies every other byte for byte', async (t) => {
  const root = t.testdir({ storage: {}, work: {} });
  // The earlier MP3 through storage range reads, with its tag rewritten since (chapters embedded again).
  const previousFile = join(root, 'previous.mp3');
  await writeFile(previousFile, await readFile(first.audioFile));
  await embedChapters(previousFile, [{ title: 'A much longer chapter title than before', startMs: 0 }], first.durationMs);
  const storage: ObjectStorage = new LocalDiskStorage(join(root, 'storage'));
  await storage.putFile('episodes/ep_1/audio-1.mp3', previousFile, 'audio/mpeg');
  const ranges: string[] = [];
  const edited = clips.map((clip, index) => (index === 2 ? editedClip : clip));

  const second = await assembleEpisode({
    lines: linesOf(edited),
    pauses: PAUSES,
    previous: {
      audio: (range) => {
        ranges.push(`${range.start}-${range.end}`);
        return storage.read('episodes/ep_1/audio-1.mp3', range);
      },
      chunkTable: JSON.parse(JSON.stringify(first.chunkTable)),
      plan: JSON.parse(JSON.stringify(first.plan)),
    },
    metadata: { title: 'Rivers', artist: 'Castwright' },
    workDir: join(root, 'work'),
  });
  t.match(second.stats, { chunksEncoded: 1, chunksReused: 7, plan: 'kept', ffmpegRuns: 1 });
  t.notOk(second.stats.reuseProblem);
  t.equal(ranges.length, 3, `one read for the tag's size and one per run of unchanged chunks: ${ranges.join(', ')}`);
  t.same(second.plan, first.plan, 'the same plan');

  const before = await chunkBytes(first);
  const after = await chunkBytes(second);
  for (const index of [0, 1, 3, 4, 5, 6, 7]) t.ok((after[index] as Buffer).equals(before[index] as Buffer), `chunk ${index + 1} copied byte for byte`);
  t.notOk((after[2] as Buffer).equals(before[2] as Buffer), 'the edited line’s chunk is new');

  const shiftMs = (((second.chunkTable.chunks[2]?.frames ?? 0) - (first.chunkTable.chunks[2]?.frames ?? 0)) * second.chunkTable.frameSamples * 1000) / 44_100;
  t.ok(shiftMs > 100, `the longer line adds ${shiftMs.toFixed(1)} ms`);
  for (let index = 0; index < SCRIPT.length; index++) {
    const old = first.segments[index];
    const now = second.segments[index];
    if (index <= 2) t.equal(now?.startTimeMs, old?.startTimeMs, `line ${index + 1} starts where it did`);
    if (index < 2) t.equal(now?.endTimeMs, old?.endTimeMs);
    if (index > 2) t.ok(Math.abs((now?.startTimeMs ?? 0) - (old?.startTimeMs ?? 0) - shiftMs) <= 1, `line ${index + 1} moved by the new chunk's extra length`);
  }
  const gapBefore = (second.segments[2]?.startTimeMs ?? 0) - (second.segments[1]?.endTimeMs ?? 0);
  const gapAfter = (second.segments[3]?.startTimeMs ?? 0) - (second.segments[2]?.endTimeMs ?? 0);
  t.ok(Math.abs(gapBefore - gapMs(2)) <= 1, `pause before the edit ${gapBefore} ms`);
  t.ok(Math.abs(gapAfter - gapMs(3)) <= 14, `pause after the edit ${gapAfter} ms (${gapMs(3)} ± half a frame)`);
  await checkPlacement(t, second, edited);
  await checkJoins(t, second);
  await checkDelivered(t, second.audioFile);

  // And once more, nothing changed: nothing encoded, the same audio bytes.
  const third = await assembleEpisode({ lines: linesOf(edited), pauses: PAUSES, previous: { audio: second.audioFile, chunkTable: second.chunkTable, plan: second.plan }, metadata: { title: 'Rivers', artist: 'Castwright' }, workDir: join(root, 'work'), outputFileName: 'again.mp3' });
  t.match(third.stats, { chunksEncoded: 0, chunksReused: 8, ffmpegRuns: 0 });
  t.same(third.segments, second.segments);
  t.ok(Buffer.concat(await chunkBytes(third)).equals(Buffer.concat(await chunkBytes(second))));
});
