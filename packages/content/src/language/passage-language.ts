// Passages of a source in another language than the episode's, and what becomes of them:
// the one rule every writer follows, asked per sentence or paragraph (the built-in writer
// asks it of every sentence, the script stage of every paragraph of the text any writer is
// given, and a source in another language can be judged by it as a whole).
// - A short passage in another language Castwright speaks (a quote: at most
//   QUOTE_MAX_WORDS words in a row) is kept, in its own language: the script line that
//   reads it carries that language and is voiced by a voice of it, as a listener expects
//   a quote to sound.
// - A longer run (the untranslated paragraphs of a translated manual) is left out: read by
//   the episode's hosts it would be another language in the wrong voice, and read in its
//   own it would be minutes of a language the listener did not ask for. The episode says
//   what was left out (its `languageNote`).
// - A passage in a language Castwright does not speak has no voice of its own: left out
//   whatever its length, and said too.
// Detection is Nito-ELD's (detect-language.ts), trusted only where it is reliable, the text
// has enough letters, and the episode's own language is not a close second.
import { eld } from 'eld/medium';
import { baseLanguage, LANGUAGE_NAMES, type Language } from '@castwright/core/languages';
import type { ScriptLine } from '@castwright/core/script-lines';
import { countWords } from '../text/sentences.ts';
import { languageOfCode } from './detect-language.ts';

/** The longest run of another language kept as a quote, in words. */
const QUOTE_MAX_WORDS = 40;
/** Letters (a Han or kana character counts three) a passage needs before its language is judged: about three words. */
const MIN_JUDGED_LETTERS = 16;
/** The episode's language this close to the best guess keeps the passage in it (names and loanwords look foreign). */
const EPISODE_LANGUAGE_MARGIN = 0.9;

/** A passage's language: the episode's, or another (its ISO 639-1 code; `language` when Castwright speaks it). */
export type PassageLanguage = { kind: 'episode' } | { kind: 'other'; code: string; language: Language | undefined };

const displayNames = new Intl.DisplayNames('en', { type: 'language' });

function letterWeight(text: string): number {
  const letters = text.match(/[\p{L}\p{M}]/gu)?.length ?? 0;
  const ideographs = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return letters + 2 * ideographs;
}

/** The language of one sentence or paragraph, judged against the episode's: the episode's unless clearly another. */
export function passageLanguage(text: string, episode: Language): PassageLanguage {
  if (letterWeight(text) < MIN_JUDGED_LETTERS) return { kind: 'episode' };
  const result = eld.detect(text);
  const code = result.language;
  if (!code || !result.isReliable() || code === baseLanguage(episode)) return { kind: 'episode' };
  const scores = result.getScores();
  if ((scores[baseLanguage(episode)] ?? 0) >= (scores[code] ?? 0) * EPISODE_LANGUAGE_MARGIN) return { kind: 'episode' };
  return { kind: 'other', code, language: languageOfCode(code) };
}

/** One passage of a source, in order; passages of one paragraph share its number. */
export interface Passage {
  text: string;
  paragraph: number;
}

/** What becomes of a passage: read in the episode's language, kept as a quote in its own, or left out. */
export type PassageFate = { kind: 'episode' } | { kind: 'quote'; language: Language } | { kind: 'left-out' };

/** A run of another language left out, for the episode's note. */
export interface LeftOutRun {
  /** ISO 639-1 code of the run's language. */
  code: string;
  words: number;
  passages: number;
}

export interface JudgedPassages {
  fates: PassageFate[];
  leftOut: LeftOutRun[];
  /** Quotes kept in their own language, by language. */
  quotes: Partial<Record<Language, number>>;
}

/**
 * The fate of each passage. A paragraph is judged whole (more text, a surer answer) and
 * its sentences take its language unless one is clearly another; consecutive passages of
 * one other language form a run, kept as a quote up to QUOTE_MAX_WORDS words.
 */
export function judgePassages(passages: readonly Passage[], episode: Language): JudgedPassages {
  const byParagraph = new Map<number, PassageLanguage>();
  const paragraphText = new Map<number, string>();
  for (const passage of passages) paragraphText.set(passage.paragraph, `${paragraphText.get(passage.paragraph) ?? ''} ${passage.text}`);
  for (const [paragraph, text] of paragraphText) byParagraph.set(paragraph, passageLanguage(text, episode));
  const languages = passages.map((passage) => {
    const own = passageLanguage(passage.text, episode);
    const paragraph = byParagraph.get(passage.paragraph) ?? { kind: 'episode' };
    // A sentence too short to tell alone takes its paragraph's language.
    return own.kind === 'other' || letterWeight(passage.text) >= MIN_JUDGED_LETTERS * 2 ? own : paragraph;
  });
  const fates: PassageFate[] = passages.map(() => ({ kind: 'episode' }));
  const leftOut: LeftOutRun[] = [];
  const quotes: Partial<Record<Language, number>> = {};
  for (let start = 0; start < passages.length; ) {
    const first = languages[start] as PassageLanguage;
    if (first.kind === 'episode') {
      start += 1;
      continue;
    }
    let end = start + 1;
    while (end < passages.length && sameOther(languages[end] as PassageLanguage, first)) end += 1;
    const words = passages.slice(start, end).reduce((sum, passage) => sum + countWords(passage.text), 0);
    if (first.language && words <= QUOTE_MAX_WORDS) {
      for (let index = start; index < end; index++) fates[index] = { kind: 'quote', language: first.language };
      quotes[first.language] = (quotes[first.language] ?? 0) + 1;
    } else {
      for (let index = start; index < end; index++) fates[index] = { kind: 'left-out' };
      leftOut.push({ code: first.code, words, passages: end - start });
    }
    start = end;
  }
  return { fates, leftOut, quotes };
}

function sameOther(language: PassageLanguage, other: Extract<PassageLanguage, { kind: 'other' }>): boolean {
  return language.kind === 'other' && language.code === other.code;
}

const languageName = (code: string) => displayNames.of(code) ?? code;

/** The lines of a script said in another language than the episode's, counted by language. */
export function quotesIn(lines: readonly Pick<ScriptLine, 'language'>[]): Partial<Record<Language, number>> {
  const quotes: Partial<Record<Language, number>> = {};
  for (const line of lines) if (line.language) quotes[line.language] = (quotes[line.language] ?? 0) + 1;
  return quotes;
}

/** What the episode says of its source's other languages; null when it had none. */
export function languageNote(judged: Pick<JudgedPassages, 'leftOut' | 'quotes'>, episode: Language): string | null {
  const parts: string[] = [];
  const left = new Map<string, number>();
  for (const run of judged.leftOut) left.set(run.code, (left.get(run.code) ?? 0) + run.words);
  for (const [code, words] of left) parts.push(`${words} words in ${languageName(code)} left out: the episode is in ${languageName(baseLanguage(episode))}`);
  for (const [language, count] of Object.entries(judged.quotes) as [Language, number][]) {
    const name = languageName(baseLanguage(language));
    parts.push(`${count === 1 ? 'a quote' : `${count} quotes`} in ${name} said in ${name} by a voice of it`);
  }
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * The text with its long runs of another language left out, paragraph by paragraph
 * (blank-line separated blocks; headings and short lines stay), for a writer that reads
 * the text itself (the LLM writer); quotes stay for the writer to read. Judged as
 * `judgePassages` judges, so both writers leave out the same runs.
 */
export function withoutLongRuns(text: string, episode: Language): { text: string; judged: JudgedPassages } {
  const blocks = text.split(/\n\s*\n/);
  const judged = judgePassages(blocks.map((block, paragraph) => ({ text: block, paragraph })), episode);
  const kept = blocks.filter((_, index) => judged.fates[index]?.kind !== 'left-out');
  return { text: kept.join('\n\n'), judged };
}

/** Why a source whose every passage is in another language makes no script: what to change. */
export function nothingInLanguage(episode: Language): string {
  return `The source has no text in ${LANGUAGE_NAMES[episode]}, the episode's language; set language to the source's to make the episode from it`;
}
