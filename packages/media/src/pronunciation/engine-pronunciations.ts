// What of a lexicon entry each kind of engine says. Kokoro takes phonemes: an entry's IPA
// goes straight into its phoneme input, and an entry with only a respelling is phonemised
// like the rest of the line. Chatterbox and the built-in voice take text: they say the
// respelling, or one made from the IPA (ipa-respelling.ts). The segment key holds the
// entries in this form, so an edit that an engine does not say (the IPA of an entry with
// a respelling, on Chatterbox) leaves that engine's lines as they are.

import type { PronunciationEntry } from '../segment-key.ts';
import { ipaRespelling } from './ipa-respelling.ts';
import { replaceTerms } from './lexicon.ts';

/** How an engine takes a lexicon entry: as IPA phonemes (Kokoro) or as a respelling in text. */
export type PronunciationInput = 'phonemes' | 'respelling';

/** The entries as an engine that takes `input` says them; an entry it cannot say (IPA with no English respelling) is left out. */
export function pronunciationsFor(entries: readonly PronunciationEntry[], input: PronunciationInput): PronunciationEntry[] {
  return entries.flatMap((entry): PronunciationEntry[] => {
    const match = { term: entry.term, ...(entry.caseSensitive ? { caseSensitive: true } : {}) };
    if (input === 'phonemes') {
      if (entry.ipa) return [{ ...match, ipa: entry.ipa }];
      return entry.sayAs ? [{ ...match, sayAs: entry.sayAs }] : [];
    }
    const sayAs = entry.sayAs || (entry.ipa ? ipaRespelling(entry.ipa) : '');
    return sayAs ? [{ ...match, sayAs }] : [];
  });
}

/** The text an engine that takes respellings says: each term replaced by its respelling. */
export function respelledText(text: string, entries: readonly PronunciationEntry[] | undefined): string {
  if (!entries || entries.length === 0) return text;
  return replaceTerms(text, pronunciationsFor(entries, 'respelling'), (entry) => entry.sayAs as string);
}
