// An embedded PostgreSQL with a migrated template database, set up the way the test runner
// sets it up, so that benchmarks can start real apis and workers with startTestApi (each
// on a database cloned from the template). `context.teardown` collects what to stop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '@castwright/cli/embedded-database';
import { migrateDatabase } from '@castwright/cli/migrate-database';
import type { Logger } from '@castwright/core/logger';
import { freePort } from '#test-helpers/free-port';

const TEMPLATE = 'castwright_template_bench';

export async function startBenchTemplate(logger: Logger) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-bench-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort(), logger, database: 'postgres' });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await migrateDatabase(server.adminUrl.replace(/\/postgres$/, `/${TEMPLATE}`), logger);
  process.env.CASTWRIGHT_TEST_ADMIN_URL = server.adminUrl;
  process.env.CASTWRIGHT_TEST_TEMPLATE = TEMPLATE;
  const teardowns: (() => Promise<void> | void)[] = [];
  return {
    dataDir,
    adminUrl: server.adminUrl,
    admin,
    context: { teardown: (fn: () => Promise<void> | void) => void teardowns.push(fn) },
    async stop() {
      for (const teardown of teardowns.reverse()) await teardown();
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
