// The Kysely instance over a pg pool. Callers own transactions; repository
// functions take `db` or `trx` first.
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
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

export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max, types });
}

export function createDb(connectionString: string, options: { max?: number } = {}): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(connectionString, options.max) }) });
}
