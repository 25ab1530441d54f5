// Where a stretch of text without headings (or a spoken episode) changes subject: a
// TextTiling-style cut. Each gap between sentences (or lines) is scored by how much noun vocabulary the few sentences
// before it share with the few after it (cosine of lemma counts); the gaps sharing the
// least become boundaries, kept apart so that no part is tiny. Paragraph starts are
// preferred when the text has enough paragraphs.
import type { AnalysedSentence } from './english-text.ts';
import { isNounLike } from './key-phrases.ts';

const WINDOW = 3;
const MAX_TOPICS = 12;

/** Indices of the sentences that start a new topic (0 always first). */
export function topicStarts(sentences: readonly { analysis: AnalysedSentence; paragraph: number }[], wordsPerTopic: number): number[] {
  const totalWords = sentences.reduce((sum, sentence) => sum + sentence.analysis.words.length, 0);
  const wanted = Math.min(MAX_TOPICS, Math.max(1, Math.round(totalWords / wordsPerTopic)));
  if (wanted <= 1 || sentences.length < 4) return [0];
  const paragraphStarts = sentences.map((sentence, index) => index > 0 && sentence.paragraph !== sentences[index - 1]?.paragraph);
  const byParagraph = paragraphStarts.filter(Boolean).length >= wanted - 1;
  return shiftPoints(sentences.map((sentence) => nounLemmas(sentence.analysis)), wanted, byParagraph ? paragraphStarts : undefined);
}

/**
 * Where `wanted` parts of a sequence (sentences, or spoken lines) begin: the gaps whose
 * neighbourhoods share the least noun vocabulary, at least a minimum span apart.
 * `allowed[i]` limits the cuts to some gaps (paragraph starts). Always starts with 0.
 */
export function shiftPoints(vocab: readonly Map<string, number>[], wanted: number, allowed?: readonly boolean[]): number[] {
  if (wanted <= 1 || vocab.length < 2) return [0];
  const gaps: { at: number; similarity: number }[] = [];
  for (let at = 1; at < vocab.length; at += 1) {
    if (allowed && !allowed[at]) continue;
    gaps.push({ at, similarity: cosine(merge(vocab.slice(Math.max(0, at - WINDOW), at)), merge(vocab.slice(at, at + WINDOW))) });
  }
  const minimumSpan = Math.max(2, Math.floor(vocab.length / (wanted * 2)));
  const chosen: number[] = [];
  for (const gap of gaps.sort((a, b) => a.similarity - b.similarity || a.at - b.at)) {
    if (chosen.length >= wanted - 1) break;
    if (gap.at < minimumSpan || vocab.length - gap.at < minimumSpan) continue;
    if (chosen.some((at) => Math.abs(at - gap.at) < minimumSpan)) continue;
    chosen.push(gap.at);
  }
  return [0, ...chosen.sort((a, b) => a - b)];
}

/** Counts of the nouns (by lemma, stop words aside) in one or more analysed sentences. */
export function nounLemmas(...sentences: AnalysedSentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of sentences.flatMap((sentence) => sentence.words)) {
    if (isNounLike(word)) counts.set(word.lemma, (counts.get(word.lemma) ?? 0) + 1);
  }
  return counts;
}

function merge(maps: readonly Map<string, number>[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const map of maps) for (const [key, count] of map) merged.set(key, (merged.get(key) ?? 0) + count);
  return merged;
}

function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [key, count] of a) {
    dot += count * (b.get(key) ?? 0);
    normA += count * count;
  }
  for (const count of b.values()) normB += count * count;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
