// What keeps the fleet honest: worker liveness, the outgoing-mail outbox and the fair
// queue's per-account virtual times.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types.ts';

export interface WorkerHeartbeatsTable {
  worker_id: string;
  role: string;
  hostname: string;
  pid: number;
  started_at: Timestamp;
  last_seen_at: Timestamp;
  streak_started_at: Timestamp;
  /** Media workers: the engines they hold and the catalog ids of the voices those can speak, rewritten with every beat. */
  engines: ColumnType<string[], string[] | undefined, string[]>;
  voice_ids: ColumnType<string[], string[] | undefined, string[]>;
}

export interface JobInterruptionsTable {
  job_id: string;
  interruptions: number;
  updated_at: Timestamp;
}

export interface FairQueueAccountsTable {
  role: string;
  /** A user id, or 'system'. */
  account: string;
  next_tag: number;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  message_id: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
