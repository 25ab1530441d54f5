// Operator commands: `migrate` and `user set-tier`.
import type { Config } from '@castwright/core/config';
import { createDb } from '@castwright/core/db/connect';
import type { Logger } from '@castwright/core/logger';
import { setUserTier } from '@castwright/core/repositories/users';
import { TIERS, type Tier } from '@castwright/core/tiers';
import { connectDatabase } from '../database-connection.ts';
import { migrateDatabase } from '../migrate-database.ts';

export class UsageError extends Error {}

export async function migrateCommand(config: Config, logger: Logger): Promise<void> {
  const database = await connectDatabase(config, logger);
  try {
    await migrateDatabase(database.url, logger);
  } finally {
    await database.release();
  }
}

export async function setTierCommand(config: Config, logger: Logger, email: string | undefined, tier: string | undefined): Promise<void> {
  if (!email || !tier) throw new UsageError('usage: castwright user set-tier <email> <free|creator|professional|enterprise>');
  if (!(TIERS as readonly string[]).includes(tier)) throw new UsageError(`tier must be one of: ${TIERS.join(', ')}`);
  const database = await connectDatabase(config, logger);
  const db = createDb(database.url, { max: 1 });
  try {
    const user = await setUserTier(db, email, tier as Tier);
    if (!user) throw new UsageError(`no user with e-mail ${email}`);
    logger.info({ userId: user.id, tier: user.tier }, `${user.email} is now on the ${user.tier} tier`);
  } finally {
    await db.destroy();
    await database.release();
  }
}
