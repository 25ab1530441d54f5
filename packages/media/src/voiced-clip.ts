// A voiced line as it goes on the timeline and into the segment store: the engine's
// audio trimmed of its own padding, faded at the edges, and put on the 16-bit grid.
//
// Why the 16-bit grid: a stored clip must give back exactly the samples that went on
// the timeline of the render that stored it, or a re-render would master something
// slightly different from what the first render measured. Rounding to 16 bits before
// use (not only when storing) makes the store lossless by construction, and 16-bit PCM
// WAV is half the size of float and needs no codec: the rounding noise sits at
// -96 dBFS, far under the MP3's own (measured in docs/benchmarks.md, "Chunked master").
// A clip whose peaks go past full scale (a neural engine may overshoot) keeps its float
// samples and is stored as a float WAV, so nothing is clipped before mastering.

import { fadeEdges, trimSilence } from './clip-edges.ts';
import type { SynthesizedAudio } from './tts-engine.ts';
import { decodeWav, encodeWavFloat32, encodeWavPcm16 } from './wav.ts';

export interface VoicedClip {
  sampleRate: number;
  /** Mono samples, exactly as they go on the timeline. */
  samples: Float32Array;
}

/** Fade length at each clip edge: long enough to avoid clicks, short enough to be inaudible. */
const EDGE_FADE_MS = 8;

export class VoicedClipError extends Error {
  override name = 'VoicedClipError';
}

const PCM16_SCALE = 32768;

/** Rounds to the 16-bit grid in place when every sample fits it; false (untouched) when a sample is beyond full scale. */
function toPcm16Grid(samples: Float32Array): boolean {
  for (const sample of samples) {
    const level = Math.round(sample * PCM16_SCALE);
    if (level > 32767 || level < -32768) return false;
  }
  // `|| 0`: no negative zero, which a 16-bit sample cannot hold (and its bytes differ from zero's).
  for (let i = 0; i < samples.length; i++) samples[i] = (Math.round((samples[i] as number) * PCM16_SCALE) || 0) / PCM16_SCALE;
  return true;
}

/** Whether every sample lies on the 16-bit grid (so a 16-bit WAV holds the clip exactly). */
function onPcm16Grid(samples: Float32Array): boolean {
  for (const sample of samples) {
    const level = sample * PCM16_SCALE;
    if (level !== Math.round(level) || level > 32767 || level < -32768 || Object.is(level, -0)) return false;
  }
  return true;
}

/**
 * The clip a synthesized line becomes: trimmed, faded, on the 16-bit grid where it fits.
 * Throws VoicedClipError for audio that cannot go on a timeline (no samples, NaN or
 * infinite samples, no sample rate).
 */
export function voicedClip(audio: SynthesizedAudio): VoicedClip {
  const { sampleRate } = audio;
  if (!Number.isInteger(sampleRate) || sampleRate < 1000) throw new VoicedClipError(`the audio has no usable sample rate (${sampleRate})`);
  if (audio.samples.length === 0) throw new VoicedClipError('the engine returned no audio');
  for (const sample of audio.samples) {
    if (!Number.isFinite(sample)) throw new VoicedClipError('the engine returned samples that are not numbers');
  }
  // A copy: the engine's buffer may be shared (a replayed clip), and the edges are changed in place.
  const samples = fadeEdges(trimSilence(audio.samples, sampleRate).slice(), sampleRate, EDGE_FADE_MS);
  toPcm16Grid(samples);
  return { sampleRate, samples };
}

/** The stored form: 16-bit PCM WAV when the clip is on that grid, else 32-bit float WAV. Either way, lossless. */
export function encodeClipWav(clip: VoicedClip): Uint8Array {
  return onPcm16Grid(clip.samples) ? encodeWavPcm16(clip.samples, clip.sampleRate) : encodeWavFloat32(clip.samples, clip.sampleRate);
}

export function decodeClipWav(bytes: Uint8Array): VoicedClip {
  const { samples, sampleRate, channels } = decodeWav(bytes);
  if (channels !== 1) throw new VoicedClipError(`a stored clip must be mono (this one has ${channels} channels)`);
  if (samples.length === 0) throw new VoicedClipError('the stored clip holds no audio');
  return { sampleRate, samples };
}
