// A throw-away embedded PostgreSQL with a migrated database, for the benchmarks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedDatabase } from '@castwright/cli/embedded-database';
import { migrateDatabase } from '@castwright/cli/migrate-database';
import { createDb, type Db } from '@castwright/core/db/connect';
import { createLogger } from '@castwright/core/logger';
import { freePort } from '#test-helpers/free-port';

export interface BenchDatabase {
  url: string;
  db: Db;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startBenchDatabase(): Promise<BenchDatabase> {
  const logger = createLogger({ level: 'warn', role: 'bench' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-bench-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort(), logger });
  await migrateDatabase(server.url, logger);
  const db = createDb(server.url, { max: 8 });
  return {
    url: server.url,
    db,
    dataDir,
    async stop() {
      await db.destroy();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
