// Request and response shapes of the briefing endpoints. Briefing resources use
// snake_case field names, as the interface lists them.
import Type from 'typebox';
import {
  BRIEFING_LIMITS,
  BRIEFING_RUN_STATUSES,
  BRIEFING_RUN_TYPES,
  BRIEFING_SOURCE_TYPES,
  SCHEDULE_FREQUENCIES,
  TEMPLATE_TYPES,
  WEEKDAY_NAMES,
} from '@castwright/core/briefing-options';
import { HOST_MODES } from '@castwright/core/episode-options';
import { LANGUAGES } from '@castwright/core/languages';
import { PRESETS } from '@castwright/core/tiers';
import { Nullable, Pagination, Timestamp } from './common.ts';
import { Format, Reactions } from './episodes.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: BRIEFING_LIMITS.nameMaxLength, description: 'Trimmed; must not be blank' });

const configFields = {
  description: Type.String({ maxLength: BRIEFING_LIMITS.descriptionMaxLength }),
  template_type: Type.Enum([...TEMPLATE_TYPES], { description: 'How the script is built and how it sounds' }),
  preset: Type.Enum([...PRESETS], { description: 'Episode length; must be allowed on your tier' }),
  host_mode: Type.Enum([...HOST_MODES]),
  format: Format,
  reactions: Reactions,
  schedule_frequency: Type.Enum([...SCHEDULE_FREQUENCIES], {
    description: '`daily` every day; `weekdays` Monday to Friday; `weekly` on the days in `schedule_days`; `custom` on the days of the month in `schedule_days`',
  }),
  // Integer first: the request validator coerces types, and a number must not become a string.
  schedule_days: Type.Array(Type.Union([Type.Integer(), Type.String({ maxLength: 16 })]), {
    maxItems: 31,
    description: `weekly: day names (${WEEKDAY_NAMES.join(', ')}), e.g. ["mon","thu"]; custom: days of the month 1–31, e.g. [1,15] (a day past the month's end runs on its last day); daily and weekdays: omit or []`,
  }),
  schedule_time: Type.String({ maxLength: 8, description: 'Local time HH:MM:SS (HH:MM accepted), 24-hour' }),
  schedule_timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name, e.g. Europe/Berlin; UTC offsets are refused' }),
  max_sources_per_briefing: Type.Integer({ minimum: 1, maximum: BRIEFING_LIMITS.maxSourcesPerBriefing, description: 'Most items one episode is made from' }),
  content_freshness_hours: Type.Integer({ minimum: 1, maximum: BRIEFING_LIMITS.maxFreshnessHours, description: 'Only items published (or received) this recently are used' }),
  priority_keywords: Type.Array(Type.String({ minLength: 1, maxLength: BRIEFING_LIMITS.keywordMaxLength }), {
    maxItems: BRIEFING_LIMITS.priorityKeywords,
    description: 'Items mentioning these (whole words, any case) are chosen first',
  }),
  is_active: Type.Boolean({ description: 'Inactive briefings are not scheduled; POST …/run still runs them' }),
  language: Nullable(Type.String({
    minLength: 1,
    maxLength: 35,
    description:
      `The language of its episodes, a BCP 47 tag: ${LANGUAGES.join(', ')} (any case; shown canonical, e.g. pt-BR). ` +
      'null (the default): each run detects it from the items it compiled; another language is a 400 listing the supported ones.',
    examples: ['fr'],
  })),
  show_id: Nullable(Type.String({
    minLength: 1,
    maxLength: 64,
    description:
      'One of your shows (GET /api/shows): its episodes are made in it (its feed and sound), with its named hosts, voices and engine. On create, preset, ' +
      'host_mode and language left out come from the show. null: in no show. Another account\'s show is a 404.',
  })),
};

const optional = <T extends Record<string, Parameters<typeof Type.Optional>[0]>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, Type.Optional(schema)])) as { [K in keyof T]: ReturnType<typeof Type.Optional<T[K]>> };

export const CreateBriefingBody = Type.Object({ name: Name, ...optional(configFields) }, { additionalProperties: false });

export const UpdateBriefingBody = Type.Object(
  { name: Type.Optional(Name), ...optional(configFields) },
  { additionalProperties: false, minProperties: 1, description: 'Any subset of the fields; a change to the schedule or is_active recomputes next_run_at' },
);

export const ListBriefingsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
  active: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) briefings' })),
});

export const ListRunsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
  job_id: Type.Optional(Type.String({ pattern: '^job_[A-Za-z0-9_-]{1,64}$', description: 'Only the run of this job (`job_…`, the `jobId` POST /api/briefings/{id}/run answers)' })),
});

export const BriefingParams = Type.Object({ id: Id });
export const BriefingSourceParams = Type.Object({ id: Id, sourceId: Id });

export const CreateSourceBody = Type.Object(
  {
    source_type: Type.Enum([...BRIEFING_SOURCE_TYPES], { description: '`rss`: an RSS 2.0 or Atom feed; `email`: an inbound address for newsletters' }),
    source_name: Type.String({ minLength: 1, maxLength: BRIEFING_LIMITS.sourceNameMaxLength }),
    source_url: Type.Optional(Type.String({ maxLength: BRIEFING_LIMITS.sourceUrlMaxLength, description: 'rss: the feed address (http or https), required; email: leave out (the inbound address is issued)' })),
    fetch_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: BRIEFING_LIMITS.maxFetchLimit, description: `Newest entries read from the feed per fetch (default ${BRIEFING_LIMITS.defaultFetchLimit})` })),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const Source = Type.Object({
  id: Type.String(),
  source_type: Type.Enum([...BRIEFING_SOURCE_TYPES]),
  source_name: Type.String(),
  source_url: Type.String({ description: 'rss: the feed; email: the inbound URL to post newsletters to (it carries webhook_id)' }),
  fetch_limit: Type.Integer(),
  is_active: Type.Boolean(),
  webhook_id: Nullable(Type.String({ description: 'email: the inbound webhook id (the credential of the inbound URL); null for rss' })),
  last_fetched_at: Nullable(Timestamp),
  last_error: Nullable(Type.String({ description: 'Why the last fetch failed; null after a good one' })),
  created_at: Timestamp,
});

const listFields = {
  id: Type.String(),
  name: Type.String(),
  ...configFields,
  schedule_days: Type.Array(Type.Union([Type.Integer(), Type.String()])),
  last_run_at: Nullable(Timestamp),
  next_run_at: Nullable(Type.String({ format: 'date-time', description: 'null while inactive' })),
  source_count: Type.Integer(),
  completed_runs: Type.Integer(),
  failed_runs: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
};

const BriefingSummary = Type.Object(listFields);

export const BriefingReply = Type.Object({ success: Type.Literal(true), briefing: BriefingSummary });
export const CreatedBriefingReply = Type.Object({ success: Type.Literal(true), message: Type.String(), briefing: BriefingSummary });
export const BriefingDetailReply = Type.Object({ success: Type.Literal(true), briefing: Type.Object({ ...listFields, sources: Type.Array(Source) }) });
export const BriefingList = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer({ description: 'Briefings in this page' }),
  briefings: Type.Array(BriefingSummary),
  pagination: Pagination,
});
export const CreatedSourceReply = Type.Object({ success: Type.Literal(true), message: Type.String(), source: Source });

const Run = Type.Object({
  id: Type.String(),
  job_id: Type.String({ description: 'The job that runs it (`job_…`), for scheduled and manual runs alike: the `jobId` POST /api/briefings/{id}/run answers' }),
  briefing_config_id: Type.String(),
  episode_id: Nullable(Type.String({ description: 'The episode the run created (null until then, on failure, or once the episode is deleted)' })),
  run_type: Type.Enum([...BRIEFING_RUN_TYPES]),
  status: Type.Enum([...BRIEFING_RUN_STATUSES], { description: 'queued → running → completed (episode created) or failed (see error)' }),
  sources_fetched: Type.Integer(),
  items_included: Type.Integer(),
  total_words: Type.Integer(),
  started_at: Nullable(Timestamp),
  completed_at: Nullable(Timestamp),
  episode_title: Nullable(Type.String()),
  error: Nullable(Type.String({ description: 'Why the run failed' })),
  source_errors: Type.Array(Type.Object({ source_id: Type.String(), source_name: Type.String(), error: Type.String() }), { description: 'Sources that failed in this run, and why' }),
  scheduled_for: Nullable(Type.String({ format: 'date-time', description: 'The slot a scheduled run was for' })),
  created_at: Timestamp,
});

export const RunList = Type.Object({ success: Type.Literal(true), count: Type.Integer(), runs: Type.Array(Run), pagination: Pagination });

export const RunStartedReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  jobId: Type.String({ description: 'The queued job (`job_…`); the run shows it as `job_id` (briefing resources are snake_case), and GET /api/briefings/{id}/runs?job_id=… finds it' }),
  run: Run,
});

export const InboundEmailParams = Type.Object({ webhookId: Type.String({ minLength: 1, maxLength: 128 }) });
export const InboundEmailReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  briefingSource: Type.String({ description: 'The name of the e-mail source the message was stored for' }),
});
