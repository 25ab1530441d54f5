// The items one run uses: the unused fresh items of the briefing's active sources,
// ranked (priority keywords first, then the newest), the first `max_sources_per_briefing`
// kept, and for each feed item the article it links to, read through the outbound guard
// (the feed's own text when the article cannot be had: refused, missing or unreadable).
import type { BriefingConfigRow } from '@castwright/core/db/schema';
import { selectCandidateItems, type CandidateItem } from '@castwright/core/repositories/briefing-items';
import { rankItems } from '@castwright/content/briefings/rank-items';
import type { BriefingItemText } from '@castwright/content/briefings/compile-briefing';
import type { OutboundPolicy } from '@castwright/content/fetch/outbound-policy';
import { fetchArticleText } from '@castwright/content/ingest/web-article';
import { cleanBlocks } from '@castwright/content/text/clean-text';
import { formatStructuredText } from '@castwright/content/text/structured-text';
import type { WorkerContext } from '../worker-context.ts';
import { inPool } from './in-pool.ts';

/** Candidates read before ranking: far more than any run uses. */
const CANDIDATES = 500;
const PARALLEL_ARTICLES = 4;

export interface ChosenItem extends BriefingItemText {
  id: number;
}

export async function chooseItems(context: WorkerContext, briefing: BriefingConfigRow, runId: string, now: Date): Promise<CandidateItem[]> {
  const since = new Date(now.getTime() - briefing.content_freshness_hours * 3_600_000);
  const candidates = await selectCandidateItems(context.db, { briefingId: briefing.id, runId, since, limit: CANDIDATES });
  const rankable = candidates.map((item) => ({ item, title: item.title, text: item.body, date: item.published_at ?? item.first_seen_at }));
  return rankItems(rankable, briefing.priority_keywords, briefing.max_sources_per_briefing).map(({ item }) => item);
}

export async function readItems(context: WorkerContext, items: readonly CandidateItem[], policy: OutboundPolicy): Promise<ChosenItem[]> {
  const texts = new Map<number, string>();
  await inPool(items, PARALLEL_ARTICLES, async (item) => {
    texts.set(item.id, item.url ? await articleText(context, item, policy) : item.body);
  });
  return items
    .map((item) => ({ id: item.id, title: item.title, sourceName: item.source_name, url: item.url, text: texts.get(item.id) ?? '' }))
    .filter((item) => item.text.trim() !== '');
}

async function articleText(context: WorkerContext, item: CandidateItem, policy: OutboundPolicy): Promise<string> {
  try {
    const article = await fetchArticleText(item.url as string, policy);
    const text = formatStructuredText(cleanBlocks(article.blocks));
    // An article page shorter than the feed's own text (a teaser, a paywall) adds nothing.
    return text.length >= item.body.length ? text : item.body;
  } catch (error) {
    context.logger.info({ err: error, itemId: item.id, url: item.url }, 'briefing article not read; using the feed text');
    return item.body;
  }
}
