// Starting a render: the next render attempt (which this render then holds for every
// write) and the revision it renders, in one transaction. A re-render or a restore
// queued its revision with its job; an episode's first render (after scripting or
// review) gets its revision here, made from the episode's script.
import type { Trx } from '@castwright/core/db/connect';
import type { EpisodeRevisionRow, EpisodeRow } from '@castwright/core/db/schema';
import { PermanentError } from '@castwright/core/errors';
import { insertEpisodeRevision, selectEpisodeRevision, selectRenderingRevision } from '@castwright/core/repositories/episode-revisions';
import { claimRenderAttempt } from '@castwright/core/repositories/episodes';
import type { ScriptLine } from '@castwright/core/script-lines';
import { changedLineCount } from '@castwright/content/script/script-changes';
import { formatScript, storedScript } from '@castwright/content/script/script-format';
import { selectDraftLines } from '@castwright/core/repositories/episode-draft-lines';
import { scriptOverlapsColumn } from '@castwright/core/script-overlaps';

export interface StartedRender {
  episode: EpisodeRow;
  revision: EpisodeRevisionRow;
  lines: ScriptLine[];
}

export async function startRender(trx: Trx, episodeId: string): Promise<StartedRender | undefined> {
  const episode = await claimRenderAttempt(trx, episodeId, ['generating_script', 'review_script', 'generating_audio']);
  if (!episode) return undefined;
  const revision = (await selectRenderingRevision(trx, episodeId)) ?? (await firstRevision(trx, episode));
  return { episode, revision, lines: readScript(revision.script_text, revision.script_overlaps) };
}

async function firstRevision(trx: Trx, episode: EpisodeRow): Promise<EpisodeRevisionRow> {
  // A script still being written (heard while it is made) starts its revision with the lines so far, their reactions
  // and cut-ins with them; the render completes it.
  const draft = episode.script_text === null ? await selectDraftLines(trx, episode.id) : undefined;
  const script = episode.script_text ?? formatScript(draft ?? []);
  const overlaps = draft ? scriptOverlapsColumn(draft) : episode.script_overlaps === null ? null : JSON.stringify(episode.script_overlaps);
  const lines = draft ?? readScript(script, episode.script_overlaps);
  if (lines.length === 0) throw new PermanentError('The script is empty');
  const published = episode.published_revision === null ? undefined : await selectEpisodeRevision(trx, episode.id, episode.published_revision);
  return insertEpisodeRevision(trx, {
    episode_id: episode.id,
    script_text: script,
    script_refs: episode.script_refs === null ? null : JSON.stringify(episode.script_refs),
    script_overlaps: overlaps,
    lines_total: lines.length,
    lines_changed: changedLineCount(published ? readScript(published.script_text, published.script_overlaps) : [], lines),
  });
}

function readScript(script: string, overlaps: unknown): ScriptLine[] {
  let lines: ScriptLine[];
  try {
    lines = storedScript(script, overlaps);
  } catch (error) {
    throw new PermanentError(`The script cannot be read: ${(error as Error).message}`, { cause: error });
  }
  if (lines.length === 0) throw new PermanentError('The script is empty');
  return lines;
}
