// The built-in writer's turns: chosen sentences grouped into answer-sized turns, the
// subject a question before an answer asks about, and two lines in a row by one host
// joined into one.
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
 * The subject of the question before an answer: the most central noun phrase the
 * answer itself is about (its first sentence counts most), not one asked about just
 * before. Undefined when the answer has no noun phrase fit to ask about.
 */
export function questionSubject(document: SourceDocument, turn: readonly SourceSentence[], recent: string[], section: number): string | undefined {
  let best: { phrase: NounPhrase; score: number } | undefined;
  turn.forEach((sentence, position) => {
    for (const phrase of sentence.analysis.phrases) {
      const words = phrase.words.filter((word) => word.type === 'word').length;
      if (!isSubjectLike(phrase) || words > MAX_KEY_PHRASE_WORDS || hasMarkup(phrase.text)) continue;
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
    if (last && last.speaker === draft.speaker && !(draft.section && (last.section || last.note.sources.length > 0))) {
      last.parts.push(...draft.parts);
      const language = last.note.language ?? draft.note.language;
      last.note = { subjects: [...last.note.subjects, ...draft.note.subjects], sources: [...last.note.sources, ...draft.note.sources], ...(language ? { language } : {}) };
      last.section ??= draft.section;
    } else {
      merged.push({ ...draft, parts: [...draft.parts] });
    }
  }
  return merged;
}

