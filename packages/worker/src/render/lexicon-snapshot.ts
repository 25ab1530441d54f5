// The account's pronunciation lexicon as a render starts: read once, so every line and any
// engine the render falls back to say the same entries, and the segment keys of one
// render agree. An entry changed during a render applies from the next one.
import type { Executor } from '@castwright/core/db/connect';
import { selectPronunciations } from '@castwright/core/repositories/pronunciations';
import { Lexicon } from '@castwright/media/pronunciation/lexicon';

export async function lexiconSnapshot(db: Executor, userId: string): Promise<Lexicon> {
  const rows = await selectPronunciations(db, userId);
  return new Lexicon(rows.map((row) => ({
    term: row.term,
    ...(row.say_as === null ? {} : { sayAs: row.say_as }),
    ...(row.ipa === null ? {} : { ipa: row.ipa }),
    ...(row.case_sensitive ? { caseSensitive: true } : {}),
  })));
}
