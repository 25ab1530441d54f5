// When a briefing runs next, computed in its own time zone with the Temporal API (the
// temporal-polyfill package, with the IANA rules of the runtime's ICU data), never by
// adding offsets by hand. The rules:
// - A run belongs to a local calendar date: each date the frequency picks runs once, at
//   `schedule_time` on that date.
// - A local time that does not exist that day (clocks spring forward over it) runs at
//   the next instant that exists: the moment the clocks jump (02:30 in a 02:00→03:00 gap
//   runs at 03:00).
// - A local time that occurs twice (clocks fall back) runs at its first occurrence only.
// - The next run is the first such instant strictly after the given moment, so a
//   scheduler that was down for days runs a briefing once, not once per missed slot.
import { Temporal } from 'temporal-polyfill';
import { WEEKDAY_NAMES, type ScheduleDays, type ScheduleFrequency } from '../briefing-options.ts';

export interface BriefingSchedule {
  frequency: ScheduleFrequency;
  days: ScheduleDays;
  /** Local wall-clock time, `HH:MM:SS`. */
  time: string;
  /** An IANA time zone name (see canonicalTimeZone). */
  timezone: string;
}

/** Longer than any gap between two run dates (a custom day 31 recurs at least monthly). */
const SEARCH_DAYS = 400;

export function nextRunAt(schedule: BriefingSchedule, after: Date): Date {
  const time = Temporal.PlainTime.from(schedule.time);
  let date = Temporal.Instant.fromEpochMilliseconds(after.getTime()).toZonedDateTimeISO(schedule.timezone).toPlainDate();
  for (let step = 0; step < SEARCH_DAYS; step += 1, date = date.add({ days: 1 })) {
    if (!runsOn(schedule, date)) continue;
    const at = localInstant(date.toPlainDateTime(time), schedule.timezone);
    if (at.epochMilliseconds > after.getTime()) return new Date(at.epochMilliseconds);
  }
  throw new Error(`The schedule has no run date within ${SEARCH_DAYS} days`);
}

/** The instant a local date and time happen: the first of two in a fall-back overlap, the jump itself in a spring-forward gap. */
function localInstant(wall: Temporal.PlainDateTime, timeZone: string): Temporal.Instant {
  const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), wall) !== 0) {
    // Not an existing wall time: `earlier` lies before the gap, whose end is the next transition.
    const transition = earlier.getTimeZoneTransition('next');
    if (transition) return transition.toInstant();
  }
  return earlier.toInstant();
}

function runsOn(schedule: BriefingSchedule, date: Temporal.PlainDate): boolean {
  switch (schedule.frequency) {
    case 'daily':
      return true;
    case 'weekdays':
      return date.dayOfWeek <= 5;
    case 'weekly':
      return (schedule.days as readonly string[]).includes(WEEKDAY_NAMES[date.dayOfWeek - 1] as string);
    case 'custom': {
      const days = schedule.days as readonly number[];
      // A day the month does not have (31 in April) means the month's last day.
      return days.includes(date.day) || (date.day === date.daysInMonth && days.some((day) => day > date.daysInMonth));
    }
  }
}

/**
 * The zone's canonical spelling when `name` is an IANA time zone the runtime knows
 * ("europe/berlin" → "Europe/Berlin"); undefined otherwise, and for UTC offsets such as
 * "+01:00", which are not zones (they have no DST rules).
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z]/.test(name)) return undefined;
  try {
    return new Temporal.ZonedDateTime(0n, name).timeZoneId;
  } catch {
    return undefined;
  }
}

/** "7:05", "07:05" or "07:05:00" → "07:05:00"; undefined when not a time of day. */
export function normalizeScheduleTime(value: string): string | undefined {
  const match = /^([01]?[0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9]))?$/.exec(value.trim());
  if (!match) return undefined;
  return `${(match[1] as string).padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
}
