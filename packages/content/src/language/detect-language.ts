// Which language a source is in, when the client did not say: Nito-ELD (`eld`, its
// medium n-gram database, loaded once) on each paragraph, weighted by its letters, so a
// text that quotes another language is still the language most of it is written in.
// Only paragraphs eld calls reliable count. Too little of that (a title, a few words, a
// list of names) is `unclear`, and the caller takes English, as every episode was before
// languages; a clear language Castwright does not speak is `unsupported`.
import { eld } from 'eld/medium';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES_TEXT, type Language } from '@castwright/core/languages';

export type LanguageDetection =
  | { kind: 'detected'; language: Language }
  /** `tag` is the ISO 639-1 code eld gives; `name` its English name. */
  | { kind: 'unsupported'; tag: string; name: string }
  | { kind: 'unclear' };

/**
 * Letters of reliably identified text needed before a language is taken: about three
 * words. A Han or kana character counts three (it is about a word, and its script alone
 * says much); Devanagari's vowel signs count as letters.
 */
const MIN_DETECTION_LETTERS = 16;
/** Looked at at most, spread over the text: enough for any language, and a 200,000-character source stays fast. */
const SAMPLE_CHARACTERS = 20_000;
/** A supported language this close to the best guess wins it (Hindi and Marathi share a script and most n-grams). */
const NEAR_TIE = 0.97;

/** eld's codes for the languages Castwright speaks (English as American: eld does not tell the two apart). */
const FROM_ELD: Record<string, Language> = { en: 'en', es: 'es', fr: 'fr', it: 'it', pt: 'pt-BR', hi: 'hi', ja: 'ja', zh: 'zh' };
const displayNames = new Intl.DisplayNames('en', { type: 'language' });

/** The language Castwright speaks for one of eld's codes; undefined for the others. */
export function languageOfCode(code: string): Language | undefined {
  return FROM_ELD[code];
}

export function detectLanguage(text: string): LanguageDetection {
  const tally = new Map<string, number>();
  for (const paragraph of sampleParagraphs(text)) {
    const weight = letterWeight(paragraph);
    if (weight < 6) continue;
    const result = eld.detect(paragraph);
    if (!result.language || !result.isReliable()) continue;
    const language = preferSupported(result.language, result.getScores());
    tally.set(language, (tally.get(language) ?? 0) + weight);
  }
  const total = [...tally.values()].reduce((sum, weight) => sum + weight, 0);
  const best = [...tally.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best || total < MIN_DETECTION_LETTERS) return { kind: 'unclear' };
  const supported = FROM_ELD[best[0]];
  if (supported) return { kind: 'detected', language: supported };
  return { kind: 'unsupported', tag: best[0], name: displayNames.of(best[0]) ?? best[0] };
}

function preferSupported(language: string, scores: Record<string, number>): string {
  if (FROM_ELD[language]) return language;
  const top = scores[language] ?? 0;
  const close = Object.entries(scores).find(([code, score]) => FROM_ELD[code] && score >= top * NEAR_TIE);
  return close ? close[0] : language;
}

/** Paragraphs (blank-line or line separated), Markdown marks aside, from a sample spread over the whole text. */
function sampleParagraphs(text: string): string[] {
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:#{1,6}|[-*+]|\d+[.)]|\|)\s*/u, '').replace(/https?:\/\/\S+/gu, ' ').trim())
    .filter((line) => line !== '');
  const total = paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);
  if (total <= SAMPLE_CHARACTERS) return paragraphs;
  // Every k-th paragraph, so the sample covers the start, the middle and the end.
  const step = Math.ceil(total / SAMPLE_CHARACTERS);
  return paragraphs.filter((_, index) => index % step === 0);
}

function letterWeight(text: string): number {
  const letters = text.match(/[\p{L}\p{M}]/gu)?.length ?? 0;
  const ideographs = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return letters + 2 * ideographs;
}

/**
 * The language of a source the client gave none for: detected, or English when the text
 * cannot tell. A clear language Castwright does not speak is refused with `refuse`'s error.
 */
export function sourceLanguage(text: string, refuse: (message: string) => Error): { language: Language; detected: boolean } {
  const detection = detectLanguage(text);
  if (detection.kind === 'detected') return { language: detection.language, detected: true };
  if (detection.kind === 'unclear') return { language: DEFAULT_LANGUAGE, detected: false };
  throw refuse(
    `The source is in ${detection.name} (${detection.tag}), which Castwright does not speak; supported languages: ${SUPPORTED_LANGUAGES_TEXT}. ` +
      'Set language to one of them to make the episode anyway.',
  );
}
