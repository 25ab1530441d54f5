// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The engine that actually voiced the episode ('kokoro', 'chatterbox' or 'offline'),
    -- which differs from tts_engine (the request) when an engine failed or is absent.
    ALTER TABLE episodes ADD COLUMN tts_engine_used text;
    -- Why the requested engine was not used, e.g. 'chatterbox: unreachable'.
    ALTER TABLE episodes ADD COLUMN tts_fallback_reason text;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE episodes DROP COLUMN tts_engine_used, DROP COLUMN tts_fallback_reason;`.execute(db);
}
