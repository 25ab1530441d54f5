// How lexicon entries look in API responses.
import type { PronunciationRow } from '@castwright/core/db/schema';

export type PronunciationView = ReturnType<typeof pronunciationView>;

export function pronunciationView(row: PronunciationRow) {
  return {
    id: row.id,
    term: row.term,
    sayAs: row.say_as,
    ipa: row.ipa,
    caseSensitive: row.case_sensitive,
    sampleUrl: `/api/pronunciations/${encodeURIComponent(row.id)}/sample`,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
