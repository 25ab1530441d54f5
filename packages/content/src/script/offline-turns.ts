// The built-in writer's turns: chosen sentences grouped into answer-sized turns, the
// subject a question before an answer asks about (in two content words at least), a
// turn's sentences by language (a quote in another language is a line of its own), and
// two lines in a row by one host, in one language, joined into one.
import type { Language } from '@castwright/core/languages';
import type { Speaker } from '@castwright/core/script-lines';
import type { NounPhrase } from '../nlp/english-text.ts';
import { headOf, isSubjectLike, MAX_KEY_PHRASE_WORDS } from '../nlp/key-phrases.ts';
import type { LineNote } from './offline-script-writer.ts';
import { withArticle, type SourceDocument, type SourceSentence } from './source-document.ts';
import { hasMarkup } from './spoken-text.ts';

/** A line as the writer drafts it, before lines in a row by one host are joined. */
export interface Draft {
  speaker: Speaker;
  parts: string[];
  note: LineNote;
  /** The title of the section this line starts. */
  section: string | undefined;
  /** A quote's own language, when it is not the episode's. */
  language?: Language | undefined;
}

/**
 * Chosen sentences in answer-sized turns: a new turn at about `turnWords`, or at a paragraph
 * or a skipped stretch once a turn has enough. `minSentences` (2 where the listening host
 * reacts: a reaction sits between two sentences of a line) holds a turn together until it
 * has that many, unless the source changes.
 */
export function groupTurns(sentences: readonly SourceSentence[], turnWords: number, minSentences = 1): SourceSentence[][] {
  const turns: SourceSentence[][] = [];
  let current: SourceSentence[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const previous = current.at(-1);
    const breakHere =
      previous !== undefined &&
      (sentence.source !== previous.source ||
        (current.length >= minSentences &&
          (words + sentence.words > turnWords * 1.3 ||
            words >= turnWords ||
            (sentence.paragraph !== previous.paragraph && words >= turnWords / 2) ||
            (sentence.index !== previous.index + 1 && words >= turnWords / 3 && !sentence.leansOnPrevious))));
    if (breakHere) {
      turns.push(current);
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += sentence.words;
  }
  if (current.length > 0) turns.push(current);
  return turns;
}

/**
 * A question names what it asks about in at least this many content words (not stop
 * words): "the night train's sleeping cars", never just "logging" or "the package", which
 * say little to a listener who has not read the source.
 */
const MIN_SUBJECT_WORDS = 2;

function contentWords(words: readonly { type: string; stopWord: boolean }[]): number {
  return words.filter((word) => word.type === 'word' && !word.stopWord).length;
}

/**
 * What a question about a section asks about when the answer has no noun phrase of its
 * own to name: the section's label when it says enough, else the section's best key phrase
 * that does; undefined when nothing does (the answer then follows the lead-in unasked).
 */
export function sectionSubject(document: SourceDocument, label: string, section: number): string | undefined {
  if (contentWords(document.analyse(label).flatMap((sentence) => sentence.words)) >= MIN_SUBJECT_WORDS) return label;
  const phrase = document.sections[section]?.keyPhrases.find((candidate) => contentWords(document.analyse(candidate.text).flatMap((sentence) => sentence.words)) >= MIN_SUBJECT_WORDS);
  return phrase ? withArticle(document, phrase.key, phrase.text) : undefined;
}

/**
 * The subject of the question before an answer: the most central noun phrase the
 * answer itself is about (its first sentence counts most), not one asked about just
 * before, named in at least MIN_SUBJECT_WORDS content words. Undefined when the answer
 * has no noun phrase fit to ask about.
 */
export function questionSubject(document: SourceDocument, turn: readonly SourceSentence[], recent: string[], section: number): string | undefined {
  let best: { phrase: NounPhrase; score: number } | undefined;
  turn.forEach((sentence, position) => {
    // A quote's words are another language's: the question asks about what the episode's language says.
    if (sentence.language) return;
    for (const phrase of sentence.analysis.phrases) {
      const words = phrase.words.filter((word) => word.type === 'word').length;
      if (!isSubjectLike(phrase) || words > MAX_KEY_PHRASE_WORDS || contentWords(phrase.words) < MIN_SUBJECT_WORDS || hasMarkup(phrase.text)) continue;
      // Without a tagger, only a phrase the text comes back to is surely a subject, and not the one just asked about; else the question names the section.
      if (phrase.head !== undefined && ((document.phraseOccurrences.get(phrase.key) ?? 0) < 2 || words > 3 || recent.includes(phrase.key))) continue;
      let score = document.phraseScores.get(phrase.key) ?? 0;
      if (position === 0) score *= 1.3;
      // Not what was just asked about, nor another phrase about the same thing ("the night train", "the modern night train").
      if (recent.includes(phrase.key) || recent.includes(headOf(phrase).lemma)) score *= 0.2;
      if (document.sections[section]?.keyPhrases[0]?.key === phrase.key && recent.length > 0) score *= 0.8;
      if (!best || score > best.score) best = { phrase, score };
    }
  });
  if (!best) return undefined;
  const chosen: NounPhrase = best.phrase;
  recent.push(chosen.key, headOf(chosen).lemma);
  if (recent.length > 8) recent.splice(0, recent.length - 8);
  return withArticle(document, chosen.key, document.evidence.phraseText(chosen));
}

/**
 * Two lines in a row by one host become one (a greeting and the first question, a recap
 * and a goodbye), except where a section starts after an answer or another section's
 * start: a chapter begins with the line that announces it.
 */
export function mergeSameSpeaker(drafts: readonly Draft[]): Draft[] {
  const merged: Draft[] = [];
  for (const draft of drafts) {
    const last = merged.at(-1);
    if (last && last.speaker === draft.speaker && last.language === draft.language && !(draft.section && (last.section || last.note.sources.length > 0))) {
      last.parts.push(...draft.parts);
      last.note = { subjects: [...last.note.subjects, ...draft.note.subjects], sources: [...last.note.sources, ...draft.note.sources], asked: [...last.note.asked, ...draft.note.asked] };
      last.section ??= draft.section;
    } else {
      merged.push({ ...draft, parts: [...draft.parts] });
    }
  }
  return merged;
}


/** Consecutive sentences of one language (the episode's, or a quote's own). */
export function byLanguage(sentences: readonly SourceSentence[]): SourceSentence[][] {
  const groups: SourceSentence[][] = [];
  for (const sentence of sentences) {
    const last = groups.at(-1);
    if (last && last[0]?.language === sentence.language) last.push(sentence);
    else groups.push([sentence]);
  }
  return groups;
}
