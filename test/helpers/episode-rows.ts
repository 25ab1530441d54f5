// Episode rows written straight into a test database, for tests about what is done with
// episodes (playlists, access rules) rather than how they are made.
import type { Db } from '@castwright/core/db/connect';
import type { NewEpisode } from '@castwright/core/db/schema';
import { newId } from '@castwright/core/ids';

/** `count` queued episodes of the user, titled "Episode 1"…; `fields` override every row. */
export async function insertEpisodes(db: Db, userId: string, count: number, fields: Partial<NewEpisode> = {}): Promise<string[]> {
  if (count === 0) return [];
  const rows = Array.from({ length: count }, (_, n): NewEpisode => ({
    id: newId('episode'),
    user_id: userId,
    title: `Episode ${n + 1}`,
    description: '',
    preset: 'quick',
    host_mode: 'single',
    voice_style: 'professional',
    voice_pair: 'expert-curious',
    tts_engine: 'auto',
    review_script: false,
    source_type: 'text',
    source_text: 'Some text.',
    ...fields,
  }));
  await db.insertInto('episodes').values(rows).execute();
  return rows.map((row) => row.id);
}
