// Case-insensitive search in transcript segments. Positions are UTF-16 indices into
// the segment's original `text` (end exclusive), because lower-casing can change a
// string's length ('İ' becomes 'i' + U+0307): the text is folded one code point at a
// time while remembering where each folded piece came from, and a match counts only
// when it starts and ends on whole original code points.

export interface SearchableSegment {
  id: string;
  speaker: string;
  text: string;
  startTimeMs: number;
}

export interface TranscriptMatch {
  segmentId: string;
  speaker: string;
  text: string;
  timestampMs: number;
  timestamp: string;
  matchPositions: [number, number][];
}

/** Lower-cases one code point at a time (final sigma folds like sigma), so folding is context-free. */
export function foldCase(text: string): string {
  let folded = '';
  for (const char of text) folded += foldChar(char);
  return folded;
}

function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return lower === 'ς' ? 'σ' : lower;
}

/** Every non-overlapping, leftmost-first occurrence of `query` in `text`, as [start, end) of `text`. */
export function findMatches(text: string, query: string): [number, number][] {
  const needle = foldCase(query);
  if (needle === '') return [];
  let folded = '';
  // starts[k]: original index where the piece containing folded index k began; pieceStart marks piece starts.
  const origin: number[] = [];
  const pieceStart: boolean[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let k = 0; k < piece.length; k += 1) {
      origin.push(index);
      pieceStart.push(k === 0);
    }
    folded += piece;
    index += char.length;
  }
  origin.push(text.length);
  pieceStart.push(true);
  const matches: [number, number][] = [];
  let from = 0;
  for (;;) {
    const at = folded.indexOf(needle, from);
    if (at < 0) break;
    const end = at + needle.length;
    if (pieceStart[at] && pieceStart[end]) {
      matches.push([origin[at] as number, origin[end] as number]);
      from = end;
    } else {
      from = at + 1;
    }
  }
  return matches;
}

export function searchTranscript(segments: readonly SearchableSegment[], query: string): { matches: TranscriptMatch[]; totalMatches: number } {
  const matches: TranscriptMatch[] = [];
  let totalMatches = 0;
  for (const segment of segments) {
    const positions = findMatches(segment.text, query);
    if (positions.length === 0) continue;
    totalMatches += positions.length;
    matches.push({
      segmentId: segment.id,
      speaker: segment.speaker,
      text: segment.text,
      timestampMs: segment.startTimeMs,
      timestamp: formatTimestamp(segment.startTimeMs),
      matchPositions: positions,
    });
  }
  return { matches, totalMatches };
}

/** `MM:SS` from milliseconds, floored to the second; minutes go past 59 ('75:03'). */
export function formatTimestamp(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
