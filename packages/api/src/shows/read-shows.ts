// Reading shows: the caller's list (newest first) and one show with its parts, whose
// ETag conditional changes check (`checkShowIfMatch`, under the show's lock).
import type { Db, Executor } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectPartsOfShows, selectShowParts } from '@castwright/core/repositories/show-audio-parts';
import { selectShowSummary, selectShowSummaryPage } from '@castwright/core/repositories/shows';
import { requireIfMatch, viewEtag } from '../http/preconditions.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { showView, type ShowView } from './show-views.ts';

export async function listShows(db: Db, user: UserRow, query: { limit: number; offset: number }) {
  const { rows, total } = await selectShowSummaryPage(db, { userId: user.id, ...query });
  const parts = await selectPartsOfShows(db, rows.map((row) => row.id));
  return { shows: rows.map((row) => showView(row, parts)), pagination: { total, limit: query.limit, offset: query.offset } };
}

export async function readShow(db: Executor, user: UserRow, id: string): Promise<ShowView> {
  const show = await ownedOr404('show', selectShowSummary(db, user.id, id));
  return showView(show, await selectShowParts(db, show.id));
}

/** 412 when `ifMatch` names no current tag of the show (read within the caller's transaction, after its lock). */
export async function checkShowIfMatch(trx: Executor, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  if (ifMatch !== undefined) requireIfMatch(ifMatch, viewEtag(await readShow(trx, user, id)), 'show');
}
