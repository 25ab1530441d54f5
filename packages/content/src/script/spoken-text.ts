// What may be spoken: whole sentences of plain words. The built-in writer takes only
// such sentences from the source, the LLM writer's lines are cleaned to it, and the
// writer evaluation (`npm run eval:writer`) measures scripts against the same rules.
import type { AnalysedSentence } from '../nlp/english-text.ts';
import { cleanInline } from '../text/clean-text.ts';

/** Characters a voice would read as noise, web addresses, and diagram symbols. */
const MARKUP = /[*_#|`<>{}[\]\\^~=@]|https?:\/\/|www\.|[\u2190-\u21FF\u2500-\u25FF\u27F0-\u27FF\u2900-\u297F]/u;

export function hasMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/**
 * A sentence a listener hears as complete: it starts with a capital (or a digit, an
 * opening quote or mark, or a letter of a script without case), ends with closing
 * punctuation (。 and । too), has a verb, at least three words, and its brackets and
 * quotes are balanced.
 */
export function isWholeSentence(sentence: AnalysedSentence): boolean {
  const text = sentence.text.trim();
  const wordCount = sentence.words.filter((word) => word.type === 'word' || word.type === 'number').length;
  return (
    /^["\u201C'\u2018(¿¡«「『]?[\p{Lu}\p{N}\p{Lo}]/u.test(text) &&
    /[.!?。！？।]["\u201D'\u2019)»」』]?$/u.test(text) &&
    sentence.hasVerb &&
    wordCount >= 3 &&
    balanced(text, '(', ')') &&
    balanced(text, '[', ']') &&
    (text.match(/["\u201C\u201D]/g) ?? []).length % 2 === 0
  );
}

function balanced(text: string, open: string, close: string): boolean {
  return text.split(open).length === text.split(close).length;
}

/**
 * An LLM's line made speakable: Markdown emphasis, headings and bullets, bracketed
 * stage directions ("[laughs]", "(music)"), URLs and e-mail addresses removed,
 * whitespace collapsed to one line.
 */
export function cleanSpokenLine(text: string): string {
  const cleaned = text
    .replace(/\r?\n+/g, ' ')
    .replace(/^\s*(?:#{1,6}\s+|[-*+\u2022]\s+|\d+[.)]\s+)/, '')
    .replace(/\[[^\]]{1,40}\]|\((?:music|laughs?|laughter|pause|sighs?|applause|sound[^)]*|sfx[^)]*)\)/gi, ' ');
  return cleanInline(cleaned).replace(/[*_#`<>{}[\]\\^~|]/g, '').replace(/\s+/g, ' ').trim();
}
