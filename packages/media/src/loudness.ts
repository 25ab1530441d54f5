// Loudness targets, and the loudness of a file on disk. The renderer meters its
// timeline as it writes it (loudness-meter.ts); this is for audio it did not make,
// decoded once through ffmpeg into the same meter.

import { probeAudio } from './ffmpeg-tools.ts';
import { decodePcm } from './ffmpeg-pcm.ts';
import { LoudnessMeter } from './loudness-meter.ts';
import type { LoudnessReading } from './loudness-meter.ts';

export interface LoudnessTarget {
  integratedLufs: number;
  truePeakDbtp: number;
}

/** Podcast delivery: -16 LUFS integrated (the common mono and stereo podcast target), true peak at most -1.5 dBTP so lossy decoders don't clip. */
export const PODCAST_LOUDNESS: LoudnessTarget = { integratedLufs: -16, truePeakDbtp: -1.5 };

/** Mono audio as measured, with the rate it was measured at (its own). */
export interface MeasuredAudio {
  sampleRate: number;
  loudness: LoudnessReading;
}

/** Integrated loudness and true peak of any audio file ffmpeg reads, at its own sample rate, down-mixed to mono as the MP3 will be. */
export async function measureFileLoudness(file: string, signal?: AbortSignal): Promise<MeasuredAudio> {
  const { sampleRate } = await probeAudio(file);
  if (!sampleRate) throw new RangeError(`${file} reports no sample rate`);
  const meter = new LoudnessMeter(sampleRate);
  await decodePcm(file, { sampleRate, signal }, (samples) => meter.push(samples));
  return { sampleRate, loudness: meter.reading() };
}
