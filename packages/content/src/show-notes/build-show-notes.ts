// Show notes from the script as it was spoken: a summary and key points (the most
// central sentences), topics (the key phrases: noun phrases, never stop words), and
// chapters whose timestamps are the real start times of the rendered segments.
// Chapters begin where the talk changes subject (the lines around the cut share the
// least vocabulary), about one every two minutes, or where they are given (e.g. the
// sections a script was written in), and each is titled by its own key phrase.
import type { ShowNotes } from '@castwright/core/show-notes';
import { analyseParagraph, type AnalysedSentence } from '../nlp/english-text.ts';
import { CaseEvidence, keyPhrases, scorePhrases } from '../nlp/key-phrases.ts';
import { nounLemmas, shiftPoints } from '../nlp/topic-shifts.ts';
import { formatTimestamp } from '../search/transcript-search.ts';
import { isHostPhrasing } from '../script/offline-phrasing.ts';
import { isWholeSentence } from '../script/spoken-text.ts';

export interface TimedLine {
  speaker: string;
  text: string;
  startTimeMs: number;
}

/** About one chapter per this much audio, or per this many segments, whichever gives more. */
const CHAPTER_MS = 120_000;
const SEGMENTS_PER_CHAPTER = 8;
const MAX_CHAPTERS = 12;
const TOPICS = 8;

export function buildShowNotes(segments: readonly TimedLine[], options: { chapterStarts?: readonly number[] } = {}): ShowNotes {
  if (segments.length === 0) return { summary: '', keyPoints: [], topics: [], chapters: [] };
  const analysed = segments.map((segment) => analyseParagraph(segment.text));
  // The opening and closing lines are greetings, not content, when there is more to go on;
  // questions name subjects but state nothing, and the hosts' framing is not the subject.
  const bodyRange = segments.length > 4 ? analysed.slice(1, -1) : analysed;
  const statements = bodyRange.flat().filter(isStatement);
  const evidence = new CaseEvidence(analysed.flat());
  // Summary and key points are statements of substance, not the hosts' short links between them.
  const summaryPool = statements.filter((sentence) => isWholeSentence(sentence) && sentence.words.length >= 8);
  const ranked = rankByKeyPhrases(summaryPool.length > 0 ? summaryPool : statements, evidence);
  const summary = ranked.slice(0, 2).sort((a, b) => a.index - b.index).map((entry) => entry.sentence.text).join(' ');
  const keyCount = Math.min(6, Math.max(3, Math.round(statements.length / 8)));
  const keyPoints = ranked.slice(0, keyCount).sort((a, b) => a.index - b.index).map((entry) => entry.sentence.text);
  const starts = options.chapterStarts && options.chapterStarts.length > 0 ? normaliseStarts(options.chapterStarts, segments.length) : chapterStarts(segments, analysed);
  const used = new Set<string>();
  const chapters = starts.map((start, n) => {
    const end = starts[n + 1] ?? segments.length;
    const timestampMs = Math.max(0, Math.floor((segments[start] as TimedLine).startTimeMs));
    const part = analysed.slice(start, end).flat().filter(isStatement);
    return { title: chapterTitle(part.length > 0 ? part : analysed.slice(start, end).flat(), evidence, used, n), timestamp: formatTimestamp(timestampMs), timestampMs };
  });
  return { summary, keyPoints, topics: keyPhrases(statements, TOPICS, evidence).map((phrase) => phrase.text), chapters };
}

/** A statement of the episode's substance: not a question, not the built-in writer's framing. */
function isStatement(sentence: AnalysedSentence): boolean {
  return !sentence.text.endsWith('?') && !isHostPhrasing(sentence.text);
}

function rankByKeyPhrases(sentences: readonly AnalysedSentence[], evidence: CaseEvidence): { sentence: AnalysedSentence; index: number; score: number }[] {
  const scores = new Map(scorePhrases(sentences, evidence).map((phrase) => [phrase.key, phrase.score]));
  return sentences
    .map((sentence, index) => {
      const carried = sentence.phrases.reduce((sum, phrase) => sum + (scores.get(phrase.key) ?? 0), 0);
      return { sentence, index, score: carried / Math.sqrt(Math.max(4, sentence.words.length)) };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

function normaliseStarts(starts: readonly number[], count: number): number[] {
  return [...new Set([0, ...starts.filter((start) => Number.isInteger(start) && start >= 0 && start < count)])].sort((a, b) => a - b);
}

/** Segment indices where chapters begin (always 0 first): the strongest topic shifts. */
function chapterStarts(segments: readonly TimedLine[], analysed: readonly AnalysedSentence[][] = segments.map((segment) => analyseParagraph(segment.text))): number[] {
  const last = segments.at(-1) as TimedLine;
  const count = Math.min(MAX_CHAPTERS, Math.max(1, Math.round(last.startTimeMs / CHAPTER_MS), Math.ceil(segments.length / SEGMENTS_PER_CHAPTER)));
  return shiftPoints(analysed.map((sentences) => nounLemmas(...sentences)), count);
}

/** The chapter's best key phrase not already a title; "Part n" only when it names nothing. */
function chapterTitle(sentences: readonly AnalysedSentence[], evidence: CaseEvidence, used: Set<string>, index: number): string {
  const phrase = keyPhrases(sentences, 6, evidence).find((candidate) => !used.has(candidate.key));
  if (!phrase) return `Part ${index + 1}`;
  used.add(phrase.key);
  return phrase.text.charAt(0).toUpperCase() + phrase.text.slice(1);
}
