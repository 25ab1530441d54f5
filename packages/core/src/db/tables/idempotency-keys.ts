// Idempotency keys: the request each (account, key) was first used with, and its answer.
import type { Selectable } from 'kysely';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

export type IdempotencyKeyState = 'in_progress' | 'completed';

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  method: string;
  path: string;
  state: Defaulted<IdempotencyKeyState>;
  claim_token: string;
  leased_until: Timestamp;
  recovery_point: string | null;
  response_status: number | null;
  /** The answer's JSON sealed with core/secret-box.ts; never the answer itself. */
  response_body: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
