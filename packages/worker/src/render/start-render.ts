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
import { formatScript, parseScript } from '@castwright/content/script/script-format';
import { selectDraftLines } from '@castwright/core/repositories/episode-draft-lines';

export interface StartedRender {
  episode: EpisodeRow;
  revision: EpisodeRevisionRow;
  lines: ScriptLine[];
}

export async function startRender(trx: Trx, episodeId: string): Promise<StartedRender | undefined> {
  const episode = await claimRenderAttempt(trx, episodeId, ['generating_script', 'review_script', 'generating_audio']);
  if (!episode) return undefined;
  const revision = (await selectRenderingRevision(trx, episodeId)) ?? (await firstRevision(trx, episode));
  return { episode, revision, lines: readScript(revision.script_text) };
}

async function firstRevision(trx: Trx, episode: EpisodeRow): Promise<EpisodeRevisionRow> {
  // A script still being written (heard while it is made) starts its revision with the lines so far; the render completes it.
  const script = episode.script_text ?? formatScript(await selectDraftLines(trx, episode.id));
  const lines = readScript(script);
  const published = episode.published_revision === null ? undefined : await selectEpisodeRevision(trx, episode.id, episode.published_revision);
  return insertEpisodeRevision(trx, {
    episode_id: episode.id,
    script_text: script,
    script_refs: episode.script_refs === null ? null : JSON.stringify(episode.script_refs),
    lines_total: lines.length,
    lines_changed: changedLineCount(published ? readScript(published.script_text) : [], lines),
  });
}

function readScript(script: string): ScriptLine[] {
  let lines: ScriptLine[];
  try {
    lines = parseScript(script);
  } catch (error) {
    throw new PermanentError(`The script cannot be read: ${(error as Error).message}`, { cause: error });
  }
  if (lines.length === 0) throw new PermanentError('The script is empty');
  return lines;
}
