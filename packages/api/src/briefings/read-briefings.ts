// Reading briefings: the caller's list (newest first, optionally only active or
// inactive ones) and one briefing with its sources.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectBriefingSummary, selectBriefingSummaryPage } from '@castwright/core/repositories/briefing-configs';
import { selectSources } from '@castwright/core/repositories/briefing-sources';
import { ownedOr404 } from '../owned-or-404.ts';
import { briefingSummary, sourceView } from './briefing-views.ts';

export async function listBriefings(db: Db, user: UserRow, query: { limit: number; offset: number; active?: boolean | undefined }) {
  const { rows, total } = await selectBriefingSummaryPage(db, { userId: user.id, ...query });
  return { count: rows.length, briefings: rows.map(briefingSummary), pagination: { total, limit: query.limit, offset: query.offset } };
}

export async function readBriefing(db: Db, config: Config, user: UserRow, id: string) {
  const summary = await ownedOr404('briefing', selectBriefingSummary(db, user.id, id));
  const sources = await selectSources(db, summary.id);
  return { ...briefingSummary(summary), sources: sources.map((source) => sourceView(config, source)) };
}
