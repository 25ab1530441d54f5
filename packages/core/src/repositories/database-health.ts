// Whether the database answers at all: the health check's one query.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export async function selectOne(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export interface DatabaseConnections {
  /** Client connections open on the server now, to every database (they share the limit). */
  open: number;
  /** How many clients without superuser rights may connect: max_connections less the reserved slots. */
  limit: number;
}

/** How close the server is to refusing connections ("too many clients already", SQLSTATE 53300). */
export async function countDatabaseConnections(db: Executor): Promise<DatabaseConnections> {
  const { rows } = await sql<DatabaseConnections>`
    SELECT (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int AS open,
      (current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int) AS limit`.execute(db);
  return rows[0] ?? { open: 0, limit: 0 };
}
