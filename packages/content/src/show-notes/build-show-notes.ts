// Show notes from the script as it was spoken: a summary and key points (the most
// central sentences), topics (the key phrases: noun phrases, never stop words), and
// chapters whose timestamps are the real start times of the rendered segments.
// Chapters are the script's own sections, titled as the host announces them
// (script/script-sections.ts). Only a script without sections (written before they
// existed, or by hand) gets chapters where the talk changes subject (the lines around
// the cut share the least vocabulary), about one every two minutes, each titled by its
// own key phrase.
import type { ShowNotes } from '@castwright/core/show-notes';
import type { Language } from '@castwright/core/languages';
import type { AnalysedSentence } from '../nlp/english-text.ts';
import { paragraphAnalyser } from '../nlp/text-analysis.ts';
import { CaseEvidence, keyPhrases, scorePhrases } from '../nlp/key-phrases.ts';
import { nounLemmas, shiftPoints } from '../nlp/topic-shifts.ts';
import { formatTimestamp } from '../search/transcript-search.ts';
import { isHostPhrasing } from '../script/host-phrasing.ts';
import { showPhrasing } from '../script/phrasing/phrasing-by-language.ts';
import type { ScriptSection } from '../script/script-sections.ts';
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

export interface ShowNotesOptions {
  /** The script's sections: where each starts (a segment index) and its title. */
  sections?: readonly ScriptSection[];
  /** The episode's language (English when left out): how its sentences are read and which framing is the hosts'. */
  language?: Language;
  /** Where a section starting at this segment begins, when not where the segment does (its sting or music in a show's mix). */
  chapterStartMs?: ((segment: number) => number | undefined) | undefined;
}

export function buildShowNotes(segments: readonly TimedLine[], options: ShowNotesOptions = {}): ShowNotes {
  if (segments.length === 0) return { summary: '', keyPoints: [], topics: [], chapters: [] };
  const language = options.language ?? 'en';
  const analyse = paragraphAnalyser(language);
  const analysed = segments.map((segment) => analyse(segment.text));
  const isStatement = (sentence: AnalysedSentence) => !/[?？]$/u.test(sentence.text) && !isHostPhrasing(sentence.text, language);
  // The opening and closing lines are greetings, not content, when there is more to go on;
  // questions name subjects but state nothing, and the hosts' framing is not the subject.
  const bodyRange = segments.length > 4 ? analysed.slice(1, -1) : analysed;
  const statements = bodyRange.flat().filter(isStatement);
  const evidence = new CaseEvidence(analysed.flat());
  // Summary and key points are statements of substance, not the hosts' short links between them.
  const summaryPool = statements.filter((sentence) => isWholeSentence(sentence) && sentence.words.length >= 8);
  const ranked = rankByKeyPhrases(summaryPool.length > 0 ? summaryPool : statements, evidence);
  const gap = showPhrasing(language).gap;
  const summary = ranked.slice(0, 2).sort((a, b) => a.index - b.index).map((entry) => entry.sentence.text).join(gap);
  const keyCount = Math.min(6, Math.max(3, Math.round(statements.length / 8)));
  const keyPoints = ranked.slice(0, keyCount).sort((a, b) => a.index - b.index).map((entry) => entry.sentence.text);
  const sections = validSections(options.sections ?? [], segments.length);
  const starts = sections.length > 0 ? sections.map((section) => section.start) : chapterStarts(segments, analysed);
  const { part } = showPhrasing(language);
  const used = new Set<string>();
  const chapters = starts.map((start, n) => {
    const end = starts[n + 1] ?? segments.length;
    const timestampMs = Math.max(0, Math.floor(options.chapterStartMs?.(start) ?? (segments[start] as TimedLine).startTimeMs));
    const said = analysed.slice(start, end).flat();
    const stated = said.filter(isStatement);
    const title = sections[n]?.title || chapterTitle(stated.length > 0 ? stated : said, evidence, used) || part(n + 1);
    return { title, timestamp: formatTimestamp(timestampMs), timestampMs };
  });
  return { summary, keyPoints, topics: keyPhrases(statements, TOPICS, evidence).map((phrase) => phrase.text), chapters };
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

/**
 * Sections in order, one per start, inside the script. Lines before the first section
 * (a script edited by hand) become a chapter of their own, titled by its key phrase
 * (an empty title here), so the chapters cover the episode from 0:00.
 */
function validSections(sections: readonly ScriptSection[], count: number): ScriptSection[] {
  const kept = [...new Map(sections.filter((section) => Number.isInteger(section.start) && section.start >= 0 && section.start < count && section.title.trim() !== '').map((section) => [section.start, section])).values()]
    .sort((a, b) => a.start - b.start);
  const first = kept[0];
  return first && first.start > 0 ? [{ start: 0, title: '' }, ...kept] : kept;
}

/** Segment indices where chapters begin (always 0 first): the strongest topic shifts. */
function chapterStarts(segments: readonly TimedLine[], analysed: readonly AnalysedSentence[][]): number[] {
  const last = segments.at(-1) as TimedLine;
  const count = Math.min(MAX_CHAPTERS, Math.max(1, Math.round(last.startTimeMs / CHAPTER_MS), Math.ceil(segments.length / SEGMENTS_PER_CHAPTER)));
  return shiftPoints(analysed.map((sentences) => nounLemmas(...sentences)), count);
}

/** The chapter's best key phrase not already a title; empty when it names nothing (it is then "Part n" in the episode's language). */
function chapterTitle(sentences: readonly AnalysedSentence[], evidence: CaseEvidence, used: Set<string>): string {
  const phrase = keyPhrases(sentences, 6, evidence).find((candidate) => !used.has(candidate.key));
  if (!phrase) return '';
  used.add(phrase.key);
  return phrase.text.charAt(0).toUpperCase() + phrase.text.slice(1);
}
