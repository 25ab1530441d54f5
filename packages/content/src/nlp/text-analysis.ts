// One entry to a language's analysis: English through wink-nlp (english-text.ts: a
// tagger, lemmas and noun phrases), every other language through the segmenter and its
// stop words (segmented-text.ts). Both give the same analysed sentences.
import { baseLanguage, type Language } from '@castwright/core/languages';
import { analyseParagraph, type AnalysedSentence } from './english-text.ts';
import { analyseSegmentedParagraph } from './segmented-text.ts';

export type ParagraphAnalyser = (paragraph: string) => AnalysedSentence[];

export function paragraphAnalyser(language: Language): ParagraphAnalyser {
  const base = baseLanguage(language);
  return base === 'en' ? analyseParagraph : (paragraph) => analyseSegmentedParagraph(base, paragraph);
}
