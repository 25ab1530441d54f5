// Key phrases: the noun phrases a text keeps coming back to. A phrase scores by how
// often it occurs and how often the nouns in it occur anywhere in the text, with a
// bonus for being more than one word (a multi-word phrase names a subject more
// precisely than its head noun alone). Stop words, numbers and dates never qualify:
// only noun phrases from the tagger do. Case is the text's own: a word is kept
// capitalised only where the text capitalises it mid-sentence (a name), so a
// sentence-initial "Lighthouses" becomes "lighthouses".
import type { AnalysedSentence, NounPhrase, Word } from './english-text.ts';

export interface KeyPhrase {
  /** As a listener should hear it mid-sentence: "Fresnel lens", "lighthouse keepers". */
  text: string;
  key: string;
  score: number;
  occurrences: number;
  /** Lemma of the phrase's last word. */
  head: string;
  words: number;
}

/** Words the text capitalises where no sentence starts: names, acronyms. */
export class CaseEvidence {
  private readonly capitalised = new Set<string>();
  private readonly lower = new Set<string>();

  constructor(sentences: readonly AnalysedSentence[]) {
    for (const sentence of sentences) {
      sentence.words.forEach((word, index) => {
        if (word.type !== 'word') return;
        if (/^\p{Ll}/u.test(word.text)) this.lower.add(word.normal);
        else if (index > 0 && /^\p{Lu}/u.test(word.text)) this.capitalised.add(word.normal);
      });
    }
  }

  /** The word as it should read mid-sentence. */
  wordCase(word: Word): string {
    if (/\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}|\d/u.test(word.text)) return word.text; // acronyms, camel case: as written
    if (this.capitalised.has(word.normal) && !this.lower.has(word.normal)) return word.text.charAt(0).toUpperCase() + word.text.slice(1);
    if (this.capitalised.has(word.normal) && word.pos === 'PROPN') return word.text;
    return word.text.toLowerCase();
  }

  phraseText(phrase: NounPhrase): string {
    return phrase.words.map((word, n) => (n === 0 ? '' : word.spaceBefore) + this.wordCase(word)).join('');
  }
}

export const MAX_KEY_PHRASE_WORDS = 5;

/** Key phrases of `sentences`, best first, without near-duplicates (same head, or mostly the same words). */
export function keyPhrases(sentences: readonly AnalysedSentence[], limit = 10, evidence = new CaseEvidence(sentences)): KeyPhrase[] {
  const scored = scorePhrases(sentences, evidence);
  const chosen: KeyPhrase[] = [];
  for (const candidate of scored) {
    if (chosen.length >= limit) break;
    if (chosen.some((taken) => overlaps(taken, candidate))) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/** Every candidate phrase with its score, best first. */
export function scorePhrases(sentences: readonly AnalysedSentence[], evidence: CaseEvidence): KeyPhrase[] {
  const nounCounts = new Map<string, number>();
  const found = new Map<string, { forms: Map<string, number>; occurrences: number; head: string; lemmas: string[]; untagged: boolean }>();
  for (const sentence of sentences) {
    for (const word of sentence.words) {
      if (isNounLike(word)) nounCounts.set(word.lemma, (nounCounts.get(word.lemma) ?? 0) + 1);
    }
    for (const phrase of sentence.phrases) {
      const lemmas = phrase.words.filter((word) => word.type === 'word' && word.normal !== 'of' && !word.stopWord).map((word) => word.lemma);
      if (lemmas.length === 0 || lemmas.length > MAX_KEY_PHRASE_WORDS || !isSubjectLike(phrase)) continue;
      const entry = found.get(phrase.key) ?? { forms: new Map(), occurrences: 0, head: headOf(phrase).lemma, lemmas, untagged: phrase.head !== undefined };
      const form = evidence.phraseText(phrase);
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      entry.occurrences += 1;
      found.set(phrase.key, entry);
    }
  }
  const mostNoun = Math.max(1, ...nounCounts.values());
  const phrases: KeyPhrase[] = [];
  for (const [key, entry] of found) {
    // Without a tagger, a run of content words said once is as likely a noun and its verb ("arqueólogos estudian") as a name for something.
    if (entry.untagged && entry.lemmas.length > 1 && entry.occurrences < 2) continue;
    const spread = entry.lemmas.reduce((sum, lemma) => sum + (nounCounts.get(lemma) ?? 0), 0) / (entry.lemmas.length * mostNoun);
    const length = entry.lemmas.length;
    const lengthBonus = length === 1 ? 1 : length <= 3 ? 1.6 : 1.2;
    const text = [...entry.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? key;
    phrases.push({ text, key, occurrences: entry.occurrences, head: entry.head, words: length, score: (entry.occurrences + 4 * spread) * lengthBonus });
  }
  return phrases.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

/** A phrase a person could be asked about: a real noun of three letters or more (two Han or katakana characters), not a measure, number or lone abbreviation mark. */
export function isSubjectLike(phrase: NounPhrase): boolean {
  const head = phrase.words.at(-1);
  return (
    head !== undefined &&
    !phrase.measure &&
    !head.stopWord &&
    /[\p{L}\p{M}]{3}|^\p{Lu}{2}|[\p{Script=Han}\p{Script=Katakana}]{2}/u.test(head.text) &&
    phrase.words.some((word) => word.pos === 'NOUN' || word.pos === 'PROPN' || word.pos === 'CONTENT')
  );
}

/** A noun, or in a language analysed without a tagger any content word: what subjects are made of. */
export function isNounLike(word: Word): boolean {
  return (word.pos === 'NOUN' || word.pos === 'PROPN' || word.pos === 'CONTENT') && !word.stopWord;
}

/** The noun a phrase is about: the last word, or the last before "of" ("cluster" in "cluster of candles"). */
export function headOf(phrase: NounPhrase): Word {
  if (phrase.head !== undefined) return phrase.words[phrase.head] as Word;
  const of = phrase.words.findIndex((word) => word.normal === 'of');
  return (of > 0 ? phrase.words[of - 1] : phrase.words.at(-1)) as Word;
}

function overlaps(a: KeyPhrase, b: KeyPhrase): boolean {
  if (a.head === b.head) return true;
  const wordsA = new Set(a.key.split(' '));
  const wordsB = b.key.split(' ');
  if (wordsB.every((word) => wordsA.has(word)) || [...wordsA].every((word) => wordsB.includes(word))) return true;
  if (Math.min(wordsA.size, wordsB.length) < 2) return false;
  const shared = wordsB.filter((word) => wordsA.has(word)).length;
  return shared / Math.min(wordsA.size, wordsB.length) >= 0.5;
}
