// Where an encoded chunk's audio sits among its MP3 frames, measured on the encoder in
// use, once per process and format (like encoder-gain.ts measures its level).
//
// A chunk is encoded on its own, with no Xing/LAME header, so nothing tells a decoder
// to skip the encoder's start-up: the decoded chunk begins with the encoder's delay plus
// the decoder's own (LAME + a standard decoder: 576 + 529 samples), and ends with the
// encoder's padding to whole frames. Rather than trusting those numbers for whatever
// build FFMPEG_PATH points at, a probe with three clicks at known places is encoded and
// decoded with the chunk settings, and where the clicks come out gives the delay; the
// frames it encoded to give the padding. Both are then facts about this encoder, and
// the chunk layout (chunk-layout.ts) and every segment time are built on them.

import { createHash } from 'node:crypto';
import { mp3OutputArgs } from './encoder-gain.ts';
import type { Mp3Format } from './encoder-gain.ts';
import { ffmpegOutput, pcmInputArgs } from './ffmpeg-pcm.ts';
import { parseMp3Frames } from './mp3-frames.ts';
import { float32Bytes, float32FromBytes } from './wav.ts';

export interface EncoderTiming {
  /** Decoded samples before a chunk's first input sample (encoder + decoder delay). */
  delaySamples: number;
  /** Samples per MP3 frame (1152 at 44.1 kHz). */
  frameSamples: number;
  /**
   * Frames × frameSamples − input samples, for an input of whole frames: how much longer
   * than its input a chunk decodes (the delay plus the padding after the last sample).
   */
  overheadSamples: number;
  /** The ffmpeg build, so chunks encoded by another build are never taken for this one's. */
  encoder: string;
}

/** ffmpeg output arguments for a chunk: the delivery MP3 with no header frame and no tags, so chunks can be joined. */
export function chunkOutputArgs(format: Mp3Format): string[] {
  return [...mp3OutputArgs(format), '-write_xing', '0', '-id3v2_version', '0', '-write_id3v1', '0'];
}

const PROBE_FRAMES = 40;
const PROBE_CLICKS_SECONDS = [0.1, 0.35, 0.6];
const CLICK_LEVEL = 0.5;
/** How far after a click its decoded peak is looked for: any real codec delay is far less. */
const SEARCH_SAMPLES = 4096;

const measured = new Map<string, Promise<EncoderTiming>>();

export function encoderTiming(format: Mp3Format): Promise<EncoderTiming> {
  const key = `${format.sampleRate}/${format.bitrateKbps}`;
  let timing = measured.get(key);
  if (!timing) {
    timing = measureEncoderTiming(format);
    measured.set(key, timing);
    // A failure (no encoder, a killed process) is not remembered: the next episode tries again.
    timing.catch(() => measured.delete(key));
  }
  return timing;
}

async function encoderBuild(): Promise<string> {
  const text = (await ffmpegOutput(['-version'])).toString('utf8');
  const version = /ffmpeg version (\S+)/.exec(text)?.[1] ?? 'unknown';
  return `ffmpeg ${version} sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

async function measureEncoderTiming(format: Mp3Format): Promise<EncoderTiming> {
  const { sampleRate } = format;
  // Whole frames at either frame size (1152 is a multiple of 576).
  const probe = new Float32Array(PROBE_FRAMES * 1152);
  const clicks = PROBE_CLICKS_SECONDS.map((seconds) => Math.round(seconds * sampleRate));
  for (const at of clicks) probe[at] = CLICK_LEVEL;
  const [mp3, encoder] = await Promise.all([
    ffmpegOutput([...pcmInputArgs(sampleRate), ...chunkOutputArgs(format), 'pipe:1'], { stdin: float32Bytes(probe) }),
    encoderBuild(),
  ]);
  const { frames, frameSamples } = parseMp3Frames(mp3);
  const decoded = float32FromBytes(await ffmpegOutput(['-f', 'mp3', '-i', 'pipe:0', '-ac', '1', '-f', 'f32le', 'pipe:1'], { stdin: mp3 }));
  const delays = clicks.map((at) => {
    let peak = at;
    for (let i = at; i < Math.min(decoded.length, at + SEARCH_SAMPLES); i++) {
      if (Math.abs(decoded[i] as number) > Math.abs(decoded[peak] as number)) peak = i;
    }
    return peak - at;
  });
  const spread = Math.max(...delays) - Math.min(...delays);
  if (spread > 1 || Math.abs(decoded[(delays[0] as number) + (clicks[0] as number)] as number) < CLICK_LEVEL / 4) {
    throw new Error(`The MP3 encoder's delay could not be measured (clicks came out ${delays.join(', ')} samples late)`);
  }
  return {
    delaySamples: delays.sort((a, b) => a - b)[1] as number,
    frameSamples,
    overheadSamples: frames * frameSamples - probe.length,
    encoder,
  };
}
