// Episode progress events on the Postgres NOTIFY bus. Payloads stay tiny (an id and
// a state), well under NOTIFY's 8,000-byte limit; readers fetch anything larger.
import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Executor } from './db/connect.ts';
import { EPISODE_STATUSES } from './episode-states.ts';
import { compileChecker } from './validation.ts';

export const PROGRESS_CHANNEL = 'episode_progress';

export const ProgressEventSchema = Type.Object({
  id: Type.String(),
  status: Type.Enum([...EPISODE_STATUSES]),
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  /** When the change committed's transaction ran (ms since epoch), for latency figures. */
  at: Type.Number(),
  /** What the stage waits on while it stands still (episodes.progress_note); sent when it changes, null once the wait is over. */
  note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** While the episode is heard as it is made: how long its live stream plays so far (ms). */
  previewMs: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ProgressEvent = Static<typeof ProgressEventSchema>;

export async function notifyProgress(executor: Executor, event: ProgressEvent): Promise<void> {
  await sql`SELECT pg_notify(${PROGRESS_CHANNEL}, ${JSON.stringify(event)})`.execute(executor);
}

const checkProgressEvent = compileChecker(ProgressEventSchema, 'progress event');

export function parseProgressEvent(payload: string): ProgressEvent {
  return checkProgressEvent(JSON.parse(payload));
}
