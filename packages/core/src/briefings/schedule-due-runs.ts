// The scheduler tick (the general worker's `briefing:schedule`, every minute): claims
// the briefings that are due with FOR UPDATE SKIP LOCKED and, in the same transaction,
// moves each one's next_run_at to its next slot after now and queues its run. However
// many workers tick at once, a slot is claimed once; a briefing whose slots were missed
// while everything was down runs once, and its next run is the next slot from now.
import type { Db } from '../db/connect.ts';
import { claimDueBriefings, updateBriefing, updateBriefingNextRunAt } from '../repositories/briefing-configs.ts';
import { nextRunAt } from './briefing-schedule.ts';
import { queueRun, scheduleOf } from './queue-run.ts';

export interface TickOutcome {
  /** Runs queued. */
  queued: string[];
  /** Briefings due while a run of theirs was still queued or running: that slot is skipped. */
  skipped: string[];
  /** Briefings whose schedule can no longer be computed (a time zone the runtime dropped): deactivated. */
  deactivated: string[];
}

const BATCH = 100;

/** `fair`: FAIR_SCHEDULING of the role that ticks (core/jobs.ts). */
export async function scheduleDueRuns(db: Db, options: { fair: boolean; now?: Date }): Promise<TickOutcome> {
  const now = options.now ?? new Date();
  const outcome: TickOutcome = { queued: [], skipped: [], deactivated: [] };
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const done: TickOutcome = { queued: [], skipped: [], deactivated: [] };
      const due = await claimDueBriefings(trx, now, BATCH);
      for (const briefing of due) {
        let next: Date;
        try {
          next = nextRunAt(scheduleOf(briefing), now);
        } catch {
          await updateBriefing(trx, briefing.id, { is_active: false, next_run_at: null });
          done.deactivated.push(briefing.id);
          continue;
        }
        await updateBriefingNextRunAt(trx, briefing.id, next);
        const run = await queueRun(trx, briefing, { type: 'scheduled', scheduledFor: briefing.next_run_at ?? now, fair: options.fair });
        if (run) done.queued.push(run.id);
        else done.skipped.push(briefing.id);
      }
      return { done, claimed: due.length };
    });
    // Counted only once committed.
    outcome.queued.push(...batch.done.queued);
    outcome.skipped.push(...batch.done.skipped);
    outcome.deactivated.push(...batch.done.deactivated);
    if (batch.claimed < BATCH) return outcome;
  }
}
