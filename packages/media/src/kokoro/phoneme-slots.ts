// Lexicon entries on Kokoro's text path. An entry's IPA must reach the model as written,
// untouched by normalisation, eSpeak or the misaki spellings, so the term is replaced in
// the text by a stand-in character from Unicode's private use area (removed from the text
// first, so none is there by chance); phonemizeText keeps stand-ins aside like punctuation,
// and puts each entry's IPA in its place last. An entry with only a respelling is replaced
// by the respelling, which is then normalised and phonemised with the rest of the line.
import { pronunciationsFor } from '../pronunciation/engine-pronunciations.ts';
import { replaceTerms } from '../pronunciation/lexicon.ts';
import type { PronunciationEntry } from '../segment-key.ts';

const FIRST_SLOT = 0xe000;
/** The private use area of the Basic Multilingual Plane: 6,400 stand-ins, one per entry said in a line (and per possessive). */
export const SLOT_CHARACTERS = '\\uE000-\\uF8FF';
const SLOT_COUNT = 0xf8ff - FIRST_SLOT + 1;
const ANY_SLOT = new RegExp(`[${SLOT_CHARACTERS}]`, 'g');
/** A stand-in followed by a possessive 's, which eSpeak alone would spell out as the letter S. */
const SLOT_POSSESSIVE = new RegExp(`([${SLOT_CHARACTERS}])['’]s(?![\\p{L}\\p{M}\\p{N}_])`, 'gu');

/** The possessive ending after a term's last sound, as English says it: /ɪz/ after a sibilant, /s/ after another voiceless sound, /z/ otherwise. */
function possessive(ipa: string): string {
  const last = ipa.replace(/[^\p{L}]+$/u, '').at(-1) ?? '';
  if ('szʃʒʧʤ'.includes(last)) return `${ipa}ɪz`;
  return 'ptkfθ'.includes(last) ? `${ipa}s` : `${ipa}z`;
}

export interface SlottedText {
  /** The text to normalise and phonemise, with stand-ins where IPA goes. */
  text: string;
  /** The IPA of stand-in i (U+E000 + i). */
  slots: string[];
}

export function withPhonemeSlots(text: string, entries: readonly PronunciationEntry[] | undefined): SlottedText {
  const clean = text.replace(ANY_SLOT, '');
  const slots: string[] = [];
  if (!entries || entries.length === 0) return { text: clean, slots };
  /** A stand-in for `ipa`, or undefined when all are taken (a line that long says the rest as written). */
  const slotFor = (ipa: string) => (slots.length < SLOT_COUNT ? String.fromCharCode(FIRST_SLOT + slots.push(ipa) - 1) : undefined);
  const slotOf = new Map<PronunciationEntry, string | undefined>();
  const slotted = replaceTerms(clean, pronunciationsFor(entries, 'phonemes'), (entry) => {
    if (entry.ipa === undefined) return entry.sayAs ?? entry.term;
    if (!slotOf.has(entry)) slotOf.set(entry, slotFor(entry.ipa));
    return slotOf.get(entry) ?? entry.term;
  });
  const withPossessives = slotted.replace(SLOT_POSSESSIVE, (found: string, slot: string) => slotFor(possessive(slots[slot.charCodeAt(0) - FIRST_SLOT] as string)) ?? found);
  return { text: withPossessives, slots };
}

/** Phonemes with every stand-in replaced by its IPA. */
export function fillPhonemeSlots(phonemes: string, slots: readonly string[]): string {
  return slots.length === 0 ? phonemes : phonemes.replace(ANY_SLOT, (slot) => slots[slot.charCodeAt(0) - FIRST_SLOT] ?? '');
}
