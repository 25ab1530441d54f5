// The live master with real ffmpeg: a timeline mastered a few lines at a time is a stream
// that decodes at every segment, whose loudness is the finished episode's within 1 LU,
// and whose chunks the finished episode copies (same timings to the sample; the bytes
// themselves when the last live plan holds: within LIVE_KEEP_TOLERANCE_LU of the target for
// the whole episode, else it is planned afresh as without listeners). A master opened again on the published
// segments (a render taken over) goes on as if it had never stopped; clips that no longer
// match what was streamed are refused. With reactions and cut-ins, a chunk is a placed clip
// (a line with what is mixed into it), after the pauses the finished file has.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { assembleEpisode, type AssemblyLine } from '@castwright/media/assemble-episode';
import { id3TagSize } from '@castwright/media/id3v2-tag';
import { LiveMaster, LiveTakeMismatch, type LiveLine, type MasteredSegment } from '@castwright/media/live-master';
import { KEEP_PLAN_TOLERANCE_LU } from '@castwright/media/episode-master-plan';
import { LIVE_KEEP_TOLERANCE_LU, liveTakeAsPrevious } from '@castwright/media/live-take-audio';
import { voicedClip, type VoicedClip } from '@castwright/media/voiced-clip';
import { ebur128 } from '#test-helpers/ebur128';
import { probeFile } from '#test-helpers/probe';
import { bursts, scaled } from './helpers/test-signals.ts';

t.setTimeout(5 * 60_000);

const RATE = 16_000;
// Louder lines later on: the first segment's plan cannot hold for the whole episode.
const CLIPS: VoicedClip[] = [1.6, 2.4, 1.7, 2.9, 2.2, 1.9, 2.5, 1.8, 2.1, 2.6].map((seconds, index) =>
  voicedClip({ samples: scaled(bursts(RATE, seconds, 0.1), index < 3 ? 0.7 : 1), sampleRate: RATE }));
const lines: LiveLine[] = CLIPS.map((clip, index) => ({ speaker: index % 3 === 2 ? 'Host 1' : `Host ${(index % 2) + 1}`, clip }));
const metadata = { title: 'T', artist: 'A' };
const GROUPS = [[0, 2], [2, 5], [5, 9], [9, 10]] as const;

async function masterAll(master: LiveMaster, groups: readonly (readonly [number, number])[]): Promise<MasteredSegment[]> {
  const segments: MasteredSegment[] = [];
  for (const [from, to] of groups) segments.push(await master.master(lines.slice(from, to), lines[to]));
  return segments;
}

const storedOf = (segments: readonly MasteredSegment[]) =>
  segments.map((segment) => ({ record: segment.record, bytes: segment.mp3.length, read: async (range: { start: number; end: number }) => segment.mp3.subarray(range.start, range.end + 1) }));
/** The take as the finished file's previous episode, its plan kept by a re-render's margin: how copying works wherever the last plan is kept. */
const keptByReRenderMargin = (segments: readonly MasteredSegment[]) => ({ ...liveTakeAsPrevious(storedOf(segments)), keepWithinLu: KEEP_PLAN_TOLERANCE_LU }) as NonNullable<ReturnType<typeof liveTakeAsPrevious>>;

const dir = t.testdir();
const master = await LiveMaster.open({ workDir: dir });
const segments = await masterAll(master, GROUPS);
const stream = Buffer.concat(segments.map((segment) => segment.mp3));

void t.test('the stream decodes at every segment and plays on from the one before', async (t) => {
  let prefix = Buffer.alloc(0);
  for (const [index, segment] of segments.entries()) {
    prefix = Buffer.concat([prefix, segment.mp3]);
    const file = join(dir, `prefix-${index}.mp3`);
    await writeFile(file, prefix);
    const probe = await probeFile(file);
    t.equal(probe.codec, 'mp3', `the first ${index + 1} segment(s) decode`);
  }
  t.equal(master.linesMastered, CLIPS.length);
  t.ok(new Set(segments.map((segment) => segment.record.plan.gainDb)).size > 1, 'louder lines later on made a new plan');
});

void t.test('the finished episode keeps the stream\'s last plan only when it lands the whole episode within the live margin', async (t) => {
  const assemblyLines: AssemblyLine[] = lines.map((line) => ({ speaker: line.speaker, clip: line.clip }));
  const fresh = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'strict-fresh.mp3' });
  const finished = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'strict-finished.mp3', previous: liveTakeAsPrevious(storedOf(segments)) });
  const lastPlan = segments.at(-1)?.record.plan as { gainDb: number };
  // The last segment's plan was kept from the first minutes' (0.5 LU then): it misses the whole episode by more than the live margin.
  const miss = Math.abs(fresh.stats.measured.integratedLufs + lastPlan.gainDb - fresh.plan.target.integratedLufs);
  t.ok(miss > LIVE_KEEP_TOLERANCE_LU && miss <= KEEP_PLAN_TOLERANCE_LU, `the last live plan misses the episode by ${miss.toFixed(3)} LU`);
  t.equal(finished.stats.plan, 'replanned', finished.stats.planReason ?? '');
  t.match(finished.stats.planReason, `more than ${LIVE_KEEP_TOLERANCE_LU} LU`);
  t.equal(finished.stats.chunksReused, 0, 'nothing copied: every chunk encoded as without listeners');
  t.equal(finished.plan.gainDb, fresh.plan.gainDb);
  t.same(finished.segments, fresh.segments, 'every line where a render without listeners puts it');
});

void t.test('the finished episode copies the stream\'s chunks and keeps its timings and loudness', async (t) => {
  const assemblyLines: AssemblyLine[] = lines.map((line) => ({ speaker: line.speaker, clip: line.clip }));
  const fresh = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'fresh.mp3' });
  const finished = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'finished.mp3', previous: keptByReRenderMargin(segments) });
  t.same(finished.segments, fresh.segments, 'every line where a render without listeners puts it');
  t.equal(finished.durationMs, fresh.durationMs);
  const lastPlan = segments.at(-1)?.record.plan;
  t.equal(finished.stats.plan, 'kept', 'the last live plan delivers for the whole episode');
  t.equal(finished.plan.gainDb, lastPlan?.gainDb);
  const lastPlanChunks = segments.filter((segment) => segment.record.plan.gainDb === lastPlan?.gainDb).reduce((sum, segment) => sum + segment.record.chunks.length, 0);
  t.equal(finished.stats.chunksReused, lastPlanChunks, 'every chunk made with the last plan is copied');
  t.equal(finished.stats.chunksEncoded, CLIPS.length - lastPlanChunks);
  const bytes = await readFile(finished.audioFile);
  const audio = bytes.subarray(id3TagSize(bytes) ?? 0);
  const copiedFrom = stream.length - segments.filter((segment) => segment.record.plan.gainDb === lastPlan?.gainDb).reduce((sum, segment) => sum + segment.mp3.length, 0);
  t.ok(audio.subarray(audio.length - (stream.length - copiedFrom)).equals(stream.subarray(copiedFrom)), 'the copied chunks are the stream\'s bytes');

  const streamFile = join(dir, 'stream.mp3');
  await writeFile(streamFile, stream);
  const [live, final, alone] = await Promise.all([ebur128(streamFile), ebur128(finished.audioFile), ebur128(fresh.audioFile)]);
  t.ok(Math.abs(live.integratedLufs - final.integratedLufs) <= 1, `stream ${live.integratedLufs.toFixed(2)} LUFS, finished ${final.integratedLufs.toFixed(2)} LUFS`);
  t.ok(Math.abs(final.integratedLufs - alone.integratedLufs) <= 0.5, `finished ${final.integratedLufs.toFixed(2)} LUFS, without listeners ${alone.integratedLufs.toFixed(2)} LUFS`);
  const [streamProbe, finalProbe] = await Promise.all([probeFile(streamFile), probeFile(finished.audioFile)]);
  t.ok(Math.abs(streamProbe.durationSeconds - finalProbe.durationSeconds) * 44_100 <= 1152, 'the stream is as long as the finished file, to a frame');
});

void t.test('a master opened on the published segments goes on where the stream stopped', async (t) => {
  const first = await LiveMaster.open({ workDir: dir });
  const before = await masterAll(first, GROUPS.slice(0, 2));
  const resumed = await LiveMaster.open({ workDir: dir, earlier: { segments: before.map((segment) => segment.record), lines: lines.slice(0, 5) } });
  t.equal(resumed.linesMastered, 5);
  const after = await masterAll(resumed, GROUPS.slice(2));
  t.ok(Buffer.concat([...before, ...after].map((segment) => segment.mp3)).equals(stream), 'the same bytes as a stream that never stopped');

  const changed = lines.slice(0, 5).map((line, index) => (index === 3 ? { ...line, clip: voicedClip({ samples: scaled(CLIPS[3]?.samples as Float32Array, 0.5), sampleRate: RATE }) } : line));
  await t.rejects(LiveMaster.open({ workDir: dir, earlier: { segments: before.map((segment) => segment.record), lines: changed } }), LiveTakeMismatch);
});

void t.test('reactions and cut-ins: the stream is the finished file\'s placed clips, after its own pauses', async (t) => {
  const reaction = voicedClip({ samples: scaled(bursts(RATE, 0.4, 0.1), 0.8), sampleRate: RATE });
  // Line 3 is said under line 2, line 8 cuts into line 7; every other line follows after a pause of its own (the episode's natural ones).
  const placedLines: LiveLine[] = lines.map((line, index) => {
    if (index === 2) return { ...line, clip: reaction, placement: { kind: 'reaction', share: 0.5 } };
    if (index === 7) return { ...line, placement: { kind: 'cut-in', overlapMs: 300 } };
    return index === 0 ? line : { ...line, pauseBeforeMs: 200 + 97 * index };
  });
  const groups = [[0, 3], [3, 6], [6, 9], [9, 10]] as const;
  const masterPlaced = async (live: LiveMaster, slice: readonly (readonly [number, number])[]) => {
    const out: MasteredSegment[] = [];
    for (const [from, to] of slice) out.push(await live.master(placedLines.slice(from, to), placedLines[to]));
    return out;
  };
  const live = await LiveMaster.open({ workDir: dir });
  await t.rejects(live.master(placedLines.slice(0, 2), placedLines[2]), RangeError, 'a segment never ends inside a placed clip');
  const placedSegments = await masterPlaced(live, groups);
  t.same(placedSegments.map((segment) => segment.record.chunks.length), [2, 3, 2, 1], 'a chunk per placed clip: 10 lines, 8 clips');
  t.same(placedSegments[0]?.record.chunks.map((chunk) => chunk.lines ?? 1), [1, 2], 'the reaction is in its line\'s chunk');
  const placedStream = Buffer.concat(placedSegments.map((segment) => segment.mp3));

  const assemblyLines: AssemblyLine[] = placedLines.map((line) => ({ ...line }));
  const fresh = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'placed-fresh.mp3' });
  const finished = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'placed-finished.mp3', previous: keptByReRenderMargin(placedSegments) });
  t.same(finished.segments, fresh.segments, 'every line where a render without listeners puts it');
  const lastPlan = placedSegments.at(-1)?.record.plan;
  const lastPlanChunks = placedSegments.filter((segment) => segment.record.plan.gainDb === lastPlan?.gainDb).reduce((sum, segment) => sum + segment.record.chunks.length, 0);
  t.equal(finished.stats.chunksReused, lastPlanChunks, 'every chunk made with the last plan is copied');
  t.ok(lastPlanChunks > 0);
  const streamFile = join(dir, 'placed-stream.mp3');
  await writeFile(streamFile, placedStream);
  const [streamProbe, finalProbe] = await Promise.all([probeFile(streamFile), probeFile(finished.audioFile)]);
  t.ok(Math.abs(streamProbe.durationSeconds - finalProbe.durationSeconds) * 44_100 <= 1152, `the stream (${streamProbe.durationSeconds} s) is as long as the finished file (${finalProbe.durationSeconds} s), to a frame`);
  const reactionAt = finished.segments[2] as { startTimeMs: number; endTimeMs: number };
  const hostAt = finished.segments[1] as { startTimeMs: number; endTimeMs: number };
  // (These bursts have no pause long enough to hold it: it follows its line without one, in the line's chunk.)
  t.ok(reactionAt.startTimeMs > hostAt.startTimeMs && reactionAt.startTimeMs <= hostAt.endTimeMs + 1, `the reaction is mixed into its line's clip (${reactionAt.startTimeMs} ms, the line ${hostAt.startTimeMs}–${hostAt.endTimeMs} ms)`);

  const first = await LiveMaster.open({ workDir: dir });
  const before = await masterPlaced(first, groups.slice(0, 2));
  const resumed = await LiveMaster.open({ workDir: dir, earlier: { segments: before.map((segment) => segment.record), lines: placedLines.slice(0, 6) } });
  t.equal(resumed.linesMastered, 6);
  const after = await masterPlaced(resumed, groups.slice(2));
  t.ok(Buffer.concat([...before, ...after].map((segment) => segment.mp3)).equals(placedStream), 'a master opened again goes on with the same bytes');
  const unplaced = placedLines.slice(0, 6).map((line, index) => (index === 2 ? { speaker: line.speaker, clip: line.clip } : line));
  await t.rejects(LiveMaster.open({ workDir: dir, earlier: { segments: before.map((segment) => segment.record), lines: unplaced } }), LiveTakeMismatch, 'a reaction now laid out as a line of its own was streamed otherwise');
});
