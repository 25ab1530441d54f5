// An episode's language at creation: the one asked for (any BCP 47 spelling of a
// supported language; anything else is a 400 listing them), else detected from typed
// content now when every source is typed (the most common language by characters; a
// language Castwright does not speak is a 400 too), else, with a web page or a document
// among the sources, detected by the ingest stage once the texts are read (null until then).
import { AppError } from '@castwright/core/errors';
import type { SourceInput } from '@castwright/core/episode-sources';
import { matchLanguage, type Language } from '@castwright/core/languages';
import { languageOfSource, languageOfSources } from '@castwright/content/language/sources-language';

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

export function episodeLanguage(tag: string | undefined, sources: readonly SourceInput[]): EpisodeLanguage {
  const asked = checkedLanguage(tag);
  if (asked) return { language: asked, languageDetected: false };
  const texts = sources.flatMap((source) => (source.kind === 'text' ? [source.text] : []));
  if (texts.length < sources.length) return { language: null, languageDetected: false };
  const found = languageOfSources(texts.map((text) => ({ language: languageOfSource(text), characters: text.length })), (message) => AppError.validation(message));
  return { language: found.language, languageDetected: found.detected };
}
