// Word splitting with the runtime's own Unicode segmenter (Intl.Segmenter), for counting
// words in any script. Sentences are nlp/english-text.ts's.

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });

export function words(text: string): string[] {
  return [...wordSegmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

export function countWords(text: string): number {
  return words(text).length;
}
