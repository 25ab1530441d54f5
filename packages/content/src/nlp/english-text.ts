// English sentence boundaries, parts of speech, lemmas, stop-word flags and entities
// from wink-nlp with its English "lite" model (MIT, runs offline, no downloads), and
// the noun phrases chunked from its part-of-speech tags:
//   (determiner) (adjective | noun | proper noun)* (noun | proper noun)+ [of (adjective | noun)* noun+]
// Everything that asks "what is this text about" goes through here, so subjects are
// always noun phrases of the text, never a lone verb or function word.
import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface Word {
  /** As written. */
  text: string;
  /** Lower case, for comparisons. */
  normal: string;
  lemma: string;
  /** Universal part-of-speech tag (NOUN, PROPN, VERB, AUX, ADJ, DET, …); in languages analysed without a tagger CONTENT, FUNCTION, LINK, NUM or PUNCT. */
  pos: string;
  stopWord: boolean;
  /** wink's token type: word, number, punctuation, url, email, symbol, … */
  type: string;
  /** wink's entity type when the word is part of one (DATE, CARDINAL, …), else ''. */
  entity: string;
  spaceBefore: string;
}

export interface NounPhrase {
  /** The phrase as written, without a leading determiner ("Fresnel lens", "the Pharos of Alexandria" → "Pharos of Alexandria"). */
  text: string;
  /** Lemmas in lower case: one key for "the lens", "lenses" and "Lens". */
  key: string;
  /** The determiner written before it in the text ('the', 'a', …), or ''. */
  determiner: string;
  words: Word[];
  /** Index in the sentence's words of the phrase's first word (after any determiner). */
  start: number;
  /** Written right after a number or ordinal ("thirty kilometres", "nineteenth century"): a measure, not a subject. */
  measure: boolean;
  /** Index in `words` of the noun the phrase is about, where the analysis knows it without "of" (segmented-text.ts). */
  head?: number;
}

export interface AnalysedSentence {
  text: string;
  words: Word[];
  phrases: NounPhrase[];
  /** A finite verb or auxiliary is present: the sentence says something, not just names it. */
  hasVerb: boolean;
}

let instance: WinkMethods | undefined;

/** One wink instance per process: loading the model takes a moment; the pipeline needs no sentiment. */
function nlp(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'pos', 'ner']);
  return instance;
}

/** Sentences of one paragraph, analysed. A paragraph boundary is always a sentence boundary. */
export function analyseParagraph(paragraph: string): AnalysedSentence[] {
  const { its } = nlp();
  const sentences: AnalysedSentence[] = [];
  nlp().readDoc(paragraph).sentences().each((sentence: ItemSentence) => {
    const words = wordsOf(sentence, its);
    commonNounAtStart(words, its);
    const text = sentence.out().trim();
    if (text === '' || !words.some((word) => word.type === 'word' || word.type === 'number')) return;
    const previous = sentences.at(-1);
    // wink cuts after a dot inside a name ("Node.js", "e.g. this"); a sentence never starts in lower case.
    if (previous && /^[\p{Ll}]/u.test(text)) {
      const joined = `${previous.text}${words[0]?.spaceBefore ?? ' '}${text}`;
      const merged = [...previous.words, ...words];
      sentences[sentences.length - 1] = { text: joined, words: merged, phrases: nounPhrases(merged), hasVerb: merged.some(isVerb) };
      return;
    }
    sentences.push({ text, words, phrases: nounPhrases(words), hasVerb: words.some(isVerb) });
  });
  return sentences;
}

function wordsOf(sentence: ItemSentence, its: WinkMethods['its']): Word[] {
  const tokens = sentence.tokens();
  const texts = tokens.out(its.value) as string[];
  const normals = tokens.out(its.normal) as string[];
  // The lemma helper takes the model's add-ons as its third argument, which wink's types do not line up.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const tags = tokens.out(its.pos) as string[];
  const stops = tokens.out(its.stopWordFlag) as boolean[];
  const types = tokens.out(its.type) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const entities: string[] = [];
  tokens.each((token: ItemToken) => {
    const entity = token.parentEntity();
    entities.push(entity ? String(entity.out(its.type)) : '');
  });
  return texts.map((text, index) => ({
    text,
    normal: normals[index] ?? text.toLowerCase(),
    lemma: lemmas[index] ?? text.toLowerCase(),
    pos: tags[index] ?? 'X',
    stopWord: stops[index] === true,
    type: types[index] ?? 'word',
    entity: entities[index] ?? '',
    spaceBefore: spaces[index] ?? '',
  }));
}

/**
 * The tagger takes any capitalised first word for a name ("Lighthouses have…",
 * "Keepers spent…"), which leaves it unlemmatised. The sentence's first word is read
 * again in lower case; when that is a common noun, its tag and lemma are used, so
 * "Lighthouses" and "lighthouse" are one subject. (Names stay names: "Fresnel designed"
 * still reads as a proper noun.)
 */
function commonNounAtStart(words: Word[], its: WinkMethods['its']): void {
  const first = words[0];
  if (!first || first.pos !== 'PROPN' || !/^\p{Lu}\p{Ll}+$/u.test(first.text)) return;
  const rest = words.slice(1, 4).map((word) => `${word.spaceBefore}${word.text}`).join('');
  const again = nlp().readDoc(`${first.text.toLowerCase()}${rest}`).tokens();
  if (again.length() === 0) return;
  const token = again.itemAt(0);
  if (String(token.out(its.pos)) !== 'NOUN') return;
  first.pos = 'NOUN';
  first.lemma = String(token.out(its.lemma as unknown as ItsFunction<string>));
}

function isVerb(word: Word): boolean {
  return word.pos === 'VERB' || word.pos === 'AUX';
}

const NOUN = new Set(['NOUN', 'PROPN']);
const MODIFIER = new Set(['ADJ', 'NOUN', 'PROPN']);
/** Entities that are never a subject's head ("2019", "Tuesday", "ten seconds"). */
const NUMERIC_ENTITIES = new Set(['DATE', 'TIME', 'DURATION', 'CARDINAL', 'ORDINAL', 'MONEY', 'PERCENT']);
/** Entities that are numbers: they end a noun phrase, and make the noun after them a measure ("thirty kilometres"). */
const NUMBERS = new Set(['CARDINAL', 'ORDINAL', 'MONEY', 'PERCENT']);
const MAX_PHRASE_WORDS = 6;

/** Noun phrases chunked from the part-of-speech tags, longest first from each start. */
function nounPhrases(words: readonly Word[]): NounPhrase[] {
  const phrases: NounPhrase[] = [];
  let index = 0;
  while (index < words.length) {
    const determiner = words[index]?.pos === 'DET' || (words[index]?.pos === 'PRON' && /^(?:its|their|his|her|our|my|your)$/.test(words[index]?.normal ?? '')) ? index : -1;
    const start = determiner >= 0 ? index + 1 : index;
    let end = nominalRun(words, start);
    if (end < 0) {
      index += 1;
      continue;
    }
    // "rings of glass prisms", "the Pharos of Alexandria": an of-phrase belongs to its noun.
    if (words[end + 1]?.normal === 'of') {
      const afterDeterminer = words[end + 2]?.pos === 'DET' ? end + 3 : end + 2;
      const tail = nominalRun(words, afterDeterminer);
      if (tail >= 0 && tail - start < MAX_PHRASE_WORDS + 3) end = tail;
    }
    // "many ships", "most keepers": a quantifier tagged as an adjective is not part of the subject.
    let first = start;
    while (first < end && (words[first] as Word).stopWord) first += 1;
    const found = phraseAt(words, first, end, determiner >= 0 ? (words[determiner] as Word).normal : '');
    if (found) {
      phrases.push(found);
      // The parts of a long phrase are subjects too: "work" and "Augustin Fresnel" in
      // "work of the French physicist Augustin Fresnel".
      const of = found.words.findIndex((word) => word.normal === 'of');
      if (of > 0) {
        const left = phraseAt(words, first, first + of - 1, found.determiner);
        if (left) phrases.push(left);
      }
      for (const [from, to] of properRuns(words, first, end)) {
        if ((from === first && to === end) || to === from) continue;
        const name = phraseAt(words, from, to, '');
        if (name) phrases.push(name);
      }
    }
    index = end + 1;
  }
  return phrases;
}

function phraseAt(words: readonly Word[], start: number, end: number, determiner: string): NounPhrase | undefined {
  const span = words.slice(start, end + 1);
  const head = span.at(-1);
  if (!head || span.length > MAX_PHRASE_WORDS + 3 || head.stopWord || NUMERIC_ENTITIES.has(head.entity) || !/\p{L}{2}/u.test(head.text)) return undefined;
  const before = words[start - 1];
  return {
    text: span.map((word, n) => (n === 0 ? word.text : `${word.spaceBefore}${word.text}`)).join(''),
    key: span.filter((word) => word.type === 'word').map((word) => word.lemma.toLowerCase()).join(' '),
    determiner,
    words: span,
    start,
    measure: before !== undefined && (before.pos === 'NUM' || before.type === 'number' || NUMBERS.has(before.entity)),
  };
}

/** Runs of proper nouns inside words[start..end]: the names in a phrase. */
function properRuns(words: readonly Word[], start: number, end: number): [number, number][] {
  const runs: [number, number][] = [];
  let from = -1;
  for (let index = start; index <= end + 1; index += 1) {
    const proper = index <= end && words[index]?.pos === 'PROPN';
    if (proper && from < 0) from = index;
    if (!proper && from >= 0) {
      runs.push([from, index - 1]);
      from = -1;
    }
  }
  return runs;
}

/**
 * Index of the last word of a run of modifiers ending in a noun that starts at `start`,
 * or -1. A hyphen, dot or slash written without spaces joins its neighbours
 * ("bulls-eye", "low-cost", "Node.js").
 */
function nominalRun(words: readonly Word[], start: number): number {
  let last = -1;
  let index = start;
  while (index < words.length && index - start < MAX_PHRASE_WORDS) {
    const word = words[index] as Word;
    if (/^[-./]$/.test(word.text) && word.spaceBefore === '' && words[index + 1]?.spaceBefore === '' && index > start) {
      index += 1;
      continue;
    }
    // "night train", "morning light": a time word can modify a noun; a number cannot.
    if (!MODIFIER.has(word.pos) || word.type !== 'word' || NUMBERS.has(word.entity)) break;
    if (NOUN.has(word.pos)) last = index;
    // English compounds seldom modify with a plural ("ships ways", "visitors climb" are
    // a noun and a verb the tagger ran together): a plural common noun ends the phrase.
    if (word.pos === 'NOUN' && word.lemma !== word.normal && /s$/.test(word.normal)) break;
    index += 1;
  }
  return last;
}
