// Monthly usage per user, and the rate-limit counters every api replica shares.
import type { ColumnType, Selectable } from 'kysely';
import type { Defaulted, Numeric, Timestamp } from '../column-types.ts';

export interface UsageMonthlyTable {
  user_id: string;
  /** First day of the month (UTC), as a `YYYY-MM-DD` date. */
  month: ColumnType<string, string, string>;
  episodes_created: Defaulted<number>;
  total_audio_duration: Defaulted<number>;
  total_characters: Defaulted<number>;
  cost_total: Numeric;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  hits: number;
  expires_at: Timestamp;
}

export type UsageMonthlyRow = Selectable<UsageMonthlyTable>;
