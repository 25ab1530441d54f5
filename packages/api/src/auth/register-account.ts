// Registration: a strong password, an unused e-mail, the account row and its
// verification e-mail job in one transaction, then the first token pair.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newUserId } from '@castwright/core/ids';
import { addJob } from '@castwright/core/jobs';
import { insertUser } from '@castwright/core/repositories/users';
import type { AccessTokens } from './access-tokens.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { issueTokenPair, type TokenSet } from './token-pairs.ts';

export interface Registration {
  email: string;
  password: string;
  name?: string | undefined;
}

/** `queueing.fair`: the api's FAIR_SCHEDULING (core/jobs.ts). */
export async function registerAccount(db: Db, accessTokens: AccessTokens, registration: Registration, queueing: { fair: boolean }): Promise<{ user: UserRow; tokens: TokenSet }> {
  assertStrongPassword(registration.password);
  const passwordHash = await hashPassword(registration.password);
  const user = await db.transaction().execute(async (trx) => {
    const inserted = await insertUser(trx, {
      id: newUserId(),
      email: registration.email,
      password_hash: passwordHash,
      name: registration.name?.trim() || null,
    });
    if (inserted) await addJob(trx, 'email:verification', { userId: inserted.id }, { account: inserted.id, fair: queueing.fair });
    return inserted;
  });
  if (!user) throw new AppError('emailTaken');
  return { user, tokens: await issueTokenPair(db, accessTokens, user.id) };
}
