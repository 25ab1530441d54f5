// A voiced clip at another sample rate. One episode is mixed at one rate (its first line's),
// but its lines may come from voices of different rates: the built-in voice speaks English
// with Flite (16 kHz) and other languages with eSpeak NG (22.05 kHz), and a quote in another
// language is read by a voice of that language. ffmpeg resamples (its swr resampler is
// deterministic: the same clip gives the same samples, so a clip read twice while an episode
// is mastered digests the same).
import { ffmpegOutput, pcmInputArgs } from './ffmpeg-pcm.ts';
import type { VoicedClip } from './voiced-clip.ts';
import { float32Bytes, float32FromBytes } from './wav.ts';

export async function clipAtRate(clip: VoicedClip, sampleRate: number, signal?: AbortSignal): Promise<VoicedClip> {
  if (clip.sampleRate === sampleRate) return clip;
  const output = await ffmpegOutput([...pcmInputArgs(clip.sampleRate), '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', 'pipe:1'], { stdin: float32Bytes(clip.samples), ...(signal ? { signal } : {}) });
  return { sampleRate, samples: float32FromBytes(output) };
}
