// A new revision of an episode, queued for rendering in the caller's transaction (which
// holds the episode's row lock): the revision row with the script it renders and how far
// that is from the published one, the move `ready`/`error` → `generating_audio` (the
// published audio, transcript and show notes stay served until the new revision is
// published), and the render job. A re-render counts no episode against the quota.
import type { Trx } from '@castwright/core/db/connect';
import type { EpisodeRevisionRow, EpisodeRow } from '@castwright/core/db/schema';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { insertEpisodeRevision, selectEpisodeRevision, updateRevisionFailed } from '@castwright/core/repositories/episode-revisions';
import { updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { changedLineCount } from '@castwright/content/script/script-changes';
import { storedScript } from '@castwright/content/script/script-format';

/** Why the episode cannot be rendered now (409). */
function notRenderable(episode: EpisodeRow): AppError {
  if (episode.status === 'generating_audio') return new AppError('conflict', 'A render of this episode is already running');
  if (episode.status === 'review_script') return new AppError('conflict', 'The script is in review: approve it with POST /api/episodes/{id}/approve-script');
  if (episode.status === 'error') return new AppError('conflict', 'This episode failed before it had a script; there is nothing to render');
  return new AppError('conflict', `The episode can be rendered again once it is ready (it is ${episode.status})`);
}

/** A jsonb column's refs as JSON text to write back (null stays null). */
export function refsOf(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

export async function queueRevision(trx: Trx, episode: EpisodeRow, restoredFrom: number | null, queueing: { fair: boolean }): Promise<EpisodeRevisionRow> {
  const script = episode.script_text ?? '';
  const lines = storedScript(script, episode.script_overlaps);
  if (!(episode.status === 'ready' || episode.status === 'error') || lines.length === 0) throw notRenderable(episode);
  // Under the row lock in ready or error no render runs: a revision still marked rendering was cut short.
  await updateRevisionFailed(trx, episode.id, 'The render was interrupted');
  const published = episode.published_revision === null ? undefined : await selectEpisodeRevision(trx, episode.id, episode.published_revision);
  const revision = await insertEpisodeRevision(trx, {
    episode_id: episode.id,
    script_text: script,
    // The lines' refs travel with the script: the published transcript gets them.
    script_refs: refsOf(episode.script_refs),
    // And which of them overlap another: the render places them.
    script_overlaps: refsOf(episode.script_overlaps),
    restored_from: restoredFrom,
    lines_total: lines.length,
    lines_changed: changedLineCount(published ? storedScript(published.script_text, published.script_overlaps) : [], lines),
  });
  const moved = await updateEpisodeStatus(trx, episode.id, {
    status: 'generating_audio',
    progressPercent: STAGE_PROGRESS.generating_audio,
    from: ['ready', 'error'],
    set: { error_message: null },
  });
  if (!moved) throw notRenderable(episode);
  await addJob(trx, 'episode:render', { episodeId: episode.id }, { account: episode.user_id, fair: queueing.fair });
  return revision;
}
