// The name a voiced line is stored under: a SHA-256 over everything that changes how the
// line sounds, so "is this line already voiced?" and "is the stored audio still right?"
// are the same question. Anything missing from the key would let a changed line reuse
// stale audio; anything extra (the pauses around the line, its position, its speaker
// label) would make an unchanged line voice again. Pure: no engine, no I/O, so any role
// could compute keys.

import { createHash } from 'node:crypto';

/** How a term in the line is to be said (a pronunciation lexicon entry that applies to it). */
export interface PronunciationEntry {
  /** The written form, as it appears in the text. */
  term: string;
  /** Text to speak instead ("sequel" for SQL). */
  sayAs?: string;
  /** IPA for engines that take phonemes. */
  ipa?: string;
  /** Matches only this exact capitalisation (default: any). Keyed: it decides which words are said differently. */
  caseSensitive?: boolean;
}

export interface SegmentKeyInput {
  /** `TtsEngine.name`. */
  engine: string;
  /** `TtsEngine.version`: changes whenever the same request may sound different (model weights, engine build). */
  engineVersion: string;
  /** The voice id given to the engine (or, later, a blend spec string). */
  voice: string;
  /** Speaking-rate multiplier; left out means 1. */
  speed?: number;
  /** Style-dependent delivery settings that reach the engine (e.g. an expressiveness level); order of keys does not matter. */
  delivery?: Readonly<Record<string, string | number | boolean>>;
  /** The lexicon entries that apply to this line; order and duplicates do not matter. */
  pronunciations?: readonly PronunciationEntry[];
  /** The line's text; normalised here (see `segmentText`). */
  text: string;
  /** The language the text is read in, when it is not English: it changes the phonemes (English lines keep the keys they always had). */
  language?: string;
}

/** Bumped when the key's definition changes, so old keys stop matching. */
const KEY_SCHEMA = 1;

export class SegmentKeyError extends Error {
  override name = 'SegmentKeyError';
}

/**
 * The text as it is keyed and voiced: Unicode NFC (the same letters typed on two
 * keyboards compare equal), runs of whitespace as one space, no edge whitespace.
 * Case and punctuation stay: both change how a line is said.
 */
export function segmentText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** One spelling for one number (no -0; 1 and 1.0 are the same). */
function canonicalNumber(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new SegmentKeyError(`${what} must be a finite number (got ${value})`);
  return value === 0 ? 0 : value;
}

function canonicalDelivery(delivery: SegmentKeyInput['delivery']): [string, string | number | boolean][] {
  return Object.keys(delivery ?? {})
    .sort()
    .map((name) => {
      const value = (delivery ?? {})[name] as string | number | boolean;
      return [name, typeof value === 'number' ? canonicalNumber(value, `Delivery setting "${name}"`) : value];
    });
}

type PronunciationRow = [string, string | null, string | null, boolean];

function canonicalPronunciations(entries: SegmentKeyInput['pronunciations']): PronunciationRow[] {
  const rows = (entries ?? []).map((entry): PronunciationRow => [
    segmentText(entry.term),
    entry.sayAs === undefined ? null : segmentText(entry.sayAs),
    entry.ipa === undefined ? null : entry.ipa.normalize('NFC').trim(),
    entry.caseSensitive === true,
  ]);
  const unique = new Map(rows.map((row) => [JSON.stringify(row), row]));
  return [...unique.keys()].sort().map((json) => unique.get(json) as PronunciationRow);
}

/** SHA-256 hex of the canonical JSON of `input`. Throws SegmentKeyError for input no engine could voice. */
export function segmentKey(input: SegmentKeyInput): string {
  const text = segmentText(input.text);
  if (!text) throw new SegmentKeyError('A line with no text has no sound to key');
  if (!input.engine || !input.engineVersion || !input.voice) throw new SegmentKeyError('A segment key needs the engine, its version and the voice');
  // An array, not an object: its order is fixed by this code, not by how the input was built.
  const canonical = [
    KEY_SCHEMA,
    input.engine,
    input.engineVersion,
    input.voice,
    canonicalNumber(input.speed ?? 1, 'Speed'),
    canonicalDelivery(input.delivery),
    canonicalPronunciations(input.pronunciations),
    text,
    ...(input.language ? [input.language] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
