// Keeps the fair queue's tags inside graphile-worker's smallint priority: once a role's
// virtual time has moved past ORIGIN_MOVE_ABOVE, every tag of the role moves back by it
// (core/repositories/fair-job-queue.ts). Virtual time grows by at most 12 per job taken,
// so at a minute's interval tags stay far below the ceiling at any realistic rate.
import type { Db } from './db/connect.ts';
import { tasksForRole, type WorkerRole } from './jobs.ts';
import { updateFairQueueOrigin } from './repositories/fair-job-queue.ts';

const ORIGIN_MOVE_ABOVE = 4_096;
/** How long the move may hold queueings back, waiting for those in flight. */
const LOCK_WAIT_MS = 2_000;
const ROLES: readonly WorkerRole[] = ['general', 'media'];

/** Moves each role's origin where due; returns the roles moved and by how much. */
export async function moveFairQueueOrigins(db: Db, above = ORIGIN_MOVE_ABOVE): Promise<{ role: WorkerRole; shift: number }[]> {
  const moved: { role: WorkerRole; shift: number }[] = [];
  for (const role of ROLES) {
    const shift = await db.transaction().execute((trx) => updateFairQueueOrigin(trx, { role, roleTasks: tasksForRole(role) }, above, LOCK_WAIT_MS));
    if (shift > 0) moved.push({ role, shift });
  }
  return moved;
}
