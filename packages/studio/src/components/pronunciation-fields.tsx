// The fields of a lexicon entry, for adding one and for changing one, and what a filled
// form asks the API for: a new entry gives only the fields filled in; a change gives only
// the fields changed, an emptied respelling or IPA as null (the API keeps one of the two).
import type { Pronunciation } from '../api/types.ts';
import { IpaKeys } from './ipa-keys.tsx';

/** The API's bounds (core's PRONUNCIATION_LIMITS), so the browser stops what the API would refuse. */
const TERM_MAX = 100;
const SAY_AS_MAX = 200;
const IPA_MAX = 200;

export interface EntryValues {
  term: string;
  sayAs: string;
  ipa: string;
  caseSensitive: boolean;
}

export function readEntry(form: HTMLFormElement): EntryValues {
  const values = new FormData(form);
  const text = (name: string) => String(values.get(name) ?? '').trim();
  return { term: text('term'), sayAs: text('sayAs'), ipa: text('ipa'), caseSensitive: values.get('caseSensitive') === 'on' };
}

export function newEntryBody(entry: EntryValues) {
  return {
    term: entry.term,
    ...(entry.sayAs ? { sayAs: entry.sayAs } : {}),
    ...(entry.ipa ? { ipa: entry.ipa } : {}),
    caseSensitive: entry.caseSensitive,
  };
}

/** The fields that changed; empty when nothing did. */
export function changedEntryBody(before: Pronunciation, after: EntryValues) {
  return {
    ...(after.term !== before.term ? { term: after.term } : {}),
    ...(after.sayAs !== (before.sayAs ?? '') ? { sayAs: after.sayAs || null } : {}),
    ...(after.ipa !== (before.ipa ?? '') ? { ipa: after.ipa || null } : {}),
    ...(after.caseSensitive !== before.caseSensitive ? { caseSensitive: after.caseSensitive } : {}),
  };
}

/** Labelled fields; `prefix` keeps ids unique when an entry is changed beside the form for a new one. */
export function PronunciationFields({ prefix, entry }: { prefix: string; entry?: Pronunciation }) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <div class="entry-fields">
      <div class="entry-grid">
        <div>
          <label for={id('term')}>Term</label>
          <input id={id('term')} name="term" required maxLength={TERM_MAX} defaultValue={entry?.term} autocomplete="off" spellcheck={false} aria-describedby={id('term-hint')} />
          <p id={id('term-hint')} class="hint">As written in scripts: SQL, Nguyen, New York.</p>
        </div>
        <div>
          <label for={id('say-as')}>Say it as</label>
          <input id={id('say-as')} name="sayAs" maxLength={SAY_AS_MAX} defaultValue={entry?.sayAs ?? ''} autocomplete="off" aria-describedby={id('say-as-hint')} />
          <p id={id('say-as-hint')} class="hint">In plain letters: “sequel”, “koo-ber-net-eez”.</p>
        </div>
        <div>
          <label for={id('ipa')}>IPA</label>
          <input id={id('ipa')} name="ipa" class="ipa" maxLength={IPA_MAX} defaultValue={entry?.ipa ?? ''} autocomplete="off" spellcheck={false} aria-describedby={id('ipa-hint')} />
          <p id={id('ipa-hint')} class="hint">The sounds, without slashes: ˈsiːkwəl.</p>
        </div>
      </div>
      <IpaKeys fieldId={id('ipa')} />
      <p class="hint">Give the respelling, the IPA or both. Kokoro says the IPA exactly; the other voices say the respelling, or one made from the IPA.</p>
      <label class="check"><input type="checkbox" name="caseSensitive" defaultChecked={entry?.caseSensitive ?? false} /> Only with this exact capitalisation</label>
    </div>
  );
}
