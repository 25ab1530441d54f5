import { execFile } from 'node:child_process';
import { writeFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { probeAudio, resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { measureEbuR128 } from '@castwright/media/loudness';
import { masterMp3 } from '@castwright/media/master-mp3';
import { encodeWavFloat32 } from '@castwright/media/wav';

const run = promisify(execFile);

/** A quiet, syllable-like 220 Hz tone: bursts of ~200 ms, so gating behaves as it does on speech. */
function quietBursts(rate: number, seconds: number): Float32Array {
  const out = new Float32Array(rate * seconds);
  for (let i = 0; i < out.length; i++) {
    const envelope = Math.max(0, Math.sin((2 * Math.PI * 2.5 * i) / rate));
    out[i] = 0.02 * envelope * Math.sin((2 * Math.PI * 220 * i) / rate);
  }
  return out;
}

void t.test('brings quiet audio to -16 LUFS in a tagged 44.1 kHz MP3', async (t) => {
  const dir = t.testdir();
  const input = join(dir, 'in.wav');
  const output = join(dir, 'out.mp3');
  await writeFile(input, encodeWavFloat32(quietBursts(24_000, 8), 24_000));
  const before = await measureEbuR128(input);
  t.ok(before.integratedLufs < -30, `input at ${before.integratedLufs} LUFS`);

  const result = await masterMp3({ input, output, metadata: { title: 'Title = "quoted"', artist: 'Ärtist' } });
  t.equal(result.normalization, 'linear', 'one constant gain: the tone has headroom');
  t.ok(result.encoderMakeupDb >= 0 && result.encoderMakeupDb <= 1.5, `encoder make-up ${result.encoderMakeupDb} dB`);

  // Measured independently with the ffmpeg CLI.
  const { stderr } = await run(resolveFfmpegToolPaths().ffmpeg, ['-hide_banner', '-nostats', '-i', output, '-af', 'ebur128=framelog=verbose:peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  t.ok(Math.abs(integrated - -16) <= 1, `output at ${integrated} LUFS`);
  t.ok(truePeak <= -1, `true peak ${truePeak} dBTP`);

  const probe = await probeAudio(output);
  t.equal(probe.codec, 'mp3');
  t.equal(probe.sampleRate, 44_100, 'back at the delivery rate after loudnorm’s 192 kHz');
  t.same([probe.tags.title, probe.tags.artist], ['Title = "quoted"', 'Ärtist']);
  t.ok(Math.abs(probe.durationMs - 8_000) <= 60, `${probe.durationMs} ms`);
  t.same((await readdir(dir)).sort(), ['in.wav', 'out.mp3'], 'calibration excerpt cleaned up');
});

void t.test('silence is encoded without normalisation instead of failing', async (t) => {
  const dir = t.testdir();
  const input = join(dir, 'silence.wav');
  const output = join(dir, 'silence.mp3');
  await writeFile(input, encodeWavFloat32(new Float32Array(24_000 * 2), 24_000));
  const result = await masterMp3({ input, output, metadata: { title: 't', artist: 'a' } });
  t.same(result, { normalization: 'none', encoderMakeupDb: 0 });
  t.ok(Math.abs((await probeAudio(output)).durationMs - 2_000) <= 60);
});

void t.test('a title with exactly one space stays whole and writes no stray file', async (t) => {
  const dir = t.testdir();
  t.chdir(dir); // a broken argument list would write a file named "7" here
  const input = join(dir, 'in.wav');
  const output = join(dir, 'out.mp3');
  await writeFile(input, encodeWavFloat32(quietBursts(24_000, 2), 24_000));
  await masterMp3({ input, output, metadata: { title: 'Episode 7', artist: 'Two Words' } });
  const probe = await probeAudio(output);
  t.same([probe.tags.title, probe.tags.artist], ['Episode 7', 'Two Words']);
  t.same((await readdir(dir)).sort(), ['in.wav', 'out.mp3']);
});
