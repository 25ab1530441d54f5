// What a lexicon entry's sample says (GET /api/pronunciations/:id/sample), and the version
// that names it. The api looks a sample up by the version of the entry as it is now, and
// the media worker checks it before voicing, so a changed entry never gets an old sample.
import { createHash } from 'node:crypto';

/** The entry's fields that change how its sample sounds. */
export interface SampledEntry {
  term: string;
  say_as: string | null;
  ipa: string | null;
  case_sensitive: boolean;
}

/** The catalog voice a sample is said in when the request names none: the built-in voice every media worker has. */
export const DEFAULT_PRONUNCIATION_SAMPLE_VOICE = 'offline:slt';

/** A short phrase with the term twice, so it is heard on its own and then in a sentence's flow. */
export function pronunciationSamplePhrase(term: string): string {
  return `${term}. Once more: ${term}.`;
}

/** A digest of everything the sample says: the phrase (with the term) and how the entry says the term. */
export function pronunciationSampleVersion(entry: SampledEntry): string {
  const said = [pronunciationSamplePhrase(entry.term), entry.say_as, entry.ipa, entry.case_sensitive];
  return createHash('sha256').update(JSON.stringify(said)).digest('hex').slice(0, 32);
}
