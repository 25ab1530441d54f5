// The language an episode (or a briefing's episodes) is made in. Left to detect, the API
// reads it from the source (typed text at once, a page or document once it is read, a
// briefing's items at each run); chosen, the script, voices, transcript and show notes
// are in it. The list is the API's, from the typed client (below).
import type { EpisodeDetail } from '../api/types.ts';
import { languageName } from '../format.ts';

export type EpisodeLanguage = NonNullable<EpisodeDetail['language']>;

// A record of every language the API speaks, so a language added there and missing here
// (or a misspelt one) fails the type check. In the API's order: English first.
const OFFERED: Record<EpisodeLanguage, true> = { en: true, 'en-GB': true, es: true, fr: true, it: true, 'pt-BR': true, hi: true, ja: true, zh: true };
const LANGUAGES = Object.keys(OFFERED) as EpisodeLanguage[];

/** "Spanish (es)"; "British English (en-GB)". */
export const languageLabel = (tag: string) => `${languageName(tag)} (${tag})`;

/** The language a submitted form asks for; nothing when it is left to be detected. */
export function readLanguage(values: FormData): { language?: EpisodeLanguage } {
  const language = String(values.get('language') ?? '');
  return (LANGUAGES as readonly string[]).includes(language) ? { language: language as EpisodeLanguage } : {};
}

export function LanguageFields(props: { id?: string; initial?: string | null; onLanguage?: (language: EpisodeLanguage | undefined) => void; detectHint: string }) {
  const id = props.id ?? 'language';
  return (
    <div class="language">
      <label for={id}>Language</label>
      <select id={id} name="language" defaultValue={props.initial ?? ''} aria-describedby={`${id}-hint`}
        onChange={(event) => props.onLanguage?.(readLanguage(new FormData(event.currentTarget.form ?? undefined)).language)}>
        <option value="">Detect it from the source</option>
        {LANGUAGES.map((tag) => <option key={tag} value={tag}>{languageLabel(tag)}</option>)}
      </select>
      <p id={`${id}-hint`} class="hint">{props.detectHint}</p>
    </div>
  );
}
