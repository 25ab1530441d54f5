// Lines that overlap another: a reaction (a listening host's "Mm-hm." mixed under the line
// it reacts to, in a pause of it) and a cut-in (a line that starts before the line before
// it ends). Their bounds and rules, shared by the writers (which keep them), the script
// endpoints (which answer 400 when an edit breaks them) and the renderer (which places them),
// and how they are stored: beside the script's text, one entry per line (null for a whole
// line), in `episodes.script_overlaps` and `episode_revisions.script_overlaps`.
import type { ScriptLine } from './script-lines.ts';

/** Longest reaction: an interjection, not a turn ("Wait, really? Twenty miles?"). */
export const MAX_REACTION_CHARACTERS = 80;
/** Longest cut-in overlap: a second and a half of both voices at once. */
export const MAX_OVERLAP_MS = 1500;

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Where each spoken word of a line ends, as a character offset into its text: words as
 * Intl.Segmenter finds them (dictionary-based in Japanese and Chinese, which have no spaces).
 * A reaction's `afterWord` counts these.
 */
export function wordEnds(text: string): number[] {
  const ends: number[] = [];
  for (const part of wordSegmenter.segment(text)) if (part.isWordLike) ends.push(part.index + part.segment.length);
  return ends;
}

/** The line a reaction at `index` is mixed under: the nearest line before it that is no reaction; undefined for none. */
export function reactionHost(lines: readonly ScriptLine[], index: number): number | undefined {
  for (let at = index - 1; at >= 0; at -= 1) if (!(lines[at] as ScriptLine).reaction) return at;
  return undefined;
}

/**
 * How far into its host line's text a reaction sits, 0 to 1: the share of the characters
 * said before it (speech runs about evenly through a line's characters), from which the
 * renderer looks for the nearest pause it can sit in.
 */
export function reactionShare(hostText: string, afterWord: number): number {
  const ends = wordEnds(hostText);
  if (ends.length === 0) return 1;
  const end = ends[Math.min(Math.max(afterWord, 1), ends.length) - 1] as number;
  return Math.min(1, end / Math.max(1, hostText.length));
}

/**
 * Where a reaction to `hostText` goes when none is named: after the sentence that ends
 * nearest the middle of the line (not its last), else after its last word.
 */
export function defaultAfterWord(hostText: string): number {
  const ends = wordEnds(hostText);
  const sentenceEnds = sentenceEndWords(hostText).filter((word) => word < ends.length);
  if (sentenceEnds.length === 0) return Math.max(1, ends.length);
  const middle = ends.length / 2;
  return sentenceEnds.reduce((best, word) => (Math.abs(word - middle) < Math.abs(best - middle) ? word : best));
}

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** The word counts at which each sentence of `text` ends (the last is every word). */
export function sentenceEndWords(text: string): number[] {
  const ends = wordEnds(text);
  const counts: number[] = [];
  for (const sentence of sentenceSegmenter.segment(text)) {
    const end = sentence.index + sentence.segment.trimEnd().length;
    const words = ends.filter((wordEnd) => wordEnd <= end).length;
    if (words > 0 && words !== counts.at(-1)) counts.push(words);
  }
  return counts;
}

/** What is wrong with the script's reactions and cut-ins, by line index: empty when nothing is. */
export function overlapProblems(lines: readonly ScriptLine[]): { index: number; problem: string }[] {
  return lines.flatMap((_, index) => lineOverlapProblems(lines, index).map((problem) => ({ index, problem })));
}

/** What is wrong with line `index` as a reaction or cut-in, judged by the lines before it alone (so a line can be judged as it comes). */
export function lineOverlapProblems(lines: readonly ScriptLine[], index: number): string[] {
  const line = lines[index];
  if (!line) return [];
  const problems: string[] = [];
  const say = (problem: string) => problems.push(problem);
  if (line.reaction && line.overlapMs !== undefined) say('a line is a reaction or a cut-in, not both');
  if (line.reaction) {
    const host = reactionHost(lines, index);
    if (host === undefined) {
      say('a reaction goes under a line before it: the script cannot start with one');
      return problems;
    }
    const hostLine = lines[host] as ScriptLine;
    if (hostLine.speaker === line.speaker) say(`a reaction is by a host who is listening: ${line.speaker} speaks the line it goes under`);
    if (line.section) say('a reaction cannot open a section: the section starts with the line it goes under or after it');
    if (line.text.length > MAX_REACTION_CHARACTERS) say(`a reaction is at most ${MAX_REACTION_CHARACTERS} characters`);
    if (!Number.isInteger(line.reaction.afterWord) || line.reaction.afterWord < 1) say('afterWord counts the words of the line before the reaction, from 1');
    else if (line.reaction.afterWord > wordEnds(hostLine.text).length) say(`afterWord is past the end of the line it goes under (${wordEnds(hostLine.text).length} words)`);
  }
  if (line.overlapMs !== undefined) {
    const previous = lines[index - 1];
    if (!previous) {
      say('a cut-in starts before the line before it ends: the script cannot start with one');
      return problems;
    }
    if (previous.reaction) say('a cut-in follows a whole line, not a reaction');
    else if (previous.speaker === line.speaker) say(`a cut-in is by another host: ${line.speaker} speaks the line before it`);
    if (!Number.isInteger(line.overlapMs) || line.overlapMs < 1 || line.overlapMs > MAX_OVERLAP_MS) say(`overlapMs is 1 to ${MAX_OVERLAP_MS}`);
  }
  return problems;
}

/** How one line overlaps the one before it, as stored. */
type StoredOverlap = { reaction: { afterWord: number } } | { overlapMs: number } | null;

/** The script's overlaps as JSON text for its column, one entry per line; null when no line overlaps another. */
export function scriptOverlapsColumn(lines: readonly ScriptLine[]): string | null {
  const entries: StoredOverlap[] = lines.map((line) => (line.reaction ? { reaction: { afterWord: line.reaction.afterWord } } : line.overlapMs !== undefined ? { overlapMs: line.overlapMs } : null));
  return entries.some((entry) => entry !== null) ? JSON.stringify(entries) : null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/** The lines with their stored overlaps (a column read back as JSON); entries that do not hold up are left out. */
export function withStoredOverlaps(lines: readonly ScriptLine[], value: unknown): ScriptLine[] {
  const entries = Array.isArray(value) && value.length === lines.length ? (value as unknown[]) : [];
  return lines.map((line, index) => {
    const entry = entries[index] as Record<string, unknown> | null | undefined;
    if (entry && typeof entry === 'object') {
      const afterWord = (entry.reaction as { afterWord?: unknown } | undefined)?.afterWord;
      if (isCount(afterWord)) return { ...line, reaction: { afterWord } };
      if (isCount(entry.overlapMs)) return { ...line, overlapMs: entry.overlapMs };
    }
    return line;
  });
}
