// Polls an episode's row until it reaches one of the given states (the pipeline runs in
// real workers, so tests wait for it rather than assume timings).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';

export async function waitForEpisode(db: Db, id: string, statuses: readonly string[] = ['ready', 'error'], timeoutMs = 60_000): Promise<EpisodeRow> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const episode = await selectEpisodeById(db, id);
    if (episode && statuses.includes(episode.status)) return episode;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`episode ${id} did not reach ${statuses.join('/')} in time`);
}
