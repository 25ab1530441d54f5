// PATCH: any subset of the fields, checked together with the stored ones (a new
// frequency needs days that fit it). A change to the schedule or to is_active
// recomputes next_run_at from now (null while inactive); a new preset must be allowed
// on the caller's tier. An If-Match is checked under the briefing's lock.
import { nextRunAt } from '@castwright/core/briefings/briefing-schedule';
import { scheduleOf } from '@castwright/core/briefings/queue-run';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { checkPresetAllowed } from '@castwright/core/episodes/accept-episode';
import { lockOwnBriefing, selectBriefingSummary, updateBriefing } from '@castwright/core/repositories/briefing-configs';
import { selectOwnShow } from '@castwright/core/repositories/shows';
import { ownedOr404 } from '../owned-or-404.ts';
import { resolveBriefingFields, schedulingChanged, type BriefingInput } from './briefing-fields.ts';
import { briefingFields, briefingSummary } from './briefing-views.ts';
import { checkBriefingIfMatch } from './read-briefings.ts';

export async function editBriefing(db: Db, config: Config, user: UserRow, id: string, input: BriefingInput, ifMatch: string | undefined) {
  await db.transaction().execute(async (trx) => {
    const briefing = await ownedOr404('briefing', lockOwnBriefing(trx, user.id, id));
    await checkBriefingIfMatch(trx, config, user, id, ifMatch);
    if (input.show_id) await ownedOr404('show', selectOwnShow(trx, user.id, input.show_id));
    const before = briefingFields(briefing);
    const after = resolveBriefingFields(before, input);
    if (input.preset !== undefined) checkPresetAllowed(user, after.preset);
    const rescheduled = schedulingChanged(before, after);
    await updateBriefing(trx, briefing.id, {
      ...after,
      schedule_days: JSON.stringify(after.schedule_days),
      ...(rescheduled && { next_run_at: after.is_active ? nextRunAt(scheduleOf(after), new Date()) : null }),
    });
  });
  const summary = await selectBriefingSummary(db, user.id, id);
  return briefingSummary(summary as NonNullable<typeof summary>);
}
