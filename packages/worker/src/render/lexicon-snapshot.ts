// The account's pronunciation lexicon as a render starts: read once, so every line and any
// engine the render falls back to say the same entries, and the segment keys of one
// render agree. An entry changed during a render applies from the next one. A lexicon
// entry's sample says its one entry through the same Lexicon (lexiconOf).
import type { Executor } from '@castwright/core/db/connect';
import type { PronunciationRow } from '@castwright/core/db/schema';
import { selectPronunciations } from '@castwright/core/repositories/pronunciations';
import { Lexicon } from '@castwright/media/pronunciation/lexicon';

/** Stored entries as media says them. */
export function lexiconOf(rows: readonly PronunciationRow[]): Lexicon {
  return new Lexicon(rows.map((row) => ({
    term: row.term,
    ...(row.say_as === null ? {} : { sayAs: row.say_as }),
    ...(row.ipa === null ? {} : { ipa: row.ipa }),
    ...(row.case_sensitive ? { caseSensitive: true } : {}),
  })));
}

export async function lexiconSnapshot(db: Executor, userId: string): Promise<Lexicon> {
  return lexiconOf(await selectPronunciations(db, userId));
}
