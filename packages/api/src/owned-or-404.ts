// The caller's own episode, playlist, webhook, briefing, lexicon entry, clip, document or show, or a 404: someone else's reads
// exactly like a missing one, so ids cannot be probed. Owner checks go through here, with
// an owner-scoped repository call (it answers undefined, or false for a change, when the
// row is not the caller's), with one exception the interface spells out: deleting another
// account's episode is a 403 (`DELETE /api/episodes/:id`: 403 not owner, 404 does not
// exist), so episodes/remove-episode.ts reads the row unscoped and uses only notFound here.
import { AppError } from '@castwright/core/errors';

const NOT_FOUND = {
  episode: 'Episode not found',
  playlist: 'Playlist not found',
  webhook: 'Webhook not found',
  briefing: 'Briefing not found',
  pronunciation: 'Pronunciation entry not found',
  clip: 'Clip not found',
  document: 'Document not found',
  show: 'Show not found',
} as const;

export type OwnedKind = keyof typeof NOT_FOUND;

/** The 404 of a missing (or someone else's) resource of this kind. */
export function notFound(kind: OwnedKind): AppError {
  return new AppError('notFound', NOT_FOUND[kind]);
}

/**
 * What the owner-scoped look-up, lock or change found, or the kind's 404:
 * `await ownedOr404('playlist', lockOwnPlaylist(trx, user.id, id))`.
 */
export async function ownedOr404<T>(kind: OwnedKind, found: Promise<T | undefined | false>): Promise<T> {
  const row = await found;
  if (row === undefined || row === false) throw notFound(kind);
  return row;
}
