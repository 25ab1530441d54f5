// Operator commands: `migrate` and `user set-tier`. Neither creates an embedded database:
// a DATA_DIR without one is a mistake (a typo, the wrong directory), said so, not papered over.
import type { Config } from '@castwright/core/config';
import { createDb } from '@castwright/core/db/connect';
import type { Logger } from '@castwright/core/logger';
import { updateUserTier } from '@castwright/core/repositories/users';
import type { Tier } from '@castwright/core/tiers';
import { UsageError } from '../command-line/command-spec.ts';
import { connectDatabase } from '../database-connection.ts';
import { migrateDatabase } from '../migrate-database.ts';

export async function migrateCommand(config: Config, logger: Logger): Promise<void> {
  const database = await connectDatabase(config, logger, { existingOnly: true });
  try {
    await migrateDatabase(database.url, logger);
  } finally {
    await database.release();
  }
}

/** `email` and `tier` come checked against the command table. */
export async function setTierCommand(config: Config, logger: Logger, email: string, tier: Tier): Promise<void> {
  const database = await connectDatabase(config, logger, { existingOnly: true });
  const db = createDb(database.url, { max: 1 });
  try {
    const user = await updateUserTier(db, email, tier);
    if (!user) throw new UsageError(`no user with e-mail ${email}`);
    logger.info({ userId: user.id, tier: user.tier }, `${user.email} is now on the ${user.tier} tier`);
  } finally {
    await db.destroy();
    await database.release();
  }
}
