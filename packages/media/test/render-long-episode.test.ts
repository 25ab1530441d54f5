// A 30-minute episode through renderScript: the offline voice's lines, synthesized once
// and replayed until the script is 30 minutes long, so the test pays for mixing and
// mastering, not for half an hour of synthesis. The MP3 must meet the delivery promise
// measured by ffmpeg's ebur128, like any short one.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import type { ScriptLine } from '@castwright/core/script-lines';
import { trimSilence } from '@castwright/media/clip-edges';
import { probeAudio } from '@castwright/media/ffmpeg-tools';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { renderScript } from '@castwright/media/render-script';
import type { SynthesizedAudio } from '@castwright/media/tts-engine';
import { ebur128 } from '#test-helpers/ebur128';
import { replayEngine } from '#test-helpers/replay-engine';

// Thirty minutes of audio is mastered and then measured again by ffmpeg: minutes, not seconds, on a busy machine.
t.setTimeout(10 * 60_000);

const SENTENCES = [
  'Welcome back to the show where we talk about rivers.',
  'Rivers carry water from the mountains to the sea.',
  'They also shape the land around them and everything that lives there.',
  'That is a great point so let us dig deeper into how a valley is carved.',
  'Over thousands of years the water wears the rock away grain by grain.',
  'And in a flood it can move boulders the size of a car.',
  'Which is why towns on the banks have always watched the water level.',
  'Thanks for listening everyone and see you next week.',
];

void t.test('a 30-minute episode lands at -16 LUFS with its true peak under -1.5 dBTP', async (t) => {
  const root = t.testdir({ engine: {}, work: {} });
  const engine = new OfflineVoiceEngine({ tempDir: join(root, 'engine') });
  t.teardown(() => engine.close());
  const clips: SynthesizedAudio[] = [];
  for (const [index, text] of SENTENCES.entries()) clips.push(await engine.synthesize({ text, voice: index % 2 === 0 ? 'rms' : 'slt' }));
  // What each clip adds to the timeline: its speech once trimmed, and a 450 ms change of speaker (the hosts alternate).
  const secondsPerLine = clips.reduce((sum, clip) => sum + trimSilence(clip.samples, clip.sampleRate).length / clip.sampleRate + 0.45, 0) / clips.length;
  const lines: ScriptLine[] = Array.from({ length: Math.ceil((30 * 60) / secondsPerLine) }, (_, index) => ({
    speaker: index % 2 === 0 ? 'Host 1' : 'Host 2',
    text: SENTENCES[index % SENTENCES.length] as string,
  }));

  const workDir = join(root, 'work');
  const result = await renderScript({ lines, engine: replayEngine(clips), voiceFor: () => 'replay', workDir, metadata: { title: 'Long', artist: 'Castwright' } });
  t.ok(Math.abs(result.durationMs - 30 * 60_000) <= 30_000, `${(result.durationMs / 60_000).toFixed(1)} minutes`);
  t.same(await readdir(workDir), ['episode.mp3'], 'only the MP3 is left');
  t.equal(result.segments.length, lines.length);
  t.ok((result.segments.at(-1)?.endTimeMs ?? Infinity) <= result.durationMs, 'the last line ends inside the file');

  const { integratedLufs, truePeakDbtp } = await ebur128(result.audioFile);
  t.ok(Math.abs(integratedLufs - -16) <= 0.5, `${integratedLufs.toFixed(2)} LUFS (-16 ± 0.5)`);
  t.ok(truePeakDbtp <= -1.5, `true peak ${truePeakDbtp.toFixed(2)} dBTP (≤ -1.5)`);
  const probe = await probeAudio(result.audioFile);
  t.same([probe.codec, probe.sampleRate, probe.channels], ['mp3', 44_100, 1]);
  t.ok(Math.abs(probe.durationMs - result.durationMs) <= 50);
});
