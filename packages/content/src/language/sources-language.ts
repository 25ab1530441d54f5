// Languages of an episode made from several sources: each source's own (detected in its
// text, whether Castwright speaks it or not), and the episode's when the client asked for
// none: the language most of the sources' characters are written in, among those it
// speaks. A source in another language than the episode's keeps its language on its
// sentences, for the rule on sentences in another language to decide how it is voiced.
// With one source this is sourceLanguage's answer: detected, English when the text cannot
// tell, refused when it is clearly a language Castwright does not speak.
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES_TEXT, type Language } from '@castwright/core/languages';
import { detectLanguage } from './detect-language.ts';

/** One source's language: `tag` as detected (supported or not), `language` when Castwright speaks it; both null when the text cannot tell. */
export interface SourceLanguage {
  tag: string | null;
  language: Language | null;
  /** Set for a clear language Castwright does not speak: its English name. */
  unsupportedName?: string;
}

export function languageOfSource(text: string): SourceLanguage {
  const detection = detectLanguage(text);
  if (detection.kind === 'detected') return { tag: detection.language, language: detection.language };
  if (detection.kind === 'unsupported') return { tag: detection.tag, language: null, unsupportedName: detection.name };
  return { tag: null, language: null };
}

/**
 * The episode's language from its sources' (each weighed by its characters): the most
 * common one Castwright speaks; English when none can tell; refused with `refuse`'s error
 * when the sources are only in languages it does not speak.
 */
export function languageOfSources(sources: readonly { language: SourceLanguage; characters: number }[], refuse: (message: string) => Error): { language: Language; detected: boolean } {
  const tally = new Map<Language, number>();
  for (const source of sources) {
    if (source.language.language) tally.set(source.language.language, (tally.get(source.language.language) ?? 0) + source.characters);
  }
  const best = [...tally.entries()].sort((a, b) => b[1] - a[1])[0];
  if (best) return { language: best[0], detected: true };
  const unsupported = sources.find((source) => source.language.unsupportedName !== undefined)?.language;
  if (!unsupported) return { language: DEFAULT_LANGUAGE, detected: false };
  const what = sources.length > 1 ? 'The sources are' : 'The source is';
  throw refuse(
    `${what} in ${unsupported.unsupportedName} (${unsupported.tag}), which Castwright does not speak; supported languages: ${SUPPORTED_LANGUAGES_TEXT}. ` +
      'Set language to one of them to make the episode anyway.',
  );
}
