// The Kysely instance over a pg pool. Callers own transactions; repository
// functions take `db` or `trx` first.
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { NamingClient } from './named-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Anything queries can run on: the pool or an open transaction. */
export type Executor = Kysely<Database>;

const DATE_OID = 1082;
const INT8_OID = 20;

// Dates stay `YYYY-MM-DD` strings (no time-zone shifts); counts come back as numbers.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export interface PoolOptions {
  max?: number;
  /** Per query, client side: a connection that went silent fails the query instead of hanging it. */
  queryTimeoutMs?: number;
  /**
   * Server side: a session left idle inside a transaction this long is ended, releasing its
   * locks. A worker paused or stalled mid-transaction would otherwise block, row lock by row
   * lock, the worker that takes its jobs over.
   */
  idleInTransactionTimeoutMs?: number;
}

/** How long a caller waits for a connection before the request fails (e.g. 503 while the database is away). */
const CONNECT_TIMEOUT_MS = 5_000;

function createPool(connectionString: string, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types,
    // Prepares the hot statements by name on each connection (named-statements.ts).
    Client: NamingClient as typeof pg.Client,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a peer that vanished without closing (a failover, a dropped network).
    keepAlive: true,
    ...(options.queryTimeoutMs !== undefined && { query_timeout: options.queryTimeoutMs }),
    ...(options.idleInTransactionTimeoutMs !== undefined && { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }),
  });
  // An idle connection that the server ends (a restart, a failover) emits 'error' on the
  // pool; without a listener that would crash the process. pg drops the connection and
  // opens a new one on the next query, which is all that should happen.
  pool.on('error', () => undefined);
  // The same for a connection ended while checked out between two queries (the server's
  // idle-in-transaction timeout): its next query fails, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createDb(connectionString: string, options: PoolOptions = {}): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(connectionString, options) }) });
}
