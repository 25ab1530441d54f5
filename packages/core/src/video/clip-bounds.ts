// Where a clip begins and ends: the span asked for, snapped to the transcript's lines, so a
// clip never starts or stops inside a sentence. The start moves to the nearest line start,
// the end to the nearest line end after it; a span that snapping would stretch past the
// bound ends at the last whole line inside it. Lines may overlap (a reaction said under
// another line, a line that cuts in): a clip never starts or ends where another line is still
// being said, so a reaction's own start and end are no place to cut, and neither is a line's
// end that a cut-in has already begun over. Refusals are the interface's 400s.
import { AppError } from '../errors.ts';
import { MAX_CLIP_MS } from './video-shapes.ts';

export interface TimedLine {
  startMs: number;
  endMs: number;
}

export interface ClipBounds {
  startMs: number;
  endMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;

function nearest<T>(items: readonly T[], distance: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const item of items) {
    const d = distance(item);
    if (d < bestDistance) {
      best = item;
      bestDistance = d;
    }
  }
  return best;
}

/** Checks the span asked for against the audio, then snaps it to `lines` (in time order). */
export function snapClipBounds(asked: ClipBounds, lines: readonly TimedLine[], audioMs: number): ClipBounds {
  const { startMs, endMs } = asked;
  if (endMs <= startMs) throw AppError.validation(`A clip must end after it starts (startMs ${startMs}, endMs ${endMs})`);
  if (endMs - startMs > MAX_CLIP_MS) throw AppError.validation(`A clip is at most ${seconds(MAX_CLIP_MS)}; this one is ${seconds(endMs - startMs)}`);
  if (endMs > audioMs) throw AppError.validation(`The clip ends at ${seconds(endMs)}, past the end of the episode (${seconds(audioMs)})`);
  // Where nothing else is being said: the starts and ends a clip may take.
  const heard = (ms: number, except: TimedLine) => lines.some((other) => other !== except && other.startMs < ms && other.endMs > ms);
  const first = nearest(lines.filter((line) => !heard(line.startMs, line)), (line) => Math.abs(line.startMs - startMs));
  if (!first) throw AppError.validation('The episode has no transcript lines to clip');
  const after = lines.filter((line) => line.endMs > first.startMs && !heard(line.endMs, line));
  const last = nearest(after, (line) => Math.abs(line.endMs - endMs)) ?? first;
  if (last.endMs - first.startMs <= MAX_CLIP_MS) return { startMs: first.startMs, endMs: last.endMs };
  // Snapping outward went past the bound: end at the last line that still fits.
  const fitting = after.filter((line) => line.endMs - first.startMs <= MAX_CLIP_MS).at(-1);
  if (!fitting) throw AppError.validation(`The line at ${seconds(first.startMs)} alone is longer than ${seconds(MAX_CLIP_MS)}`);
  return { startMs: first.startMs, endMs: fitting.endMs };
}
