// Adding and removing a briefing's sources. A feed needs an http(s) address (one that
// names a private network outright is refused here; one that resolves to it is
// refused by the outbound guard when fetched); an e-mail source is issued an inbound
// webhook id of 256 random bits, of which only the SHA-256 is looked up.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { BRIEFING_LIMITS, type BriefingSourceType } from '@castwright/core/briefing-options';
import { AppError, PermanentError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { lockOwnBriefing } from '@castwright/core/repositories/briefing-configs';
import { countSources, deleteSource, insertSource } from '@castwright/core/repositories/briefing-sources';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import { parseOutboundUrl } from '@castwright/content/fetch/outbound-url';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { sourceView } from './briefing-views.ts';
import { checkBriefingIfMatch } from './read-briefings.ts';

export interface SourceInput {
  source_type: BriefingSourceType;
  source_name: string;
  source_url?: string | undefined;
  fetch_limit?: number | undefined;
  is_active?: boolean | undefined;
}

export type SourceView = ReturnType<typeof sourceView>;

export async function addBriefingSource(db: Db, config: Config, user: UserRow, briefingId: string, input: SourceInput, answer: AnswerRecorder<SourceView>): Promise<SourceView> {
  const name = input.source_name.trim();
  if (name === '') throw AppError.validation('source_name must not be blank');
  const feedUrl = input.source_type === 'rss' ? checkedFeedUrl(input.source_url, config.outboundAllowPrivate) : undefined;
  if (input.source_type === 'email' && input.source_url !== undefined) {
    throw AppError.validation('source_url is issued for email sources; leave it out', ['source_url must be left out for email sources']);
  }
  const webhookId = input.source_type === 'email' ? randomSecret() : undefined;
  return db.transaction().execute(async (trx) => {
    const briefing = await ownedOr404('briefing', lockOwnBriefing(trx, user.id, briefingId));
    if ((await countSources(trx, briefing.id)) >= BRIEFING_LIMITS.sourcesPerBriefing) {
      throw new AppError('limitReached', `A briefing can hold at most ${BRIEFING_LIMITS.sourcesPerBriefing} sources; delete one to add another`);
    }
    const source = await insertSource(trx, {
      id: newId('briefingSource'),
      briefing_id: briefing.id,
      source_type: input.source_type,
      source_name: name,
      source_url: feedUrl ?? null,
      fetch_limit: input.fetch_limit ?? BRIEFING_LIMITS.defaultFetchLimit,
      is_active: input.is_active ?? true,
      inbound_token: webhookId ?? null,
      inbound_token_hash: webhookId ? hashSecret(webhookId) : null,
    });
    const view = sourceView(config, source);
    await answer.record(trx, view);
    return view;
  });
}

/** A source is part of its briefing's single view, so an If-Match names the briefing's tag. */
export async function removeBriefingSource(db: Db, config: Config, user: UserRow, briefingId: string, sourceId: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const briefing = await ownedOr404('briefing', lockOwnBriefing(trx, user.id, briefingId));
    await checkBriefingIfMatch(trx, config, user, briefing.id, ifMatch);
    if (!(await deleteSource(trx, briefing.id, sourceId))) throw new AppError('notFound', 'Source not found');
  });
}

function checkedFeedUrl(url: string | undefined, allowPrivateAddresses: boolean): string {
  if (url === undefined || url.trim() === '') throw AppError.validation('source_url is required for rss sources', ['source_url is required for rss sources']);
  try {
    return parseOutboundUrl(url.trim(), allowPrivateAddresses).href;
  } catch (error) {
    if (error instanceof PermanentError) throw AppError.validation(`source_url: ${error.message}`);
    throw error;
  }
}
