// Transcript search in the episode's language. Positions are UTF-16 indices into the
// segment's original `text` (end exclusive), because folding can change a string's
// length ('İ' becomes 'i' + U+0307): the text is folded one code point at a time while
// remembering where each folded piece came from, and a match counts only when it starts
// and ends on whole original code points. Matching ignores case everywhere, and accents
// in the languages written in Latin letters (English, Spanish, French, Italian,
// Portuguese: "cafe" finds "café"), where readers type without them; Hindi's vowel signs,
// Japanese voicing marks and Chinese are never folded, since there they change the word.
// A match starts where a word starts, by the language's Unicode word boundaries
// (Intl.Segmenter, with dictionaries for Japanese and Chinese, which have no spaces), so
// "light" finds "lighthouse" but "house" does not, and 灯台 is found inside
// 灯台の歴史は古い.
import { baseLanguage, type Language } from '@castwright/core/languages';

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

export interface MatchRules {
  /** Fold Latin letters' accents away ("é" matches "e"). */
  foldAccents?: boolean;
  /** Where words start in a text; a match must start at one (unless the query starts with no letter or digit). */
  wordStarts?: (text: string) => ReadonlySet<number>;
}

/** Lower-cases one code point at a time (final sigma folds like sigma), so folding is context-free. */
export function foldCase(text: string, rules: Pick<MatchRules, 'foldAccents'> = {}): string {
  let folded = '';
  for (const char of text) folded += foldChar(char, rules.foldAccents === true);
  return folded;
}

function foldChar(char: string, accents: boolean): string {
  const lower = char.toLowerCase();
  const sigma = lower === 'ς' ? 'σ' : lower;
  return accents ? sigma.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : sigma;
}

/** Every non-overlapping, leftmost-first occurrence of `query` in `text`, as [start, end) of `text`. */
export function findMatches(text: string, query: string, rules: MatchRules = {}): [number, number][] {
  const accents = rules.foldAccents === true;
  const needle = foldCase(query, rules);
  if (needle === '') return [];
  const starts = rules.wordStarts && /^[\p{L}\p{N}]/u.test(query) ? rules.wordStarts(text) : undefined;
  let folded = '';
  // starts[k]: original index where the piece containing folded index k began; pieceStart marks piece starts.
  const origin: number[] = [];
  const pieceStart: boolean[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char, accents);
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
    if (pieceStart[at] && pieceStart[end] && (!starts || starts.has(origin[at] as number))) {
      matches.push([origin[at] as number, origin[end] as number]);
      from = end;
    } else {
      from = at + 1;
    }
  }
  return matches;
}

/** The languages whose readers search without accents: those written in Latin letters. */
const ACCENT_FOLDING = new Set(['en', 'es', 'fr', 'it', 'pt']);

/** How a language is searched: its accents folded or not, and its own word boundaries. */
function matchRulesFor(language: Language): MatchRules {
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  return {
    foldAccents: ACCENT_FOLDING.has(baseLanguage(language)),
    // After an apostrophe inside a word a word starts too: "l'île", "dell'isola", "d'Ouessant".
    wordStarts: (text) =>
      new Set([...segmenter.segment(text)].filter((part) => part.isWordLike).flatMap((part) => [part.index, ...[...part.segment.matchAll(/['’](?=\p{L})/gu)].map((mark) => part.index + mark.index + 1)])),
  };
}

export function searchTranscript(segments: readonly SearchableSegment[], query: string, language: Language = 'en'): { matches: TranscriptMatch[]; totalMatches: number } {
  const matches: TranscriptMatch[] = [];
  let totalMatches = 0;
  const rules = matchRulesFor(language);
  for (const segment of segments) {
    const positions = findMatches(segment.text, query, rules);
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
