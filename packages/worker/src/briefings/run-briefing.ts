// One briefing run, end to end: fetch the feeds, choose and read the items, and accept
// the episode with one source per item (the one way every episode is made, quota and
// preset checked as for any) in ONE transaction with the run's completion and the items'
// use, under the run's row lock.
// A retried or doubled run finds the run completed and stops, so a run makes at most
// one episode. Failures that no retry can fix are RunFailures with the user's reason.
import type { SourceError } from '@castwright/core/db/schema';
import { EPISODE_DEFAULTS } from '@castwright/core/episode-options';
import { acceptEpisode } from '@castwright/core/episodes/accept-episode';
import { selectShowById } from '@castwright/core/repositories/shows';
import { briefingLanguage, briefingShowChoices } from '@castwright/core/shows/briefing-show';
import { AppError, PermanentError } from '@castwright/core/errors';
import type { Language } from '@castwright/core/languages';
import { selectBriefing } from '@castwright/core/repositories/briefing-configs';
import { updateItemsUsed } from '@castwright/core/repositories/briefing-items';
import { lockRun, updateRunCompleted, updateRunStarted, type RunCounts } from '@castwright/core/repositories/briefing-runs';
import { selectSources } from '@castwright/core/repositories/briefing-sources';
import { selectUserById } from '@castwright/core/repositories/users';
import { isTierAtLeast } from '@castwright/core/tiers';
import { compileBriefing, itemCharacterBudget } from '@castwright/content/briefings/compile-briefing';
import { outboundPolicy } from '@castwright/content/fetch/outbound-policy';
import { sourceLanguage } from '@castwright/content/language/detect-language';
import type { WorkerContext } from '../worker-context.ts';
import { chooseItems, readItems } from './choose-items.ts';
import { refreshFeeds } from './refresh-feeds.ts';

/** A run that cannot succeed as things stand: it fails with this reason (and what it counted so far). */
export class RunFailure extends PermanentError {
  readonly counts: Partial<RunCounts>;
  constructor(reason: string, counts: Partial<RunCounts> = {}) {
    super(reason);
    this.counts = counts;
  }
}

export interface RunOptions {
  /** No retry follows: a run whose every feed failed for now fails instead of being retried. */
  lastAttempt: boolean;
  signal?: AbortSignal | undefined;
  now?: Date;
}

export async function runBriefing(context: WorkerContext, runId: string, options: RunOptions): Promise<'completed' | 'finished-before'> {
  const run = await updateRunStarted(context.db, runId);
  if (!run) return 'finished-before';
  const now = options.now ?? new Date();
  const briefing = await selectBriefing(context.db, run.briefing_id);
  const user = briefing && (await selectUserById(context.db, briefing.user_id));
  if (!briefing || !user) return 'finished-before'; // deleted with its runs
  if (!isTierAtLeast(user.tier, 'creator')) throw new RunFailure('Briefings need the creator tier or higher; upgrade to resume this briefing');

  const sources = (await selectSources(context.db, briefing.id)).filter((source) => source.is_active);
  if (sources.length === 0) throw new RunFailure('The briefing has no active sources');
  const policy = outboundPolicy({ allowPrivateAddresses: context.config.outboundAllowPrivate });
  const feeds = await refreshFeeds(context, sources.filter((source) => source.source_type === 'rss'), policy, options.signal);
  const inboxes = sources.filter((source) => source.source_type === 'email').length;
  const counts: RunCounts = { sources_fetched: feeds.fetched + inboxes, items_included: 0, total_words: 0, source_errors: feeds.errors };
  if (counts.sources_fetched === 0) {
    const reason = `Every source failed: ${describe(feeds.errors)}`;
    // Feeds that are down for now may answer a retry; refused or broken ones will not.
    if (feeds.transient && !options.lastAttempt) throw new Error(reason);
    throw new RunFailure(reason, counts);
  }

  const chosen = await chooseItems(context, briefing, run.id, now);
  const items = await readItems(context, chosen, policy);
  if (items.length === 0) throw new RunFailure(`No new items from the last ${briefing.content_freshness_hours} hours`, counts);
  const budget = itemCharacterBudget(briefing.preset, items.length);
  const titled = (language: Language) => `${briefing.name}: ${spokenDate(now, briefing.schedule_timezone, language)}`;
  // In a show: its hosts, voices and engine, and its language where the briefing leaves it to detection.
  const show = briefing.show_id ? await selectShowById(context.db, briefing.show_id) : undefined;
  const asked = briefingLanguage(briefing, show);
  // The briefing's (or its show's) language, or the one its items are written in (English when they cannot tell).
  const found = asked
    ? { language: asked, detected: false }
    : sourceLanguage(items.map((item) => `${item.title}\n\n${item.text}`).join('\n\n'), (message) => new RunFailure(message, counts));
  const title = titled(found.language);
  const compiled = compileBriefing(items, budget, found.language);
  const finished = { ...counts, items_included: items.length, total_words: compiled.words };

  try {
    return await context.db.transaction().execute(async (trx) => {
      const locked = await lockRun(trx, run.id);
      if (locked?.status !== 'running') return 'finished-before';
      const { episode } = await acceptEpisode(trx, user, {
        ...EPISODE_DEFAULTS,
        preset: briefing.preset,
        hostMode: briefing.host_mode,
        ...briefingShowChoices(show),
        format: briefing.format,
        reactions: briefing.reactions,
        sources: compiled.sources.map((source) => ({ kind: 'text' as const, ...source })),
        sourceType: 'briefing',
        title,
        briefingTemplate: briefing.template_type,
        language: found.language,
        languageDetected: found.detected,
      }, { fair: context.config.fairScheduling });
      await updateRunCompleted(trx, run.id, { ...finished, episode_id: episode.id, episode_title: episode.title });
      await updateItemsUsed(trx, items.map((item) => item.id), run.id);
      return 'completed';
    });
  } catch (error) {
    // Over the monthly quota, or a preset the tier no longer allows: no episode, and this reason.
    if (error instanceof AppError) throw new RunFailure(error.message, finished);
    throw error;
  }
}

function describe(errors: readonly SourceError[]): string {
  return errors.map((error) => `${error.source_name}: ${error.error}`).join('; ');
}

/** "Tuesday, June 10, 2025" in the briefing's zone and its episodes' language ("mardi 10 juin 2025"). */
function spokenDate(moment: Date, timeZone: string, language: Language): string {
  const locale = language === 'en' ? 'en-US' : language;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(moment);
}
