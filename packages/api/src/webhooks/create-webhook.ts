// Registering a webhook, within the per-account bound (counted under the user's row lock,
// so parallel creates cannot pass it together). The signing secret is made here, stored
// only encrypted, and returned in this answer alone (kept sealed for a retry with the same
// Idempotency-Key, recorded in the creating transaction).
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import type { SecretBox } from '@castwright/core/secret-box';
import { lockUser } from '@castwright/core/repositories/users';
import { countWebhooks, insertWebhook } from '@castwright/core/repositories/webhooks';
import { WEBHOOK_EVENTS } from '@castwright/core/webhooks/webhook-events';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import { newWebhookSecret } from '@castwright/core/webhooks/webhook-signature';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { checkWebhookEvents, checkWebhookUrl } from './webhook-input.ts';
import { webhookView } from './webhook-views.ts';

export const SECRET_MESSAGE = 'Webhook created. Store the secret now: it is shown only once and verifies every delivery.';

export async function createWebhook(
  services: { db: Db; config: Config; secretBox: SecretBox },
  user: UserRow,
  input: { url: string; events?: string[] | undefined; description?: string | undefined },
  answer: AnswerRecorder<CreatedWebhook>,
): Promise<CreatedWebhook> {
  const url = checkWebhookUrl(input.url, services.config.outboundAllowPrivate);
  const events = checkWebhookEvents(input.events ?? WEBHOOK_EVENTS);
  const id = newId('webhook');
  const secret = newWebhookSecret();
  return services.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    if ((await countWebhooks(trx, user.id)) >= WEBHOOK_LIMITS.perAccount) {
      throw new AppError('limitReached', `An account can hold at most ${WEBHOOK_LIMITS.perAccount} webhooks; delete one to add another`);
    }
    const webhook = await insertWebhook(trx, {
      id,
      user_id: user.id,
      url,
      events,
      description: input.description?.trim() ?? '',
      secret_ciphertext: services.secretBox.seal(secret, id),
    });
    const created = { ...webhookView({ ...webhook, deliveries_total: 0, deliveries_successful: 0, deliveries_failed: 0 }), secret };
    await answer.record(trx, created);
    return created;
  });
}

export type CreatedWebhook = ReturnType<typeof webhookView> & { secret: string };
