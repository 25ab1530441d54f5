// GET /api/episodes/:id/revisions: the episode's renders, newest first (owner only).
import type { Db } from '@castwright/core/db/connect';
import { selectRevisionPage, type RevisionSummaryRow } from '@castwright/core/repositories/episode-revisions';
import { selectOwnEpisode } from '@castwright/core/repositories/episodes';
import { ownedOr404 } from '../owned-or-404.ts';

function revisionView(row: RevisionSummaryRow) {
  return {
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    linesChanged: row.lines_changed,
    linesRendered: row.lines_rendered,
    linesReused: row.lines_reused,
    audioDuration: row.audio_duration_ms === null ? null : Math.round(row.audio_duration_ms / 1000),
    error: row.error_message,
    restoredFrom: row.restored_from,
  };
}

export async function listRevisions(db: Db, userId: string, id: string, page: { limit: number; offset: number }) {
  const episode = await ownedOr404('episode', selectOwnEpisode(db, userId, id));
  const { rows, total } = await selectRevisionPage(db, episode.id, page);
  return {
    episodeId: episode.id,
    publishedRevision: episode.published_revision,
    revisions: rows.map(revisionView),
    pagination: { total, limit: page.limit, offset: page.offset },
  };
}
