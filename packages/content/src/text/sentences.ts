// Sentence and word splitting with the runtime's own Unicode segmenter (Intl.Segmenter),
// which handles abbreviations, quotes and non-Latin scripts better than a regex.

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });

export function splitSentences(text: string): string[] {
  return [...sentenceSegmenter.segment(text)].map((part) => part.segment.trim()).filter((sentence) => sentence.length > 0);
}

export function words(text: string): string[] {
  return [...wordSegmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

export function countWords(text: string): number {
  return words(text).length;
}
