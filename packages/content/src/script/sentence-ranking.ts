// Extractive summarisation: scores sentences by how many of the text's frequent
// content words they carry, with a small bonus for opening sentences, then picks
// the best ones up to a word budget and returns them in their original order.
import { countWords, words } from '../text/sentences.ts';

const STOPWORDS = new Set(
  ('a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
    'just me more most my no not of on one or our out so some such than that the their them then there these they this ' +
    'those to too up us was we were what when where which while who why will with would you your also about after all ' +
    'any because before being both each few further here itself only other over own same she should very')
    .split(' '),
);

export function contentWords(sentence: string): string[] {
  return words(sentence)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length > 2 && !STOPWORDS.has(word) && !/^\d+$/.test(word));
}

export interface RankedSentence {
  index: number;
  text: string;
  score: number;
}

export function rankSentences(sentences: readonly string[]): RankedSentence[] {
  const frequency = new Map<string, number>();
  for (const sentence of sentences) for (const word of contentWords(sentence)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());
  return sentences.map((text, index) => {
    const terms = contentWords(text);
    const weight = terms.reduce((sum, word) => sum + (frequency.get(word) ?? 0) / top, 0);
    const density = terms.length > 0 ? weight / Math.sqrt(terms.length) : 0;
    const position = index < 3 ? 0.3 * (3 - index) / 3 : 0;
    return { index, text, score: density + position };
  });
}

/** The highest-scoring sentences that fit in the budget, in reading order. */
export function selectSentences(sentences: readonly string[], wordBudget: number): string[] {
  const chosen: RankedSentence[] = [];
  let used = 0;
  for (const candidate of rankSentences(sentences).sort((a, b) => b.score - a.score)) {
    const length = countWords(candidate.text);
    if (used + length > wordBudget && chosen.length > 0) continue;
    chosen.push(candidate);
    used += length;
    if (used >= wordBudget) break;
  }
  return chosen.sort((a, b) => a.index - b.index).map((sentence) => sentence.text);
}

/** The most frequent content word of a passage, for a host to ask about. */
export function keyTerm(passage: string): string | undefined {
  const frequency = new Map<string, number>();
  for (const word of contentWords(passage)) frequency.set(word, (frequency.get(word) ?? 0) + 1 + word.length / 100);
  return [...frequency.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
