// Turning a show's private feed on, rotating its token, and revoking it, as a playlist's
// (feeds/feed-token.ts): the token (256 random bits) is shown once, inside the feed URL;
// only its SHA-256 is stored, and replacing or deleting the row makes the previous URL a
// 404 from that commit on. The feed itself is served by routes/feeds.ts.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { deleteShowFeed, upsertShowFeedToken } from '@castwright/core/repositories/show-feeds';
import { selectOwnShow } from '@castwright/core/repositories/shows';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import type { EnabledFeed } from '../feeds/feed-token.ts';
import { feedUrls } from '../feeds/feed-urls.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';

export const SHOW_FEED_URL_WARNING =
  'Anyone with this address can listen to every episode of the show. Keep it private; POST again to replace it or DELETE to turn the feed off.';

export async function enableShowFeed(db: Db, config: Config, user: UserRow, showId: string, answer: AnswerRecorder<EnabledFeed>): Promise<EnabledFeed> {
  const token = randomSecret();
  return db.transaction().execute(async (trx) => {
    const show = await ownedOr404('show', selectOwnShow(trx, user.id, showId));
    const feed = await upsertShowFeedToken(trx, show.id, hashSecret(token));
    const enabled = { feedUrl: feedUrls(config, token).feed, createdAt: feed.created_at.toISOString() };
    await answer.record(trx, enabled);
    return enabled;
  });
}

export async function revokeShowFeed(db: Db, user: UserRow, showId: string): Promise<void> {
  const show = await ownedOr404('show', selectOwnShow(db, user.id, showId));
  if (!(await deleteShowFeed(db, show.id))) throw new AppError('notFound', 'This show has no feed');
}
