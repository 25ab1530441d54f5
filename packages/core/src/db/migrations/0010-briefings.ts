// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- An episode a briefing run made is scripted by its briefing's template.
    ALTER TABLE episodes ADD COLUMN briefing_template text
      CHECK (briefing_template IN ('tech_news', 'market_update', 'research_digest', 'general'));

    CREATE TABLE briefing_configs (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
      template_type text NOT NULL CHECK (template_type IN ('tech_news', 'market_update', 'research_digest', 'general')),
      preset text NOT NULL CHECK (preset IN ('quick', 'standard', 'deep', 'extended')),
      host_mode text NOT NULL CHECK (host_mode IN ('single', 'multi')),
      schedule_frequency text NOT NULL CHECK (schedule_frequency IN ('daily', 'weekdays', 'weekly', 'custom')),
      -- weekly: day names ["mon","thu"]; custom: days of the month [1,15]; otherwise [].
      schedule_days jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(schedule_days) = 'array'),
      schedule_time text NOT NULL CHECK (schedule_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'),
      schedule_timezone text NOT NULL,
      max_sources_per_briefing integer NOT NULL DEFAULT 5 CHECK (max_sources_per_briefing BETWEEN 1 AND 20),
      content_freshness_hours integer NOT NULL DEFAULT 24 CHECK (content_freshness_hours BETWEEN 1 AND 168),
      priority_keywords text[] NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL DEFAULT true,
      -- The next scheduled run; null while the briefing is inactive. The scheduler claims
      -- due rows with FOR UPDATE SKIP LOCKED and moves this on in the same transaction.
      next_run_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (is_active OR next_run_at IS NULL)
    );
    CREATE INDEX briefing_configs_user_created_idx ON briefing_configs (user_id, created_at DESC, id DESC);
    CREATE INDEX briefing_configs_due_idx ON briefing_configs (next_run_at) WHERE is_active;

    CREATE TABLE briefing_sources (
      id text PRIMARY KEY,
      briefing_id text NOT NULL REFERENCES briefing_configs (id) ON DELETE CASCADE,
      source_type text NOT NULL CHECK (source_type IN ('rss', 'email')),
      source_name text NOT NULL CHECK (char_length(source_name) BETWEEN 1 AND 100),
      -- rss: the feed's address. email: null (its address is made from inbound_token).
      source_url text CHECK (char_length(source_url) <= 2048),
      fetch_limit integer NOT NULL DEFAULT 10 CHECK (fetch_limit BETWEEN 1 AND 50),
      is_active boolean NOT NULL DEFAULT true,
      -- email: the webhook id in the inbound address (an address, shown in the briefing
      -- view), and its SHA-256, which is what inbound requests are looked up by.
      inbound_token text UNIQUE,
      inbound_token_hash text UNIQUE,
      -- rss: the validators of the last 200, sent back as If-None-Match / If-Modified-Since.
      etag text,
      last_modified text,
      last_fetched_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((source_type = 'rss') = (source_url IS NOT NULL)),
      CHECK ((source_type = 'email') = (inbound_token_hash IS NOT NULL AND inbound_token IS NOT NULL))
    );
    CREATE INDEX briefing_sources_briefing_idx ON briefing_sources (briefing_id, created_at, id);

    CREATE TABLE briefing_runs (
      id text PRIMARY KEY,
      briefing_id text NOT NULL REFERENCES briefing_configs (id) ON DELETE CASCADE,
      run_type text NOT NULL CHECK (run_type IN ('scheduled', 'manual')),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
      -- The slot a scheduled run was started for.
      scheduled_for timestamptz,
      -- Set in the transaction that creates the episode, so a retried run finds it and stops.
      episode_id text REFERENCES episodes (id) ON DELETE SET NULL,
      episode_title text,
      sources_fetched integer NOT NULL DEFAULT 0,
      items_included integer NOT NULL DEFAULT 0,
      total_words integer NOT NULL DEFAULT 0,
      error_message text,
      -- Sources that failed in this run: [{source_id, source_name, error}].
      source_errors jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      completed_at timestamptz
    );
    CREATE INDEX briefing_runs_briefing_created_idx ON briefing_runs (briefing_id, created_at DESC, id DESC);
    -- One run of a briefing at a time: a manual run while one is under way is refused,
    -- and a scheduled slot that finds one under way is skipped.
    CREATE UNIQUE INDEX briefing_runs_one_active_idx ON briefing_runs (briefing_id) WHERE status IN ('queued', 'running');

    -- Items a briefing's sources delivered: feed entries and received newsletters. The
    -- fingerprint (a hash of the guid, else the link, else the title and text) is unique
    -- per briefing, so an item seen again or in two feeds is one item, and used_run_id
    -- marks the run that used it, so later runs leave it out.
    CREATE TABLE briefing_items (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      briefing_id text NOT NULL REFERENCES briefing_configs (id) ON DELETE CASCADE,
      source_id text REFERENCES briefing_sources (id) ON DELETE SET NULL,
      fingerprint text NOT NULL,
      title text NOT NULL,
      url text,
      published_at timestamptz,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      -- The feed's own text of the item, or the newsletter's text (structured text).
      body text NOT NULL DEFAULT '',
      used_run_id text REFERENCES briefing_runs (id) ON DELETE SET NULL,
      CONSTRAINT briefing_items_fingerprint_key UNIQUE (briefing_id, fingerprint)
    );
    CREATE INDEX briefing_items_unused_idx ON briefing_items (briefing_id, first_seen_at DESC) WHERE used_run_id IS NULL;
    CREATE INDEX briefing_items_first_seen_idx ON briefing_items (first_seen_at);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE briefing_items, briefing_runs, briefing_sources, briefing_configs;
    ALTER TABLE episodes DROP COLUMN briefing_template;
  `.execute(db);
}
