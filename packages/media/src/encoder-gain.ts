// How much the MP3 encoder changes the level, measured on the encoder itself.
//
// LAME's CBR/ABR presets scale the input before encoding: every row of its
// `abr_switch_map` (presets.c) carries a `scale`, 0.95 (−0.45 dB) up to 160 kbps, 0.97
// at 192, 0.98 at 224 and 1 from 256. It is a flat gain, the same on speech, tones or
// noise (measured: -0.445 dB in every band from 100 Hz to 8 kHz on a Flite episode at
// 96 kbps), so the mastering gain makes it up exactly. Rather than trusting a table to
// match whatever LAME build FFMPEG_PATH points at, the gain is measured once per
// process for each delivery format: a two-second multi-tone is encoded with the
// delivery settings, decoded, and the levels compared (a few hundred ms, once).

import { ffmpegOutput, pcmInputArgs } from './ffmpeg-pcm.ts';
import { float32Bytes, float32FromBytes } from './wav.ts';

export interface Mp3Format {
  /** MP3 sample rate in Hz. */
  sampleRate: number;
  bitrateKbps: number;
}

/** ffmpeg output arguments for the delivery MP3: LAME, constant bit rate, mono. */
export function mp3OutputArgs(format: Mp3Format): string[] {
  return ['-c:a', 'libmp3lame', '-b:a', `${format.bitrateKbps}k`, '-ac', '1', '-ar', String(format.sampleRate), '-f', 'mp3'];
}

// Whole-hertz tones across the speech band: any one-second window holds whole cycles of
// each, so its RMS does not depend on where the decoder's output starts.
const PROBE_TONES_HZ = [220, 550, 1330, 3150];
const PROBE_AMPLITUDE = 0.1;
const PROBE_SECONDS = 2;

const measured = new Map<string, Promise<number>>();

/** Level change of the encoder in dB (negative: the MP3 comes out quieter), to 0.01 dB. */
export function encoderGainDb(format: Mp3Format): Promise<number> {
  const key = `${format.sampleRate}/${format.bitrateKbps}`;
  let gain = measured.get(key);
  if (!gain) {
    gain = measureEncoderGainDb(format);
    measured.set(key, gain);
    // A failure (no encoder, a killed process) is not remembered: the next episode tries again.
    gain.catch(() => measured.delete(key));
  }
  return gain;
}

async function measureEncoderGainDb(format: Mp3Format): Promise<number> {
  const { sampleRate } = format;
  const probe = new Float32Array(sampleRate * PROBE_SECONDS);
  for (let i = 0; i < probe.length; i++) {
    let value = 0;
    for (const [index, hz] of PROBE_TONES_HZ.entries()) value += Math.sin((2 * Math.PI * hz * i) / sampleRate + index);
    probe[i] = PROBE_AMPLITUDE * value;
  }
  const mp3 = await ffmpegOutput([...pcmInputArgs(sampleRate), ...mp3OutputArgs(format), 'pipe:1'], { stdin: float32Bytes(probe) });
  const decoded = float32FromBytes(await ffmpegOutput(['-f', 'mp3', '-i', 'pipe:0', '-ac', '1', '-f', 'f32le', 'pipe:1'], { stdin: mp3 }));
  // One second from the middle of each: clear of the encoder's start-up and padding.
  const middle = (samples: Float32Array) => samples.subarray(sampleRate / 2, sampleRate / 2 + sampleRate);
  const gain = 10 * Math.log10(meanSquare(middle(decoded)) / meanSquare(middle(probe)));
  if (!Number.isFinite(gain)) throw new Error(`The MP3 encoder's level could not be measured (${decoded.length} samples decoded)`);
  return Math.round(gain * 100) / 100;
}

function meanSquare(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return sum / samples.length;
}
