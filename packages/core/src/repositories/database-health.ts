// Whether the database answers at all: the health check's one query.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export async function selectOne(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
