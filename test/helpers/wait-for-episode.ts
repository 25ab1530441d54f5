// Polls an episode's row until it reaches one of the given states (the pipeline runs in
// real workers, so tests wait for it rather than assume timings).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { until } from './until.ts';

export async function waitForEpisode(db: Db, id: string, statuses: readonly string[] = ['ready', 'error'], timeoutMs = 60_000): Promise<EpisodeRow> {
  return until(`episode ${id} to reach ${statuses.join('/')}`, async () => {
    const episode = await selectEpisodeById(db, id);
    return episode && statuses.includes(episode.status) ? episode : undefined;
  }, timeoutMs, 100);
}
