// parseMp3Frames on what the encoder really writes, and on what it must refuse.
import t from 'tap';
import { encoderTiming, chunkOutputArgs } from '@castwright/media/encoder-timing';
import { ffmpegOutput, pcmInputArgs } from '@castwright/media/ffmpeg-pcm';
import { parseMp3Frames } from '@castwright/media/mp3-frames';
import { float32Bytes } from '@castwright/media/wav';
import { sine } from './helpers/test-signals.ts';

const encode = (rate: number, bitrateKbps: number, samples: Float32Array) =>
  ffmpegOutput([...pcmInputArgs(rate), ...chunkOutputArgs({ sampleRate: rate, bitrateKbps }), 'pipe:1'], { stdin: float32Bytes(samples) });

void t.test('counts the frames of a chunk at 44.1 kHz (MPEG-1) and 24 kHz (MPEG-2)', async (t) => {
  const mp3 = await encode(44_100, 96, sine(44_100, 1152 * 20 / 44_100, 440, 0.3));
  t.same(parseMp3Frames(mp3), { frames: 21, frameSamples: 1152, sampleRate: 44_100, bitrateKbps: 96, channels: 1 });
  const low = parseMp3Frames(await encode(24_000, 48, sine(24_000, 576 * 30 / 24_000, 440, 0.3)));
  t.match(low, { frameSamples: 576, sampleRate: 24_000, bitrateKbps: 48, channels: 1 });

  t.throws(() => parseMp3Frames(mp3.subarray(0, mp3.length - 10)), { name: 'Mp3FrameError', message: /cut short/ });
  t.throws(() => parseMp3Frames(Buffer.concat([mp3, Buffer.from('TAG')])), { message: /No MPEG Layer III frame header/ });
  t.throws(() => parseMp3Frames(Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00')), { message: /does not start/ });
  const other = await encode(44_100, 128, sine(44_100, 0.2, 440, 0.3));
  t.throws(() => parseMp3Frames(Buffer.concat([mp3, other])), { message: /format changes/ });
});

void t.test('the encoder timing is measured: delay, frame size, overhead, build', async (t) => {
  const timing = await encoderTiming({ sampleRate: 44_100, bitrateKbps: 96 });
  // LAME's 576-sample encoder delay plus the 529 of a standard decoder; a frame of overhead for whole-frame input.
  t.same({ ...timing, encoder: undefined }, { delaySamples: 1105, frameSamples: 1152, overheadSamples: 1152, encoder: undefined });
  t.match(timing.encoder, /^ffmpeg \S+ sha256:[0-9a-f]{16}$/);
  t.equal(await encoderTiming({ sampleRate: 44_100, bitrateKbps: 96 }), timing, 'measured once');
});
