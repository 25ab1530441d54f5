// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- What producing an episode used and cost: LLM tokens for the script, render time for
    -- the audio, and the cost in USD computed from the configured prices when it is ready.
    ALTER TABLE episodes ADD COLUMN llm_input_tokens integer NOT NULL DEFAULT 0;
    ALTER TABLE episodes ADD COLUMN llm_output_tokens integer NOT NULL DEFAULT 0;
    ALTER TABLE episodes ADD COLUMN render_ms integer;
    ALTER TABLE episodes ADD COLUMN cost_usd numeric(12, 6) NOT NULL DEFAULT 0;
    -- usage_monthly.cost_total sums episode costs, which have six decimals.
    ALTER TABLE usage_monthly ALTER COLUMN cost_total TYPE numeric(14, 6);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE usage_monthly ALTER COLUMN cost_total TYPE numeric(12, 4);
    ALTER TABLE episodes DROP COLUMN llm_input_tokens, DROP COLUMN llm_output_tokens, DROP COLUMN render_ms, DROP COLUMN cost_usd;
  `.execute(db);
}
