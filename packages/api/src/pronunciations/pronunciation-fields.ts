// An entry as it is stored: the request's fields over the entry they change, normalised
// (NFC, whitespace collapsed) and checked as a whole, with every problem named at once.
import type { PronunciationRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { canonicalIpa, lexiconText, PRONUNCIATION_LIMITS, pronunciationTermKey, unsayableIpaCharacters } from '@castwright/core/pronunciations';
import type { PronunciationFields } from '@castwright/core/repositories/pronunciations';

export interface PronunciationInput {
  term?: string | undefined;
  sayAs?: string | null | undefined;
  ipa?: string | null | undefined;
  caseSensitive?: boolean | undefined;
}

// Control, format, private-use and unassigned characters: invisible, or a marker an engine
// might read as something else. (Whitespace is collapsed to plain spaces before this check.)
const HIDDEN_CHARACTER = /\p{C}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A letter that is a sound, not a modifier: stress, length, aspiration marks are letters (Lm) to Unicode. */
const SOUND_LETTER = /[\p{Ll}\p{Lu}\p{Lt}\p{Lo}]/u;

function plainText(field: string, value: string, maxLength: number, problems: string[]): string {
  const text = lexiconText(value);
  if (!LETTER_OR_DIGIT.test(text)) problems.push(`body.${field} must contain a letter or a digit`);
  if (HIDDEN_CHARACTER.test(text)) problems.push(`body.${field} must be plain text, without control, format or private-use characters`);
  if (text.length > maxLength) problems.push(`body.${field} must be at most ${maxLength} characters`);
  return text;
}

function ipaText(value: string, problems: string[]): string {
  const ipa = canonicalIpa(value);
  const unsayable = unsayableIpaCharacters(ipa);
  if (unsayable.length > 0) problems.push(`body.ipa has characters that are not IPA symbols Kokoro can say: ${unsayable.join(', ')}`);
  else if (!SOUND_LETTER.test(ipa)) problems.push('body.ipa must contain at least one IPA letter');
  if (ipa.length > PRONUNCIATION_LIMITS.ipaMaxLength) problems.push(`body.ipa must be at most ${PRONUNCIATION_LIMITS.ipaMaxLength} characters`);
  return ipa;
}

/** The fields to store for `input` (over `current`, for a change); a 400 naming every problem otherwise. */
export function pronunciationFields(input: PronunciationInput, current?: PronunciationRow): PronunciationFields {
  const problems: string[] = [];
  const term = plainText('term', input.term ?? current?.term ?? '', PRONUNCIATION_LIMITS.termMaxLength, problems);
  const sayAsInput = input.sayAs === undefined ? current?.say_as ?? null : input.sayAs;
  const ipaInput = input.ipa === undefined ? current?.ipa ?? null : input.ipa;
  const sayAs = sayAsInput === null ? null : plainText('sayAs', sayAsInput, PRONUNCIATION_LIMITS.sayAsMaxLength, problems);
  const ipa = ipaInput === null ? null : ipaText(ipaInput, problems);
  if (sayAs === null && ipa === null) problems.push('body must give sayAs, ipa or both: how the term is to be said');
  if (problems.length > 0) throw AppError.validation(problems.join('; '), problems);
  const caseSensitive = input.caseSensitive ?? current?.case_sensitive ?? false;
  return { term, term_key: pronunciationTermKey(term, caseSensitive), say_as: sayAs, ipa, case_sensitive: caseSensitive };
}
