// How briefing rows look in API responses (snake_case, as the interface lists them).
import { publicBaseUrl, type Config } from '@castwright/core/config';
import type { BriefingConfigRow, BriefingRunRow, BriefingSourceRow } from '@castwright/core/db/schema';
import type { BriefingSummaryRow } from '@castwright/core/repositories/briefing-configs';
import type { BriefingFields } from './briefing-fields.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The fields a request can set, as stored. */
export function briefingFields(row: BriefingConfigRow): BriefingFields {
  return {
    name: row.name,
    description: row.description,
    template_type: row.template_type,
    preset: row.preset,
    host_mode: row.host_mode,
    format: row.format,
    reactions: row.reactions,
    schedule_frequency: row.schedule_frequency,
    schedule_days: row.schedule_days,
    schedule_time: row.schedule_time,
    schedule_timezone: row.schedule_timezone,
    max_sources_per_briefing: row.max_sources_per_briefing,
    content_freshness_hours: row.content_freshness_hours,
    priority_keywords: row.priority_keywords,
    is_active: row.is_active,
    language: row.language,
    show_id: row.show_id,
  };
}

export function briefingSummary(row: BriefingSummaryRow) {
  return {
    id: row.id,
    ...briefingFields(row),
    last_run_at: iso(row.last_run_at),
    next_run_at: iso(row.next_run_at),
    source_count: row.source_count,
    completed_runs: row.completed_runs,
    failed_runs: row.failed_runs,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Where an e-mail source's newsletters are posted: the webhook id is the credential. */
function inboundUrl(config: Config, webhookId: string): string {
  return `${publicBaseUrl(config)}/api/briefing-webhooks/email/${webhookId}`;
}

export function sourceView(config: Config, source: BriefingSourceRow) {
  const webhookId = source.source_type === 'email' ? source.inbound_token : null;
  return {
    id: source.id,
    source_type: source.source_type,
    source_name: source.source_name,
    source_url: webhookId ? inboundUrl(config, webhookId) : (source.source_url ?? ''),
    fetch_limit: source.fetch_limit,
    is_active: source.is_active,
    webhook_id: webhookId,
    last_fetched_at: iso(source.last_fetched_at),
    last_error: source.last_error,
    created_at: source.created_at.toISOString(),
  };
}

export function runView(run: BriefingRunRow) {
  return {
    id: run.id,
    // snake_case like every briefing resource's field; the 202 of POST /api/briefings/:id/run keeps the interface's `jobId`.
    job_id: run.job_id,
    briefing_config_id: run.briefing_id,
    episode_id: run.episode_id,
    run_type: run.run_type,
    status: run.status,
    sources_fetched: run.sources_fetched,
    items_included: run.items_included,
    total_words: run.total_words,
    started_at: iso(run.started_at),
    completed_at: iso(run.completed_at),
    episode_title: run.episode_title,
    error: run.error_message,
    source_errors: run.source_errors,
    scheduled_for: iso(run.scheduled_for),
    created_at: run.created_at.toISOString(),
  };
}
