// The hosts' phrase table for each language the built-in writer speaks.
import { baseLanguage, type BaseLanguage, type Language } from '@castwright/core/languages';
import { ENGLISH_PHRASING } from '../offline-phrasing.ts';
import type { ShowPhrasing } from '../show-phrasing.ts';
import { CHINESE } from './chinese.ts';
import { FRENCH } from './french.ts';
import { HINDI } from './hindi.ts';
import { ITALIAN } from './italian.ts';
import { JAPANESE } from './japanese.ts';
import { PORTUGUESE } from './portuguese.ts';
import { SPANISH } from './spanish.ts';

const PHRASINGS: Record<BaseLanguage, ShowPhrasing> = {
  en: ENGLISH_PHRASING,
  es: SPANISH,
  fr: FRENCH,
  it: ITALIAN,
  pt: PORTUGUESE,
  hi: HINDI,
  ja: JAPANESE,
  zh: CHINESE,
};

export function showPhrasing(language: Language): ShowPhrasing {
  return PHRASINGS[baseLanguage(language)];
}
