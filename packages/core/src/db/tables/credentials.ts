// What proves who a caller is: refresh tokens, API keys and single-use e-mail tokens.
// Only SHA-256 hashes of the secrets are stored.
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types.ts';

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  key_hash: string;
  last_four: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'password_reset' | 'email_verification';
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}
