// Keeps a worker pool visibly alive (with what it can voice, for a media worker) and
// releases the jobs of pools that are not. Runs on a connection of its own, so a pool
// whose connections are all busy with long jobs still beats. Every worker sweeps; the
// sweep lock lets one of them do it per round.
import { hostname } from 'node:os';
import { createDb } from '@castwright/core/db/connect';
import type { Logger } from '@castwright/core/logger';
import { deleteDeadWorkers, deleteHeartbeat, upsertHeartbeat, type Heartbeat } from '@castwright/core/repositories/worker-heartbeats';

export interface LivenessSettings {
  heartbeatMs: number;
  deadAfterMs: number;
}

export interface WorkerLiveness {
  stop(): Promise<void>;
}

export async function startWorkerLiveness(options: {
  databaseUrl: string;
  workerId: string;
  role: string;
  settings: LivenessSettings;
  logger: Logger;
  /** A media worker's engines and voices, sent with every beat (voices/publish-voices.ts). */
  capabilities?: () => Promise<Heartbeat['capabilities']>;
}): Promise<WorkerLiveness> {
  const { workerId, settings, logger } = options;
  const db = createDb(options.databaseUrl, { max: 1 });
  const beat = { workerId, role: options.role, hostname: hostname(), pid: process.pid };
  // A beat later than two intervals means this worker was away: its streak starts over.
  const { capabilities } = options;
  const beatOnce = async () => upsertHeartbeat(db, capabilities ? { ...beat, capabilities: await capabilities() } : beat, 2 * settings.heartbeatMs);
  const sweepOnce = async () => {
    const released = await db.transaction().execute((trx) => deleteDeadWorkers(trx, workerId, settings.deadAfterMs));
    if (released.length > 0) logger.warn({ released, deadAfterMs: settings.deadAfterMs }, 'released the jobs of workers that stopped beating');
  };

  await beatOnce();
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  // Each loop waits for its last round to finish, so a slow database never piles rounds up.
  const loop = (name: string, everyMs: number, round: () => Promise<void>) => {
    const next = () => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        round()
          .catch((error: unknown) => logger.warn({ err: error }, `worker ${name} failed; trying again`))
          .finally(next);
      }, everyMs);
      timers.add(timer);
    };
    next();
  };
  loop('heartbeat', settings.heartbeatMs, beatOnce);
  loop('sweep', settings.heartbeatMs, sweepOnce);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await deleteHeartbeat(db, workerId).catch((error: unknown) => logger.warn({ err: error }, 'could not remove the heartbeat'));
      await db.destroy();
    },
  };
}
