// Where a voiced line pauses: stretches inside the clip where the voice is silent, found in
// its envelope (the level of each 10 ms frame against the line's own speech level). Every
// engine's clips have them between sentences and at phrase breaks, whether or not the
// engine reports any timing, and they are found again the same from the stored clip, so a
// re-render places what sits in them exactly where the first render did.
import type { VoicedClip } from './voiced-clip.ts';

export interface Pause {
  /** First silent sample. */
  startSample: number;
  /** One past the last silent sample: where the voice comes back. */
  endSample: number;
}

const FRAME_MS = 10;
/** Silence is this far below the line's speech level (its 90th-percentile frame)… */
const BELOW_SPEECH_DB = 40;
/** …and never above this, whatever the level. */
const SILENCE_CEILING_DBFS = -45;
/** Shorter stillness is a stop consonant or a breath between words, not a pause. */
const MIN_PAUSE_MS = 150;

const levelDb = (sumSquares: number, count: number) => 10 * Math.log10(sumSquares / Math.max(1, count) + 1e-12);

/** The clip's pauses, in order; the silence trimmed off its ends is not one of them. */
export function findPauses(clip: VoicedClip): Pause[] {
  const frame = Math.max(1, Math.round((clip.sampleRate * FRAME_MS) / 1000));
  const frames = Math.floor(clip.samples.length / frame);
  if (frames < 3) return [];
  const levels = new Float64Array(frames);
  for (let index = 0; index < frames; index += 1) {
    let sum = 0;
    for (let at = index * frame; at < (index + 1) * frame; at += 1) sum += (clip.samples[at] as number) ** 2;
    levels[index] = levelDb(sum, frame);
  }
  const sorted = [...levels].sort((a, b) => a - b);
  const speech = sorted[Math.floor(sorted.length * 0.9)] as number;
  const threshold = Math.min(speech - BELOW_SPEECH_DB, SILENCE_CEILING_DBFS);
  const minFrames = Math.ceil(MIN_PAUSE_MS / FRAME_MS);
  const pauses: Pause[] = [];
  let runStart = -1;
  for (let index = 0; index <= frames; index += 1) {
    const silent = index < frames && (levels[index] as number) < threshold;
    if (silent && runStart < 0) runStart = index;
    if (!silent && runStart >= 0) {
      // Only pauses with voice on both sides: inside the line.
      if (runStart > 0 && index < frames && index - runStart >= minFrames) pauses.push({ startSample: runStart * frame, endSample: index * frame });
      runStart = -1;
    }
  }
  return pauses;
}
