// masterMp3 against the real ffmpeg; every result is measured independently, with
// ffmpeg's ebur128 on the MP3 and ffprobe.
import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { concatSamples } from '@castwright/media/concat-samples';
import { encoderGainDb } from '@castwright/media/encoder-gain';
import { probeAudio, resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { measureFileLoudness } from '@castwright/media/loudness';
import { masterMp3 } from '@castwright/media/master-mp3';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { encodeWavFloat32, float32FromBytes } from '@castwright/media/wav';
import { ebur128 } from '#test-helpers/ebur128';
import { bursts, withKnocks } from './helpers/test-signals.ts';

const run = promisify(execFile);
const { ffmpeg } = resolveFfmpegToolPaths();

/** The delivery promise, checked on the MP3 with ffmpeg's own meter. */
async function checkDelivered(t: Test, file: string): Promise<void> {
  const { integratedLufs, truePeakDbtp } = await ebur128(file);
  t.ok(Math.abs(integratedLufs - -16) <= 0.5, `output at ${integratedLufs.toFixed(2)} LUFS (-16 ± 0.5)`);
  t.ok(truePeakDbtp <= -1.5, `true peak ${truePeakDbtp.toFixed(2)} dBTP (≤ -1.5)`);
}

/** A few sentences of the offline voice with pauses, at 16 kHz. */
async function fliteSpeech(dir: string): Promise<Float32Array> {
  const engine = new OfflineVoiceEngine({ tempDir: dir });
  try {
    const parts: Float32Array[] = [];
    for (const [index, text] of ['Welcome back to the show where we talk about rivers.', 'Rivers carry water from the mountains to the sea.', 'They also shape the land around them.', 'That is a great point so let us dig deeper.'].entries()) {
      parts.push((await engine.synthesize({ text, voice: index % 2 === 0 ? 'rms' : 'slt' })).samples, new Float32Array(6_000));
    }
    return concatSamples(parts);
  } finally {
    await engine.close();
  }
}

/** Decodes a file to mono float samples at `rate` with the ffmpeg CLI. */
async function decode(file: string, rate: number): Promise<Float32Array> {
  const { stdout } = await run(ffmpeg, ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  return float32FromBytes(stdout);
}

const firstAbove = (samples: Float32Array, level: number) => samples.findIndex((sample) => Math.abs(sample) > level);

void t.test('brings quiet audio to -16 LUFS in a tagged 44.1 kHz MP3 with one gain', async (t) => {
  const dir = t.testdir();
  const input = join(dir, 'in.wav');
  const output = join(dir, 'out.mp3');
  await writeFile(input, encodeWavFloat32(bursts(24_000, 8, 0.02), 24_000));
  const measured = await measureFileLoudness(input);
  t.ok(measured.loudness.integratedLufs < -30, `input at ${measured.loudness.integratedLufs} LUFS`);

  const result = await masterMp3({ input, output, metadata: { title: 'Title = "quoted"', artist: 'Ärtist' } });
  t.same(result, { normalization: 'gain', gainDb: -16 - measured.loudness.integratedLufs, input: measured.loudness, encoderMakeupDb: 0.45 }, 'measured here, one constant gain, LAME’s 0.95 made up');
  await checkDelivered(t, output);

  const probe = await probeAudio(output);
  t.equal(probe.codec, 'mp3');
  t.equal(probe.sampleRate, 44_100, 'at the delivery rate');
  t.equal(probe.channels, 1);
  t.ok(probe.bitRate !== undefined && Math.abs(probe.bitRate - 96_000) < 2_000, `${probe.bitRate} bit/s CBR`);
  t.same([probe.tags.title, probe.tags.artist], ['Title = "quoted"', 'Ärtist']);
  t.ok(Math.abs(probe.durationMs - 8_000) <= 60, `${probe.durationMs} ms`);
  t.same((await readdir(dir)).sort(), ['in.wav', 'out.mp3'], 'nothing else left behind');
});

void t.test('a measurement handed in is used as it is: no second look at the file', async (t) => {
  const dir = t.testdir();
  const input = join(dir, 'in.wav');
  await writeFile(input, encodeWavFloat32(bursts(16_000, 4, 0.1), 16_000));
  // Claim the audio is 6 LU quieter than it is: the master must come out 6 LU hot.
  const { sampleRate, loudness } = await measureFileLoudness(input);
  const claimed = { sampleRate, loudness: { integratedLufs: loudness.integratedLufs - 6, truePeakDbtp: -60 } };
  const result = await masterMp3({ input, output: join(dir, 'out.mp3'), metadata: { title: 't', artist: 'a' }, measured: claimed });
  t.equal(result.normalization, 'gain');
  const { integratedLufs } = await ebur128(join(dir, 'out.mp3'));
  t.ok(Math.abs(integratedLufs - -10) <= 0.5, `${integratedLufs} LUFS`);
});

void t.test('loud transients get the true-peak limiter, and nothing moves in time', async (t) => {
  const dir = t.testdir();
  const rate = 16_000;
  // Speech at its own level with three knocks at 0.95: a constant gain to -16 LUFS would put them above 0 dBFS.
  const speech = withKnocks(await fliteSpeech(dir), rate, [0.5, 4.2, 7.9], 0.95);
  const input = join(dir, 'in.wav');
  await writeFile(input, encodeWavFloat32(speech, rate));
  const output = join(dir, 'out.mp3');
  const result = await masterMp3({ input, output, metadata: { title: 't', artist: 'a' } });
  t.equal(result.normalization, 'limited');
  t.ok(result.input.truePeakDbtp + result.gainDb > -1.5, `the gain alone would put peaks at ${(result.input.truePeakDbtp + result.gainDb).toFixed(2)} dBTP`);
  await checkDelivered(t, output);

  // The first sound (the first knock) is where it was: the limiter's look-ahead delay is taken out.
  const decoded = await decode(output, 44_100);
  const original = await decode(input, 44_100);
  const shiftMs = ((firstAbove(decoded, 0.05) - firstAbove(original, 0.05)) / 44_100) * 1000;
  t.ok(Math.abs(shiftMs) < 0.5, `onset moved ${shiftMs.toFixed(3)} ms`);
  t.ok(Math.abs(decoded.length - original.length) < 44_100 * 0.03, `length ${decoded.length} vs ${original.length} samples`);
});

void t.test('silence is encoded without normalisation instead of failing', async (t) => {
  const dir = t.testdir();
  const input = join(dir, 'silence.wav');
  const output = join(dir, 'silence.mp3');
  await writeFile(input, encodeWavFloat32(new Float32Array(24_000 * 2), 24_000));
  const result = await masterMp3({ input, output, metadata: { title: 't', artist: 'a' } });
  t.same(result, { normalization: 'none', gainDb: 0, input: { integratedLufs: -Infinity, truePeakDbtp: -Infinity }, encoderMakeupDb: 0 });
  t.ok(Math.abs((await probeAudio(output)).durationMs - 2_000) <= 60);
});

void t.test('a title with exactly one space stays whole and writes no stray file', async (t) => {
  const dir = t.testdir();
  t.chdir(dir); // a broken argument list would write a file named "7" here
  const input = join(dir, 'in.wav');
  const output = join(dir, 'out.mp3');
  await writeFile(input, encodeWavFloat32(bursts(24_000, 2, 0.02), 24_000));
  await masterMp3({ input, output, metadata: { title: 'Episode 7', artist: 'Two Words' } });
  const probe = await probeAudio(output);
  t.same([probe.tags.title, probe.tags.artist], ['Episode 7', 'Two Words']);
  t.same((await readdir(dir)).sort(), ['in.wav', 'out.mp3']);
});

void t.test('the encoder make-up is the level LAME takes away, measured on speech', async (t) => {
  const dir = t.testdir();
  const input = join(dir, 'speech.wav');
  await writeFile(input, encodeWavFloat32(await fliteSpeech(dir), 16_000));
  const before = await ebur128(input);
  // LAME's presets scale by 0.95 up to 160 kbps, 0.97 at 192, 0.98 at 224, 1 from 256 (presets.c).
  for (const [bitrateKbps, expectedDb] of [[64, -0.45], [96, -0.45], [192, -0.26], [224, -0.18], [256, 0]] as const) {
    const gain = await encoderGainDb({ sampleRate: 44_100, bitrateKbps });
    t.equal(gain, expectedDb, `${bitrateKbps} kbps: the probe measures ${gain} dB`);
    const plain = join(dir, `plain-${bitrateKbps}.mp3`);
    await run(ffmpeg, ['-v', 'error', '-i', input, '-ar', '44100', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`, plain]);
    const after = await ebur128(plain);
    const lost = after.integratedLufs - before.integratedLufs;
    t.ok(Math.abs(lost - gain) <= 0.05, `${bitrateKbps} kbps: speech changes by ${lost.toFixed(3)} LU through a plain encode (ebur128), the probe said ${gain} dB`);
  }
  t.equal(await encoderGainDb({ sampleRate: 44_100, bitrateKbps: 96 }), -0.45, 'cached: the same answer');
});
