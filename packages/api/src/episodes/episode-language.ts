// An episode's language at creation: the one asked for (any BCP 47 spelling of a
// supported language; anything else is a 400 listing them), else detected from typed
// content now (a language Castwright does not speak is a 400 too), else, for a web page
// or a document, detected by the ingest stage once the text is read (null until then).
import { AppError } from '@castwright/core/errors';
import { matchLanguage, type Language } from '@castwright/core/languages';
import type { EpisodeSource } from '@castwright/core/episodes/accept-episode';
import { sourceLanguage } from '@castwright/content/language/detect-language';

export interface EpisodeLanguage {
  language: Language | null;
  languageDetected: boolean;
}

/** A language asked for, checked; undefined when none was. */
export function checkedLanguage(tag: string | undefined): Language | undefined {
  if (tag === undefined) return undefined;
  const match = matchLanguage(tag);
  if ('problem' in match) throw AppError.validation(`language: ${match.problem}`);
  return match.language;
}

export function episodeLanguage(tag: string | undefined, source: EpisodeSource): EpisodeLanguage {
  const asked = checkedLanguage(tag);
  if (asked) return { language: asked, languageDetected: false };
  if (source.text === undefined) return { language: null, languageDetected: false };
  const found = sourceLanguage(source.text, (message) => AppError.validation(message));
  return { language: found.language, languageDetected: found.detected };
}
