// API keys: `svc_` + 256 random bits, shown once, stored as a SHA-256 hash. One current
// key per user (creator tier and up); generating revokes the previous one.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { newId } from '@castwright/core/ids';
import { insertApiKey, updateApiKeyRevoked } from '@castwright/core/repositories/api-keys';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { API_KEY_PREFIX } from '../plugins/authentication.ts';

export const API_KEY_WARNING = 'Store this key now: it is shown only once. Anyone holding it can act as you; revoke it with DELETE /api/user/api-key.';

/** A new key, revoking the previous one in the same transaction, which also records the answer (sealed). */
export async function generateApiKey(db: Db, user: UserRow, answer: AnswerRecorder<string>): Promise<string> {
  const apiKey = `${API_KEY_PREFIX}${randomSecret()}`;
  await db.transaction().execute(async (trx) => {
    await insertApiKey(trx, { id: newId('apiKey'), userId: user.id, keyHash: hashSecret(apiKey), lastFour: apiKey.slice(-4) });
    await answer.record(trx, apiKey);
  });
  return apiKey;
}

/** Revokes the current key; false when there was none. */
export async function revokeApiKey(db: Db, user: UserRow): Promise<boolean> {
  return updateApiKeyRevoked(db, user.id);
}
