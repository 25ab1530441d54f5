// The end of a live stream cut from the finished file, with real ffmpeg: the stream masters
// its first lines (all a listener needed), the finished file is made with those segments as
// its previous episode, and its chunks of the lines the stream had not mastered (a reaction
// mixed into one of them) become the stream's last segment. The stream then decodes, ends
// as long as the finished file to a frame, has its bytes from where it stopped, and a
// master opened again on all of it (a render taken over) accepts it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { assembleEpisode, type AssemblyLine } from '@castwright/media/assemble-episode';
import { id3TagSize } from '@castwright/media/id3v2-tag';
import { LiveMaster, type LiveLine, type MasteredSegment } from '@castwright/media/live-master';
import { liveTakeAsPrevious, writeFinishedTail } from '@castwright/media/live-take-audio';
import { voicedClip } from '@castwright/media/voiced-clip';
import { ebur128 } from '#test-helpers/ebur128';
import { probeFile } from '#test-helpers/probe';
import { bursts, scaled } from './helpers/test-signals.ts';

t.setTimeout(5 * 60_000);

const RATE = 16_000;
const reaction = voicedClip({ samples: scaled(bursts(RATE, 0.4, 0.1), 0.8), sampleRate: RATE });
// Line 7 is a reaction said under line 6: the tail's second chunk holds two lines.
const lines: LiveLine[] = [1.6, 2.4, 1.7, 2.9, 2.2, 1.9, 2.5, 0.4, 2.1, 2.6].map((seconds, index) => {
  const speaker = `Host ${(index % 2) + 1}`;
  if (index === 7) return { speaker, clip: reaction, placement: { kind: 'reaction', share: 0.5 } };
  const clip = voicedClip({ samples: scaled(bursts(RATE, seconds, 0.1), index < 3 ? 0.7 : 1), sampleRate: RATE });
  return index === 0 ? { speaker, clip } : { speaker, clip, pauseBeforeMs: 250 + 41 * index };
});
const metadata = { title: 'T', artist: 'A' };
const dir = t.testdir();

void t.test('the stream ends with the finished file\'s chunks of the lines it had not mastered', async (t) => {
  const master = await LiveMaster.open({ workDir: dir });
  const live: MasteredSegment[] = [];
  for (const [from, to] of [[0, 3], [3, 5]] as const) live.push(await master.master(lines.slice(from, to), lines[to]));
  t.equal(master.linesMastered, 5);

  const assemblyLines: AssemblyLine[] = lines.map((line) => ({ ...line }));
  const stored = live.map((segment) => ({ record: segment.record, bytes: segment.mp3.length, read: async (range: { start: number; end: number }) => segment.mp3.subarray(range.start, range.end + 1) }));
  const finished = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'finished.mp3', previous: liveTakeAsPrevious(stored) });
  const fresh = await assembleEpisode({ lines: assemblyLines, metadata, workDir: dir, outputFileName: 'fresh.mp3' });
  t.same(finished.segments, fresh.segments, 'the finished file puts every line where a render without listeners does');
  t.equal(finished.chunkTable.chunks.length, 9, '10 lines, 9 placed clips');

  // Lines 5 … 9: placed clips of 1, 2 (the reaction under line 6), 1 and 1 lines.
  await t.rejects(writeFinishedTail(finished, { firstLine: 0, lines: Array.from({ length: 10 }, () => 1) }, join(dir, 'wrong.mp3')), RangeError, 'a tail of more chunks than the file has is refused');
  const tailFile = join(dir, 'tail.mp3');
  const tail = await writeFinishedTail(finished, { firstLine: 5, lines: [1, 2, 1, 1] }, tailFile);
  t.same(tail.chunks.map((chunk) => chunk.lines ?? 1), [1, 2, 1, 1]);
  t.same(tail.plan, finished.plan, 'the tail is mastered with the finished file\'s plan');
  t.throws(() => master.followFinished({ ...tail, firstLine: 4 }), RangeError, 'a tail that does not start where the stream stopped is refused');
  master.followFinished(tail);
  t.equal(master.linesMastered, lines.length, 'the stream holds every line');

  const tailBytes = await readFile(tailFile);
  t.equal(tailBytes.length, tail.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0));
  const finishedBytes = await readFile(finished.audioFile);
  const audio = finishedBytes.subarray(id3TagSize(finishedBytes) ?? 0);
  t.ok(audio.subarray(audio.length - tailBytes.length).equals(tailBytes), 'the tail is the finished file\'s own bytes, copied');

  const stream = Buffer.concat([...live.map((segment) => segment.mp3), tailBytes]);
  const streamFile = join(dir, 'stream.mp3');
  await writeFile(streamFile, stream);
  const [streamProbe, finalProbe] = await Promise.all([probeFile(streamFile), probeFile(finished.audioFile)]);
  t.equal(streamProbe.codec, 'mp3', 'the stream decodes');
  t.ok(Math.abs(streamProbe.durationSeconds - finalProbe.durationSeconds) * 44_100 <= 1152, `the stream (${streamProbe.durationSeconds} s) is as long as the finished file (${finalProbe.durationSeconds} s), to a frame`);
  t.ok(Math.abs(master.durationMs - finalProbe.durationSeconds * 1000) <= (1152 / 44_100) * 1000 + 1, `the stream's recorded length (${master.durationMs} ms) is the finished file's`);
  const [streamLoudness, finalLoudness] = await Promise.all([ebur128(streamFile), ebur128(finished.audioFile)]);
  t.ok(Math.abs(streamLoudness.integratedLufs - finalLoudness.integratedLufs) <= 1, `stream ${streamLoudness.integratedLufs.toFixed(2)} LUFS, finished ${finalLoudness.integratedLufs.toFixed(2)} LUFS`);

  // A render taken over after the tail was published opens the take whole: every chunk, the tail's too, is the one streamed.
  const resumed = await LiveMaster.open({ workDir: dir, earlier: { segments: [...live.map((segment) => segment.record), tail], lines } });
  t.equal(resumed.linesMastered, lines.length);
  t.equal(resumed.durationMs, master.durationMs);
});
