// The analysis of a language other than English, where no tagger runs: sentences and
// words from the runtime's Unicode segmenter (Intl.Segmenter, with ICU's dictionaries for
// Japanese and Chinese, which are written without spaces), stop words from the
// language's list (language-profiles.ts), and for phrases the runs of content words,
// two runs joined by one link word ("faro de Alejandría", "灯台の歴史"). It gives the
// same shapes as english-text.ts, so key phrases, topic shifts, sentence selection and
// show notes work on it unchanged; a word's `pos` only says what it is here:
// CONTENT, FUNCTION (a stop word), LINK, NUM or PUNCT.
import type { AnalysedSentence, NounPhrase, Word } from './english-text.ts';
import { isFunctionWord, languageProfile, type AnalysedLanguage, type LanguageProfile } from './language-profiles.ts';

const MAX_PHRASE_WORDS = 6;
const segmenters = new Map<string, { sentences: Intl.Segmenter; words: Intl.Segmenter }>();

function segmentersFor(language: AnalysedLanguage) {
  let found = segmenters.get(language);
  if (!found) {
    found = { sentences: new Intl.Segmenter(language, { granularity: 'sentence' }), words: new Intl.Segmenter(language, { granularity: 'word' }) };
    segmenters.set(language, found);
  }
  return found;
}

/** Sentences of one paragraph in `language`, analysed. A paragraph boundary is always a sentence boundary. */
export function analyseSegmentedParagraph(language: AnalysedLanguage, paragraph: string): AnalysedSentence[] {
  const profile = languageProfile(language);
  const { sentences: sentenceSegmenter } = segmentersFor(language);
  const texts: string[] = [];
  for (const { segment } of sentenceSegmenter.segment(paragraph)) {
    const text = segment.trim();
    if (text === '') continue;
    const previous = texts.at(-1);
    // ICU ends a sentence at "Sr." or "M."; a cased language's sentence never starts in lower case.
    if (previous !== undefined && (endsWithAbbreviation(profile, previous) || (profile.cased && /^\p{Ll}/u.test(text)))) texts[texts.length - 1] = `${previous} ${text}`;
    else texts.push(text);
  }
  return texts.flatMap((text) => {
    const words = wordsOf(profile, text);
    if (!words.some((word) => word.type === 'word' || word.type === 'number')) return [];
    // Without a tagger a verb cannot be seen; a sentence of three words or more is taken to have one.
    return [{ text, words, phrases: phrasesOf(profile, words), hasVerb: words.filter((word) => word.type === 'word').length >= 3 }];
  });
}

function endsWithAbbreviation(profile: LanguageProfile, sentence: string): boolean {
  const last = sentence.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return profile.abbreviations.has(last);
}

function wordsOf(profile: LanguageProfile, sentence: string): Word[] {
  const words: Word[] = [];
  let space = '';
  for (const { segment, isWordLike } of segmentersFor(profile.language).words.segment(sentence)) {
    if (/^\s+$/u.test(segment)) {
      space += segment;
      continue;
    }
    if (!isWordLike) {
      words.push(word(profile, segment, space, 'punctuation'));
      space = '';
      continue;
    }
    const elided = profile.elision?.exec(segment);
    if (elided) {
      // "l'île" is two words: the article (a function word, or a link: "dell'") and the noun.
      words.push(word(profile, elided[0], space, 'elided'), word(profile, segment.slice(elided[0].length), '', 'word'));
    } else {
      words.push(word(profile, segment, space, /^\p{N}/u.test(segment) ? 'number' : 'word'));
    }
    space = '';
  }
  return words;
}

function word(profile: LanguageProfile, text: string, spaceBefore: string, kind: 'word' | 'elided' | 'number' | 'punctuation'): Word {
  const normal = text.toLowerCase().replace(/’/g, "'");
  const type = kind === 'elided' ? 'word' : kind;
  const stopWord = kind === 'elided' || (type === 'word' && isFunctionWord(profile, normal));
  const pos = type === 'number' ? 'NUM' : type === 'punctuation' ? 'PUNCT' : profile.links.has(normal) ? 'LINK' : stopWord ? 'FUNCTION' : 'CONTENT';
  return { text, normal, lemma: normal, pos, stopWord, type, entity: '', spaceBefore };
}

const isContent = (word: Word | undefined) => word !== undefined && word.pos === 'CONTENT' && /\p{L}/u.test(word.text);

/** Runs of content words, and two runs joined by one link word; the determiner is the article the text writes before it. */
function phrasesOf(profile: LanguageProfile, words: readonly Word[]): NounPhrase[] {
  const phrases: NounPhrase[] = [];
  let index = 0;
  while (index < words.length) {
    if (!isContent(words[index])) {
      index += 1;
      continue;
    }
    const start = index;
    let end = runEnd(words, start);
    const link = end + 1;
    let linkAt: number | undefined;
    if (words[link]?.pos === 'LINK' && isContent(words[link + 1])) {
      const tail = runEnd(words, link + 1);
      if (tail - start < MAX_PHRASE_WORDS + 1) {
        linkAt = link;
        end = tail;
      }
    }
    phrases.push(phraseAt(profile, words, start, end));
    // The parts of a joined phrase are subjects too ("faro", "Alejandría").
    if (linkAt !== undefined) phrases.push(phraseAt(profile, words, start, linkAt - 1), phraseAt(profile, words, linkAt + 1, end));
    index = end + 1;
  }
  return phrases;
}

function runEnd(words: readonly Word[], start: number): number {
  let end = start;
  while (end + 1 < words.length && end + 1 - start < MAX_PHRASE_WORDS && isContent(words[end + 1])) end += 1;
  return end;
}

function phraseAt(profile: LanguageProfile, words: readonly Word[], start: number, end: number): NounPhrase {
  const span = words.slice(start, end + 1);
  const before = words[start - 1];
  return {
    text: span.map((item, n) => (n === 0 ? item.text : `${item.spaceBefore}${item.text}`)).join(''),
    key: span.filter((item) => item.type === 'word').map((item) => item.lemma).join(' '),
    determiner: before ? (profile.articles[before.normal] ?? '') : '',
    words: span,
    start,
    measure: before?.type === 'number',
    head: profile.headFirst ? 0 : span.length - 1,
  };
}
