// Brings a database to the current schema: our migrations, then graphile-worker's.
import { runMigrations } from 'graphile-worker';
import { createDb } from '@castwright/core/db/connect';
import { migrateToLatest } from '@castwright/core/db/migrate';
import type { Logger } from '@castwright/core/logger';
import { graphileLogger } from '@castwright/worker/graphile-logger';

export async function migrateDatabase(databaseUrl: string, logger: Logger): Promise<void> {
  const db = createDb(databaseUrl, { max: 1 });
  try {
    const { applied } = await migrateToLatest(db);
    logger.info({ applied }, applied.length > 0 ? 'applied migrations' : 'schema is up to date');
  } finally {
    await db.destroy();
  }
  await runMigrations({ connectionString: databaseUrl, logger: graphileLogger(logger) });
}
