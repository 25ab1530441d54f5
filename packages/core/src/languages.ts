// The languages an episode can be in: one list for the API, the writers, the voices and
// the feed. A tag is matched as BCP 47 says (case-insensitively, canonicalised by
// Intl.getCanonicalLocales) on its primary language subtag: a region or script only
// picks a variant where Castwright has one (English: American `en`, British `en-GB`);
// otherwise it is dropped (`es-MX` is `es`, `zh-Hant-TW` is `zh`, Mandarin in either
// script). Portuguese is Brazilian Portuguese, the only one voiced (`pt`, `pt-PT` → `pt-BR`).

export const LANGUAGES = ['en', 'en-GB', 'es', 'fr', 'it', 'pt-BR', 'hi', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** An episode whose source is too short or too mixed to tell is English, as every episode was before languages. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The language as its speakers and the docs name it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English (American)',
  'en-GB': 'English (British)',
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
  'pt-BR': 'Portuguese (Brazilian)',
  hi: 'Hindi',
  ja: 'Japanese',
  zh: 'Chinese (Mandarin)',
};

/** A language's primary subtag: `en` for both Englishes, `pt` for pt-BR. */
export type BaseLanguage = 'en' | 'es' | 'fr' | 'it' | 'pt' | 'hi' | 'ja' | 'zh';

export function baseLanguage(language: Language): BaseLanguage {
  return language.slice(0, 2) as BaseLanguage;
}

export function isEnglish(language: Language): boolean {
  return baseLanguage(language) === 'en';
}

/** A stored language (null for episodes made before languages, or not yet detected) read as one. */
export function storedLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export const SUPPORTED_LANGUAGES_TEXT = LANGUAGES.join(', ');

export type LanguageMatch = { language: Language } | { problem: string };

/** `tag` as one of LANGUAGES, or why it is not one (not BCP 47, or a language Castwright does not speak). */
export function matchLanguage(tag: string): LanguageMatch {
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(tag.trim())[0];
  } catch {
    canonical = undefined;
  }
  if (!canonical) return { problem: `"${tag}" is not a BCP 47 language tag; supported languages: ${SUPPORTED_LANGUAGES_TEXT}` };
  const locale = new Intl.Locale(canonical);
  switch (locale.language) {
    case 'en':
      return { language: locale.region === 'GB' ? 'en-GB' : 'en' };
    case 'pt':
      return { language: 'pt-BR' };
    case 'es':
    case 'fr':
    case 'it':
    case 'hi':
    case 'ja':
    case 'zh':
      return { language: locale.language };
    default:
      return { problem: `The language "${canonical}" is not supported; supported languages: ${SUPPORTED_LANGUAGES_TEXT}` };
  }
}
