// Show notes from the script as it was spoken: a summary, key points and topics by
// extractive ranking, and chapters whose timestamps are the real start times of the
// rendered segments. Chapters split the episode into parts of similar length, each
// boundary moved to the nearby segment where the vocabulary shifts the most, or
// taken as given (e.g. the sections an LLM wrote the script in).
import { splitSentences } from '../text/sentences.ts';
import { formatTimestamp } from '../search/transcript-search.ts';
import { contentWords, keyTerm, rankSentences } from '../script/sentence-ranking.ts';

export interface TimedLine {
  speaker: string;
  text: string;
  startTimeMs: number;
}

export interface Chapter {
  title: string;
  timestamp: string;
  timestampMs: number;
}

export interface ShowNotes {
  summary: string;
  keyPoints: string[];
  topics: string[];
  chapters: Chapter[];
}

/** About one chapter per this much audio, or per this many segments, whichever gives more. */
const CHAPTER_MS = 120_000;
const SEGMENTS_PER_CHAPTER = 8;
const MAX_CHAPTERS = 12;
const WINDOW = 3;

export function buildShowNotes(segments: readonly TimedLine[], options: { chapterStarts?: readonly number[] } = {}): ShowNotes {
  if (segments.length === 0) return { summary: '', keyPoints: [], topics: [], chapters: [] };
  // The opening and closing lines are greetings, not content, when there is more to go on.
  const body = segments.length > 4 ? segments.slice(1, -1) : segments;
  const sentences = body.flatMap((segment) => splitSentences(segment.text));
  const ranked = rankSentences(sentences).sort((a, b) => b.score - a.score);
  const summary = ranked.slice(0, 2).sort((a, b) => a.index - b.index).map((sentence) => sentence.text).join(' ');
  const keyCount = Math.min(6, Math.max(3, Math.round(sentences.length / 8)));
  const keyPoints = ranked.slice(0, keyCount).sort((a, b) => a.index - b.index).map((sentence) => sentence.text);
  const starts = options.chapterStarts && options.chapterStarts.length > 0 ? normaliseStarts(options.chapterStarts, segments.length) : chapterStarts(segments);
  const chapters = starts.map((start, n) => {
    const end = starts[n + 1] ?? segments.length;
    const part = segments.slice(start, end);
    const timestampMs = Math.max(0, Math.floor((segments[start] as TimedLine).startTimeMs));
    return { title: chapterTitle(part, n), timestamp: formatTimestamp(timestampMs), timestampMs };
  });
  return { summary, keyPoints, topics: topics(body), chapters };
}

function normaliseStarts(starts: readonly number[], count: number): number[] {
  return [...new Set([0, ...starts.filter((start) => Number.isInteger(start) && start >= 0 && start < count)])].sort((a, b) => a - b);
}

/** Segment indices where chapters begin; always 0 first. */
export function chapterStarts(segments: readonly TimedLine[]): number[] {
  const last = segments.at(-1) as TimedLine;
  const count = Math.min(MAX_CHAPTERS, Math.max(1, Math.round(last.startTimeMs / CHAPTER_MS), Math.ceil(segments.length / SEGMENTS_PER_CHAPTER)));
  const starts = [0];
  const vocab = segments.map((segment) => new Set(contentWords(segment.text)));
  for (let n = 1; n < count; n += 1) {
    const ideal = Math.round((n * segments.length) / count);
    let best = ideal;
    let bestOverlap = Number.POSITIVE_INFINITY;
    for (let candidate = ideal - 2; candidate <= ideal + 2; candidate += 1) {
      if (candidate <= (starts.at(-1) as number) || candidate >= segments.length) continue;
      const overlap = similarity(vocab.slice(Math.max(0, candidate - WINDOW), candidate), vocab.slice(candidate, candidate + WINDOW));
      if (overlap < bestOverlap) [best, bestOverlap] = [candidate, overlap];
    }
    if (best > (starts.at(-1) as number) && best < segments.length) starts.push(best);
  }
  return starts;
}

function similarity(before: Set<string>[], after: Set<string>[]): number {
  const a = new Set(before.flatMap((set) => [...set]));
  const b = new Set(after.flatMap((set) => [...set]));
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function chapterTitle(part: readonly TimedLine[], index: number): string {
  const term = keyTerm(part.map((segment) => segment.text).join(' '));
  if (!term) return `Part ${index + 1}`;
  return term.charAt(0).toUpperCase() + term.slice(1);
}

function topics(segments: readonly TimedLine[]): string[] {
  const frequency = new Map<string, number>();
  for (const segment of segments) for (const word of contentWords(segment.text)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return [...frequency.entries()]
    .filter(([, count]) => count > 1 || frequency.size < 8)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 8)
    .map(([word]) => word);
}
