// When a briefing runs next: exact cases across both DST changes in three time zones
// (northern and southern hemisphere), the day patterns, and properties over random zones,
// times and moments: each chosen local date runs exactly once, at schedule_time or, when
// that time does not exist that day, at the moment the clocks jump past it.
import t from 'tap';
import fc from 'fast-check';
import { canonicalTimeZone, nextRunAt, normalizeScheduleTime, type BriefingSchedule } from '@castwright/core/briefings/briefing-schedule';
import { assertProperty } from '#test-helpers/property';

const daily = (time: string, timezone: string): BriefingSchedule => ({ frequency: 'daily', days: [], time, timezone });
const at = (iso: string) => new Date(iso);
const next = (schedule: BriefingSchedule, after: string) => nextRunAt(schedule, at(after)).toISOString();

/** Runs from `after`, one after the other. */
function runs(schedule: BriefingSchedule, after: Date, count: number): Date[] {
  const out: Date[] = [];
  let moment = after;
  for (let i = 0; i < count; i += 1) out.push((moment = nextRunAt(schedule, moment)));
  return out;
}

function localParts(moment: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}`, weekday: String(parts.weekday).toLowerCase(), day: Number(parts.day) };
}

t.test('Europe/Berlin: 02:30 in the spring gap runs at 03:00; in the autumn overlap once, at the first', async (t) => {
  const schedule = daily('02:30:00', 'Europe/Berlin');
  // 2025-03-30: 02:00 CET jumps to 03:00 CEST (01:00Z).
  t.equal(next(schedule, '2025-03-29T12:00:00Z'), '2025-03-30T01:00:00.000Z', 'the jump itself');
  t.equal(next(schedule, '2025-03-30T01:00:00Z'), '2025-03-31T00:30:00.000Z', 'then 02:30 CEST the next day');
  // 2025-10-26: 03:00 CEST falls back to 02:00 CET; 02:30 happens at 00:30Z and at 01:30Z.
  t.equal(next(schedule, '2025-10-25T12:00:00Z'), '2025-10-26T00:30:00.000Z', 'the first 02:30');
  t.equal(next(schedule, '2025-10-26T00:30:00Z'), '2025-10-27T01:30:00.000Z', 'the second 02:30 is skipped: the next run is the next day');
  t.equal(next(schedule, '2025-10-26T01:00:00Z'), '2025-10-27T01:30:00.000Z', 'also from between the two');
  t.equal(next(daily('07:00:00', 'Europe/Berlin'), '2025-03-30T00:00:00Z'), '2025-03-30T05:00:00.000Z', '07:00 after the change is 07:00 CEST');
});

t.test('America/New_York: 02:30 in the March gap runs at 03:00 EDT; 01:30 in November runs once', async (t) => {
  // 2025-03-09: 02:00 EST jumps to 03:00 EDT (07:00Z).
  t.equal(next(daily('02:30:00', 'America/New_York'), '2025-03-08T12:00:00Z'), '2025-03-09T07:00:00.000Z');
  // 2025-11-02: 02:00 EDT falls back to 01:00 EST; 01:30 is 05:30Z (EDT) and 06:30Z (EST).
  const schedule = daily('01:30:00', 'America/New_York');
  const [first, second] = runs(schedule, at('2025-11-01T12:00:00Z'), 2);
  t.equal(first?.toISOString(), '2025-11-02T05:30:00.000Z');
  t.equal(second?.toISOString(), '2025-11-03T06:30:00.000Z', 'once on the day of the change');
});

t.test('Australia/Sydney (southern hemisphere): April overlap and October gap', async (t) => {
  const schedule = daily('02:30:00', 'Australia/Sydney');
  // 2025-04-06: 03:00 AEDT falls back to 02:00 AEST; 02:30 is 15:30Z (AEDT) and 16:30Z (AEST) on the 5th.
  const [first, second] = runs(schedule, at('2025-04-05T00:00:00Z'), 2);
  t.equal(first?.toISOString(), '2025-04-05T15:30:00.000Z');
  t.equal(second?.toISOString(), '2025-04-06T16:30:00.000Z');
  // 2025-10-05: 02:00 AEST jumps to 03:00 AEDT (16:00Z on the 4th).
  t.equal(next(schedule, '2025-10-04T00:00:00Z'), '2025-10-04T16:00:00.000Z');
});

t.test('day patterns: weekdays, weekly days, custom days of the month and month ends', async (t) => {
  // 2025-06-06 is a Friday.
  const weekdays: BriefingSchedule = { frequency: 'weekdays', days: [], time: '07:00:00', timezone: 'UTC' };
  t.equal(next(weekdays, '2025-06-06T08:00:00Z'), '2025-06-09T07:00:00.000Z', 'Friday after the run: Monday');
  const weekly: BriefingSchedule = { frequency: 'weekly', days: ['mon', 'thu'], time: '09:00:00', timezone: 'Europe/Berlin' };
  t.same(runs(weekly, at('2025-06-06T00:00:00Z'), 3).map((run) => run.toISOString()), ['2025-06-09T07:00:00.000Z', '2025-06-12T07:00:00.000Z', '2025-06-16T07:00:00.000Z']);
  const custom: BriefingSchedule = { frequency: 'custom', days: [1, 31], time: '06:00:00', timezone: 'UTC' };
  t.same(
    runs(custom, at('2025-01-31T07:00:00Z'), 5).map((run) => run.toISOString().slice(0, 10)),
    ['2025-02-01', '2025-02-28', '2025-03-01', '2025-03-31', '2025-04-01'],
    'day 31 runs on the last day of shorter months',
  );
  const leap: BriefingSchedule = { frequency: 'custom', days: [30], time: '06:00:00', timezone: 'UTC' };
  t.equal(next(leap, '2024-02-01T00:00:00Z'), '2024-02-29T06:00:00.000Z');
});

t.test('a scheduler that was down for days runs once: the next slot after now, not every missed one', async (t) => {
  const schedule = daily('07:00:00', 'UTC');
  t.equal(next(schedule, '2025-06-10T12:00:00Z'), '2025-06-11T07:00:00.000Z');
  t.equal(next(schedule, '2025-06-11T07:00:00Z'), '2025-06-12T07:00:00.000Z', 'strictly after the given moment');
});

t.test('time zones and times are validated and normalised', async (t) => {
  t.equal(canonicalTimeZone('europe/berlin'), 'Europe/Berlin');
  t.equal(canonicalTimeZone('UTC'), 'UTC');
  t.equal(canonicalTimeZone('Mars/Olympus'), undefined);
  t.equal(canonicalTimeZone('+01:00'), undefined);
  t.equal(canonicalTimeZone(''), undefined);
  t.equal(normalizeScheduleTime('7:05'), '07:05:00');
  t.equal(normalizeScheduleTime('23:59:59'), '23:59:59');
  for (const bad of ['24:00', '12:60', '7', '07:00:00.5', 'noon']) t.equal(normalizeScheduleTime(bad), undefined, bad);
});

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Europe/London', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe', 'UTC'];
const zone = fc.constantFrom(...ZONES);
const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`);
const moment = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms));

t.test('property: a daily schedule runs every local date exactly once, at its time or at the jump past it', async (t) => {
  assertProperty(
    t,
    'consecutive runs fall on consecutive local dates, each at schedule_time unless that time does not exist',
    fc.property(zone, time, moment, (timezone, wall, after) => {
      const schedule = daily(wall, timezone);
      const found = runs(schedule, after, 10);
      let previous = after;
      let previousDate: string | undefined;
      for (const run of found) {
        if (run.getTime() <= previous.getTime()) return false;
        const local = localParts(run, timezone);
        if (previousDate !== undefined) {
          const expected = new Date(`${previousDate}T00:00:00Z`);
          expected.setUTCDate(expected.getUTCDate() + 1);
          if (local.date !== expected.toISOString().slice(0, 10)) return false;
        }
        if (local.time !== wall) {
          // Only a skipped wall time may move, and only forward to the instant the clocks jump:
          // just before the run, the local clock read earlier than the scheduled time.
          const before = localParts(new Date(run.getTime() - 1000), timezone);
          if (!(local.time > wall && before.time < wall)) return false;
        }
        previous = run;
        previousDate = local.date;
      }
      return true;
    }),
    { numRuns: 400 },
  );
});

t.test('property: weekly and custom schedules run only on their days, the next one after the moment', async (t) => {
  const weekdays = fc.uniqueArray(fc.constantFrom('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'), { minLength: 1, maxLength: 7 });
  assertProperty(
    t,
    'weekly runs fall on the chosen weekdays and skip none of them',
    fc.property(zone, time, moment, weekdays, (timezone, wall, after, days) => {
      const schedule: BriefingSchedule = { frequency: 'weekly', days: days as BriefingSchedule['days'], time: wall, timezone };
      const found = runs(schedule, after, 8);
      const seen = found.map((run) => localParts(run, timezone));
      if (!seen.every((local) => (days as string[]).includes(local.weekday))) return false;
      // Between two runs no other chosen day passes: at most 7 days apart, and fewer with more days.
      return found.every((run, index) => index === 0 || run.getTime() - (found[index - 1] as Date).getTime() <= 7 * 86_400_000 + 3_600_000);
    }),
    { numRuns: 200 },
  );
  const monthDays = fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 5 });
  assertProperty(
    t,
    "custom runs fall on a chosen day of the month, or on the month's last day for days it lacks",
    fc.property(zone, time, moment, monthDays, (timezone, wall, after, days) => {
      const schedule: BriefingSchedule = { frequency: 'custom', days, time: wall, timezone };
      return runs(schedule, after, 6).every((run) => {
        const local = localParts(run, timezone);
        const [year, month] = local.date.split('-').map(Number) as [number, number];
        const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
        return days.includes(local.day) || (local.day === lastDay && days.some((day) => day > lastDay));
      });
    }),
    { numRuns: 200 },
  );
});
