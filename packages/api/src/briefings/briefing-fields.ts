// A briefing's fields as a request sets them, checked and normalised once for create
// and PATCH: the name trimmed, the schedule validated as a whole (days that fit the
// frequency, a real time of day, an IANA zone in its canonical spelling), keywords
// trimmed and de-duplicated. Every unmet rule is listed in one 400.
import { WEEKDAY_NAMES, type BriefingChoices, type ScheduleDays } from '@castwright/core/briefing-options';
import { canonicalTimeZone, normalizeScheduleTime } from '@castwright/core/briefings/briefing-schedule';
import { formatHostsProblem } from '@castwright/core/episode-options';
import { AppError } from '@castwright/core/errors';
import { matchLanguage } from '@castwright/core/languages';

export type BriefingFields = BriefingChoices & { name: string };

/** What a request may send: any field, schedule_days loosely typed (checked here against the frequency). */
export type BriefingInput = Partial<Omit<BriefingFields, 'schedule_days' | 'language'>> & {
  schedule_days?: (string | number)[] | undefined;
  /** Any BCP 47 spelling of a supported language; null: detect it on each run. */
  language?: string | null | undefined;
};

/** `current` merged with the fields the request sent, checked; throws a 400 listing every problem. */
export function resolveBriefingFields(current: BriefingFields, input: BriefingInput): BriefingFields {
  const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as BriefingInput;
  const problems: string[] = [];
  const name = (sent.name ?? current.name).trim();
  if (name === '') problems.push('name must not be blank');
  const frequency = sent.schedule_frequency ?? current.schedule_frequency;
  // Days carry over only while the frequency keeps its meaning for them.
  const days = sent.schedule_days ?? (frequency === current.schedule_frequency ? current.schedule_days : []);
  const scheduleDays = checkDays(frequency, days, sent.schedule_days !== undefined, problems);
  const time = normalizeScheduleTime(sent.schedule_time ?? current.schedule_time);
  if (!time) problems.push('schedule_time must be a 24-hour local time HH:MM:SS, e.g. 07:00:00');
  const zone = canonicalTimeZone(sent.schedule_timezone ?? current.schedule_timezone);
  if (!zone) problems.push('schedule_timezone must be an IANA time zone name such as Europe/Berlin or America/New_York');
  let language = sent.language === null ? null : current.language;
  if (typeof sent.language === 'string') {
    const match = matchLanguage(sent.language);
    if ('problem' in match) problems.push(`language: ${match.problem}`);
    else language = match.language;
  }
  const formatProblem = formatHostsProblem(sent.format ?? current.format, (sent.host_mode ?? current.host_mode) === 'multi' ? 2 : 1);
  if (formatProblem) problems.push(`format: ${formatProblem.replace('use hostMode', 'use host_mode')}`);
  if (problems.length > 0) throw AppError.validation(problems.join('; '), problems);
  const keywords = new Map<string, string>();
  for (const keyword of sent.priority_keywords ?? current.priority_keywords) {
    const trimmed = keyword.trim().replace(/\s+/g, ' ');
    if (trimmed !== '' && !keywords.has(trimmed.toLowerCase())) keywords.set(trimmed.toLowerCase(), trimmed);
  }
  return {
    ...current,
    ...(sent as Partial<BriefingFields>),
    name,
    language,
    description: (sent.description ?? current.description).trim(),
    schedule_frequency: frequency,
    schedule_days: scheduleDays,
    schedule_time: time as string,
    schedule_timezone: zone as string,
    priority_keywords: [...keywords.values()],
  };
}

function checkDays(frequency: BriefingFields['schedule_frequency'], days: readonly (string | number)[], sent: boolean, problems: string[]): ScheduleDays {
  switch (frequency) {
    case 'daily':
    case 'weekdays':
      if (sent && days.length > 0) problems.push(`schedule_days is only used with weekly and custom, not ${frequency}`);
      return [];
    case 'weekly': {
      const names = days.map((day) => (typeof day === 'string' ? day.trim().toLowerCase() : day));
      if (names.length === 0) problems.push(`schedule_days is required for weekly: one or more of ${WEEKDAY_NAMES.join(', ')}`);
      else if (!names.every((day): day is (typeof WEEKDAY_NAMES)[number] => (WEEKDAY_NAMES as readonly unknown[]).includes(day))) {
        problems.push(`schedule_days for weekly must be day names: ${WEEKDAY_NAMES.join(', ')}`);
      }
      return WEEKDAY_NAMES.filter((day) => names.includes(day));
    }
    case 'custom': {
      if (days.length === 0) problems.push('schedule_days is required for custom: one or more days of the month, 1 to 31');
      else if (!days.every((day) => Number.isInteger(day) && (day as number) >= 1 && (day as number) <= 31)) {
        problems.push('schedule_days for custom must be days of the month, integers 1 to 31');
      }
      return [...new Set(days.filter((day): day is number => typeof day === 'number'))].sort((a, b) => a - b);
    }
  }
}

/** Whether a change to these fields moves the next run. */
export function schedulingChanged(before: BriefingFields, after: BriefingFields): boolean {
  return (
    before.is_active !== after.is_active ||
    before.schedule_frequency !== after.schedule_frequency ||
    before.schedule_time !== after.schedule_time ||
    before.schedule_timezone !== after.schedule_timezone ||
    JSON.stringify(before.schedule_days) !== JSON.stringify(after.schedule_days)
  );
}
