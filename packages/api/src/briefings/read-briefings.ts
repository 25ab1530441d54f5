// Reading briefings: the caller's list (newest first, optionally only active or
// inactive ones) and one briefing with its sources, whose ETag conditional changes check
// (`checkBriefingIfMatch`, under the briefing's lock).
import type { Config } from '@castwright/core/config';
import type { Db, Executor } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectBriefingSummary, selectBriefingSummaryPage } from '@castwright/core/repositories/briefing-configs';
import { selectSources } from '@castwright/core/repositories/briefing-sources';
import { requireIfMatch, viewEtag } from '../http/preconditions.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { briefingSummary, sourceView } from './briefing-views.ts';

export async function listBriefings(db: Db, user: UserRow, query: { limit: number; offset: number; active?: boolean | undefined }) {
  const { rows, total } = await selectBriefingSummaryPage(db, { userId: user.id, ...query });
  return { count: rows.length, briefings: rows.map(briefingSummary), pagination: { total, limit: query.limit, offset: query.offset } };
}

export async function readBriefing(db: Executor, config: Config, user: UserRow, id: string) {
  const summary = await ownedOr404('briefing', selectBriefingSummary(db, user.id, id));
  const sources = await selectSources(db, summary.id);
  return { ...briefingSummary(summary), sources: sources.map((source) => sourceView(config, source)) };
}

/** 412 when `ifMatch` names no current tag of the briefing (read within the caller's transaction, after its lock). */
export async function checkBriefingIfMatch(trx: Executor, config: Config, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  if (ifMatch !== undefined) requireIfMatch(ifMatch, viewEtag(await readBriefing(trx, config, user, id)), 'briefing');
}
