// Creating a briefing: every field but `name` has a default; the preset must be allowed
// on the caller's tier; the account's briefings are counted under a lock on the user
// row, so parallel creates cannot pass the bound; an active briefing gets its first
// next_run_at at once.
import { BRIEFING_LIMITS } from '@castwright/core/briefing-options';
import { nextRunAt } from '@castwright/core/briefings/briefing-schedule';
import { scheduleOf } from '@castwright/core/briefings/queue-run';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { checkPresetAllowed } from '@castwright/core/episodes/accept-episode';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { countBriefings, insertBriefing, lockAccountBriefings, selectBriefingSummary } from '@castwright/core/repositories/briefing-configs';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { showBriefingDefaults } from '../shows/show-briefings.ts';
import { resolveBriefingFields, type BriefingInput } from './briefing-fields.ts';
import { briefingSummary } from './briefing-views.ts';

export type CreatedBriefing = ReturnType<typeof briefingSummary>;

export async function createBriefing(db: Db, user: UserRow, input: BriefingInput & { name: string }, answer: AnswerRecorder<CreatedBriefing>): Promise<CreatedBriefing> {
  // In a show: what the request leaves out comes from the show before the briefing's own defaults.
  const fields = resolveBriefingFields({ ...(await showBriefingDefaults(db, user, input.show_id)), name: input.name }, input);
  checkPresetAllowed(user, fields.preset);
  return db.transaction().execute(async (trx) => {
    await lockAccountBriefings(trx, user.id);
    if ((await countBriefings(trx, user.id)) >= BRIEFING_LIMITS.briefingsPerAccount) {
      throw new AppError('limitReached', `An account can hold at most ${BRIEFING_LIMITS.briefingsPerAccount} briefings; delete one to create another`);
    }
    const row = await insertBriefing(trx, {
      id: newId('briefing'),
      user_id: user.id,
      ...fields,
      schedule_days: JSON.stringify(fields.schedule_days),
      next_run_at: fields.is_active ? nextRunAt(scheduleOf(fields), new Date()) : null,
    });
    const created = briefingSummary((await selectBriefingSummary(trx, user.id, row.id)) as NonNullable<Awaited<ReturnType<typeof selectBriefingSummary>>>);
    await answer.record(trx, created);
    return created;
  });
}
