// The NOTIFY a worker sends when it starts or finishes an attempt of a test event, so the
// api request waiting on POST /api/webhooks/:id/test wakes up and reads the record. The
// payload is only the event id (NOTIFY payloads stay tiny; readers fetch the rest).
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export const WEBHOOK_DELIVERY_CHANNEL = 'webhook_delivery';

export async function notifyDelivery(executor: Executor, eventId: string): Promise<void> {
  await sql`SELECT pg_notify(${WEBHOOK_DELIVERY_CHANNEL}, ${eventId})`.execute(executor);
}
