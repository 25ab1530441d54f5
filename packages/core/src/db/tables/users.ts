// Accounts.
import type { Insertable, Selectable } from 'kysely';
import type { Tier } from '../../tiers.ts';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string | null;
  bio: string | null;
  avatar_url: string | null;
  tier: Defaulted<Tier>;
  email_verified: Defaulted<boolean>;
  subscription_status: string | null;
  subscription_period_end: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
