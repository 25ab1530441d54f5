// What a briefing is configured with: the interface's enumerations, the defaults for
// every optional field, and the bounds the interface leaves open. One definition for
// the API, the scheduler, the run and the script writers.
import type { Format, HostMode, ReactionLevel } from './episode-options.ts';
import type { Preset } from './tiers.ts';
import type { Language } from './languages.ts';

export const TEMPLATE_TYPES = ['tech_news', 'market_update', 'research_digest', 'general'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const SCHEDULE_FREQUENCIES = ['daily', 'weekdays', 'weekly', 'custom'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** `schedule_days` of a weekly briefing: lower-case three-letter day names, ISO order. */
export const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/**
 * `schedule_days`: weekly, day names (`["mon","thu"]`); custom, days of the month
 * (`[1, 15]`; a day past the month's end means its last day); daily and weekdays, empty.
 */
export type ScheduleDays = WeekdayName[] | number[];

export const BRIEFING_SOURCE_TYPES = ['rss', 'email'] as const;
export type BriefingSourceType = (typeof BRIEFING_SOURCE_TYPES)[number];

/** queued (row and job committed) → running → completed (episode created) | failed (with a reason). */
export const BRIEFING_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type BriefingRunStatus = (typeof BRIEFING_RUN_STATUSES)[number];

export const BRIEFING_RUN_TYPES = ['scheduled', 'manual'] as const;
export type BriefingRunType = (typeof BRIEFING_RUN_TYPES)[number];

export interface BriefingChoices {
  description: string;
  template_type: TemplateType;
  preset: Preset;
  host_mode: HostMode;
  /** How its episodes are built, and how much their listening hosts react (as an episode's `format` and `reactions`). */
  format: Format;
  reactions: ReactionLevel;
  schedule_frequency: ScheduleFrequency;
  schedule_days: ScheduleDays;
  schedule_time: string;
  schedule_timezone: string;
  max_sources_per_briefing: number;
  content_freshness_hours: number;
  priority_keywords: string[];
  is_active: boolean;
  /** The language of its episodes; null: each run detects it from the items it compiled (or its show's). */
  language: Language | null;
  /** The show its episodes are made in (migration 0025); null for none. */
  show_id: string | null;
}

/** Every field but `name` is optional on create; these fill what was left out. */
export const BRIEFING_DEFAULTS: BriefingChoices = {
  description: '',
  template_type: 'general',
  preset: 'standard',
  host_mode: 'single',
  format: 'deep_dive',
  reactions: 'some',
  schedule_frequency: 'daily',
  schedule_days: [],
  schedule_time: '07:00:00',
  schedule_timezone: 'UTC',
  max_sources_per_briefing: 5,
  content_freshness_hours: 24,
  priority_keywords: [],
  is_active: true,
  language: null,
  show_id: null,
};

export const BRIEFING_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  /** Briefings one account may hold. */
  briefingsPerAccount: 20,
  /** Sources one briefing may hold. */
  sourcesPerBriefing: 20,
  maxSourcesPerBriefing: 20,
  /** A week. */
  maxFreshnessHours: 168,
  priorityKeywords: 20,
  keywordMaxLength: 50,
  sourceNameMaxLength: 100,
  sourceUrlMaxLength: 2048,
  /** Items read from a feed per fetch, newest first. */
  defaultFetchLimit: 10,
  maxFetchLimit: 50,
} as const;
