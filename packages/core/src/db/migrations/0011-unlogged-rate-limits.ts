// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Every metered request counts a hit here. UNLOGGED: no write-ahead log, so a hit does
    -- not wait for a disk flush (the hot path's costliest step). The price: after a
    -- database crash (not a clean restart) the table is emptied, and clients get a fresh
    -- window — a lost count, never a wrong refusal. Counts stay shared by every replica.
    ALTER TABLE rate_limit_counters SET UNLOGGED;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE rate_limit_counters SET LOGGED`.execute(db);
}
