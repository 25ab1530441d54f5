// Where the roles' database is: DATABASE_URL when given, else the embedded server
// under DATA_DIR — reused if `castwright start` already runs it, started otherwise.
import pg from 'pg';
import type { Config } from '@castwright/core/config';
import type { Logger } from '@castwright/core/logger';
import { loadOrCreateSecret } from '@castwright/core/secrets';
import { EmbeddedDatabaseError } from './embedded-database-error.ts';
import { hasEmbeddedDatabase, startEmbeddedDatabase } from './embedded-database.ts';

export interface DatabaseConnection {
  url: string;
  /** True when this process started the embedded server and must stop it. */
  embedded: boolean;
  release(): Promise<void>;
}

/** `existingOnly`: start an embedded server that `castwright start` created, never create one. */
export async function connectDatabase(config: Config, logger: Logger, options: { existingOnly?: boolean } = {}): Promise<DatabaseConnection> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, release: async () => undefined };
  if (options.existingOnly && !(await hasEmbeddedDatabase(config.dataDir))) {
    throw new EmbeddedDatabaseError(
      `There is no database in ${config.dataDir}: run \`castwright start\` there first, point DATA_DIR at the directory that holds it, or set DATABASE_URL.`,
    );
  }
  const password = await loadOrCreateSecret(config.dataDir, 'postgres-password', 24);
  const runningUrl = `postgresql://castwright:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPostgresPort}/castwright`;
  if (await canConnect(runningUrl)) {
    logger.info({ port: config.embeddedPostgresPort }, 'using the embedded PostgreSQL already running');
    return { url: runningUrl, embedded: false, release: async () => undefined };
  }
  logger.info({ port: config.embeddedPostgresPort }, 'starting embedded PostgreSQL');
  const server = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger });
  return { url: server.url, embedded: true, release: () => server.stop() };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
