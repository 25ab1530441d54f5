// The account's whole lexicon (GET /api/pronunciations): bounded, so never paginated.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { PRONUNCIATION_LIMITS } from '@castwright/core/pronunciations';
import { selectPronunciations } from '@castwright/core/repositories/pronunciations';
import { pronunciationView } from './pronunciation-views.ts';

export async function listPronunciations(db: Db, user: UserRow) {
  const rows = await selectPronunciations(db, user.id);
  return { pronunciations: rows.map(pronunciationView), count: rows.length, maxEntries: PRONUNCIATION_LIMITS.entriesPerAccount };
}
