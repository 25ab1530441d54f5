// Where the terms of a pronunciation lexicon occur in a line. The rules, in one place
// for every engine and for the segment key:
// - whole words only: a match must start and end on a Unicode word boundary (UAX #29, via
//   Intl.Segmenter; dictionary-based for Chinese, Japanese and Thai), so "SQL" is not found
//   in "SQLite", nor "Node" in "Node.js"; a possessive 's after the term still counts
//   ("SQL's" says the term);
// - a term may be several words; any run of whitespace in the line matches its spaces;
// - any capitalisation unless the entry is case-sensitive (Unicode case folding);
// - where matches overlap, the longest wins, then the earliest, then a case-sensitive entry
//   (the more specific one), then the entry listed first;
// - Unicode NFC on both sides, so the same letters typed two ways match.

import type { PronunciationEntry } from '../segment-key.ts';

export interface TermMatch {
  /** UTF-16 offsets into the NFC text. */
  start: number;
  end: number;
  entry: PronunciationEntry;
}

interface CompiledEntry {
  entry: PronunciationEntry;
  pattern: RegExp;
  order: number;
}

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });
/** An apostrophe-s that ends a word: "SQL's", "Nguyen’s". */
const POSSESSIVE = /^['’]s(?![\p{L}\p{M}\p{N}_])/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function compile(entry: PronunciationEntry, order: number): CompiledEntry | undefined {
  const words = entry.term.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return undefined;
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), entry.caseSensitive ? 'gu' : 'giu');
  return { entry, pattern, order };
}

function wordBoundaries(text: string): Set<number> {
  const boundaries = new Set<number>([0, text.length]);
  for (const { index } of wordSegmenter.segment(text)) boundaries.add(index);
  return boundaries;
}

/** An account's entries, compiled once for all the lines of a render. */
export class Lexicon {
  private readonly compiled: CompiledEntry[];

  constructor(entries: readonly PronunciationEntry[]) {
    this.compiled = entries.flatMap((entry, order) => compile(entry, order) ?? []);
  }

  get size(): number {
    return this.compiled.length;
  }

  /** The matches that apply in `text` (NFC), in text order, none overlapping. */
  matches(text: string): TermMatch[] {
    const line = text.normalize('NFC');
    if (this.compiled.length === 0 || line.length === 0) return [];
    let boundaries: Set<number> | undefined; // segmented only for a line that holds a term
    const candidates: (TermMatch & { order: number })[] = [];
    for (const { entry, pattern, order } of this.compiled) {
      pattern.lastIndex = 0;
      for (let found = pattern.exec(line); found; found = pattern.exec(line)) {
        const start = found.index;
        const end = start + found[0].length;
        boundaries ??= wordBoundaries(line);
        if (boundaries.has(start) && (boundaries.has(end) || POSSESSIVE.test(line.slice(end)))) candidates.push({ start, end, entry, order });
        // One step on, not past the match: an occurrence that fails its boundaries may hide one that does not.
        pattern.lastIndex = start + ((line.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
      }
    }
    candidates.sort(
      (a, b) =>
        b.end - b.start - (a.end - a.start) ||
        a.start - b.start ||
        Number(b.entry.caseSensitive === true) - Number(a.entry.caseSensitive === true) ||
        a.order - b.order,
    );
    const chosen: TermMatch[] = [];
    for (const candidate of candidates) {
      if (chosen.every((match) => candidate.end <= match.start || candidate.start >= match.end)) {
        chosen.push({ start: candidate.start, end: candidate.end, entry: candidate.entry });
      }
    }
    return chosen.sort((a, b) => a.start - b.start);
  }

  /** The entries that change how `text` is said: each once, in the lexicon's order. */
  entriesIn(text: string): PronunciationEntry[] {
    const applied = new Set(this.matches(text).map((match) => match.entry));
    return this.compiled.filter(({ entry }) => applied.has(entry)).map(({ entry }) => entry);
  }
}

/** `text` (NFC) with every match of `entries` replaced by what `replacement` makes of it. */
export function replaceTerms(text: string, entries: readonly PronunciationEntry[], replacement: (entry: PronunciationEntry) => string): string {
  const line = text.normalize('NFC');
  let out = '';
  let last = 0;
  for (const match of new Lexicon(entries).matches(line)) {
    out += line.slice(last, match.start) + replacement(match.entry);
    last = match.end;
  }
  return out + line.slice(last);
}
