// Fetching a briefing's feeds: each through the outbound guard with its stored
// validators, its newest `fetch_limit` entries stored as items (known ones are kept as
// they are), and the outcome recorded on the source (validators, last_fetched_at or
// last_error) in one statement. A failing feed is reported, never thrown: one source
// does not fail the run.
import type { BriefingSourceRow, SourceError } from '@castwright/core/db/schema';
import { PermanentError } from '@castwright/core/errors';
import { insertItems } from '@castwright/core/repositories/briefing-items';
import { updateSourceFetchOutcome } from '@castwright/core/repositories/briefing-sources';
import { itemFingerprint } from '@castwright/content/briefings/item-fingerprint';
import type { OutboundPolicy } from '@castwright/content/fetch/outbound-policy';
import { fetchFeed, type FetchedFeed } from '@castwright/content/feeds/fetch-feed';
import type { FeedEntry } from '@castwright/content/feeds/parse-feed';
import type { WorkerContext } from '../worker-context.ts';
import { inPool } from './in-pool.ts';

export interface FeedsOutcome {
  /** Feeds that answered (200 or 304). */
  fetched: number;
  errors: SourceError[];
  /** Whether any failure may pass (network trouble, 5xx), so a retry could do better. */
  transient: boolean;
}

/** Feeds fetched at once. */
const PARALLEL_FEEDS = 4;

export async function refreshFeeds(context: WorkerContext, feeds: readonly BriefingSourceRow[], policy: OutboundPolicy, signal?: AbortSignal): Promise<FeedsOutcome> {
  const outcome: FeedsOutcome = { fetched: 0, errors: [], transient: false };
  await inPool(feeds, PARALLEL_FEEDS, async (source) => {
    if (!source.source_url) return;
    let fetched: FetchedFeed;
    try {
      fetched = await fetchFeed(source.source_url, { etag: source.etag, lastModified: source.last_modified }, policy, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      const reason = error instanceof PermanentError ? error.message : `the feed could not be reached (${(error as Error).message})`;
      context.logger.warn({ err: error, sourceId: source.id }, 'briefing feed failed');
      outcome.errors.push({ source_id: source.id, source_name: source.source_name, error: reason });
      outcome.transient ||= !(error instanceof PermanentError);
      await updateSourceFetchOutcome(context.db, source.id, { error: reason });
      return;
    }
    if (fetched.kind === 'fetched') {
      await insertItems(context.db, newest(fetched.document.entries, source.fetch_limit).map((entry) => ({
        briefing_id: source.briefing_id,
        source_id: source.id,
        fingerprint: itemFingerprint({ sourceId: source.id, url: entry.url, guid: entry.guid, title: entry.title, text: entry.text }),
        title: entry.title,
        url: entry.url,
        published_at: entry.published,
        body: entry.text,
      })));
      await updateSourceFetchOutcome(context.db, source.id, { etag: fetched.etag, lastModified: fetched.lastModified, error: null });
    } else {
      await updateSourceFetchOutcome(context.db, source.id, { error: null });
    }
    outcome.fetched += 1;
  });
  return outcome;
}

/** The newest `limit` entries (dated ones by date; undated ones keep the feed's own order, which is usually newest first). */
function newest(entries: readonly FeedEntry[], limit: number): FeedEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (b.entry.published?.getTime() ?? 0) - (a.entry.published?.getTime() ?? 0) || a.index - b.index)
    .slice(0, limit)
    .map(({ entry }) => entry);
}
