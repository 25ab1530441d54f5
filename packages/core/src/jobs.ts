// Job contracts: task names, which role runs them, and their payload schemas. A job's
// definition lives here, apart from its handler, which is loaded only where it runs.
// Every job is queued for an account, and taken fairly between accounts (addJob).
import type { Job } from 'graphile-worker';
import Type, { type Static } from 'typebox';
import type { Executor, Trx } from './db/connect.ts';
import { insertFairJob, insertJob, insertJobCopy, lockFairQueueShared, type QueuedJob } from './repositories/fair-job-queue.ts';
import { QUEUE_WEIGHTS, SYSTEM_QUEUE_WEIGHT, TIERS } from './tiers.ts';
import { parseValue } from './validation.ts';

const EpisodeJob = Type.Object({ episodeId: Type.String({ minLength: 1 }) });

export const JOBS = {
  'episode:ingest': { role: 'general', payload: EpisodeJob, maxAttempts: 3 },
  'episode:script': { role: 'general', payload: EpisodeJob, maxAttempts: 3 },
  'episode:render': { role: 'media', payload: EpisodeJob, maxAttempts: 3 },
  // The e-mail address, not a user id: the API queues the same job whether or not the
  // account exists, so the response cannot reveal it.
  'email:password-reset': { role: 'general', payload: Type.Object({ email: Type.String({ minLength: 1 }) }), maxAttempts: 5 },
  'email:verification': { role: 'general', payload: Type.Object({ userId: Type.String({ minLength: 1 }) }), maxAttempts: 5 },
  // Sends one recorded message from the outbox (mail/queue-mail.ts); an SMTP server that
  // is down for a while is waited out with graphile-worker's backoff.
  'email:send': { role: 'general', payload: Type.Object({ outboxId: Type.String({ minLength: 1 }) }), maxAttempts: 10 },
  'maintenance:rate-limits': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  'maintenance:job-interruptions': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  'maintenance:abandoned-episodes': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  'maintenance:idempotency-keys': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  // Deletes voiced lines past their retention and replaced revisions' audio (daily).
  'maintenance:segment-retention': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  'maintenance:fair-queue': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  // Billing: re-read a subscription from Stripe and apply it; mail a failed payment once;
  // drop accounts whose past_due grace ran out (cron); delete a deleted account's customer.
  'billing:sync-subscription': { role: 'general', payload: Type.Object({ subscriptionId: Type.String({ minLength: 1 }) }), maxAttempts: 10 },
  'billing:payment-failed-email': {
    role: 'general',
    payload: Type.Object({ eventId: Type.String({ minLength: 1 }), invoiceId: Type.String({ minLength: 1 }) }),
    maxAttempts: 5,
  },
  'billing:past-due-sweep': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  'billing:delete-customer': { role: 'general', payload: Type.Object({ customerId: Type.String({ minLength: 1 }) }), maxAttempts: 10 },
  // Webhooks: one attempt of one event per run; `attempt` is the counted attempt this job
  // makes (1 = the first), so a stale copy of an earlier job finds it taken and does
  // nothing. Retries are new jobs with a computed run_at (webhooks/ in the worker); these
  // attempts only cover the database failing under a run.
  'webhook:deliver': {
    role: 'general',
    payload: Type.Object({ eventId: Type.String({ minLength: 1 }), attempt: Type.Integer({ minimum: 1 }) }),
    maxAttempts: 10,
  },
  // Briefings: the scheduler tick (cron, every minute) claims due briefings and queues
  // their runs; a run fetches its sources and accepts one episode; old items are
  // forgotten daily.
  'briefing:schedule': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  'briefing:run': { role: 'general', payload: Type.Object({ runId: Type.String({ minLength: 1 }) }), maxAttempts: 3 },
  'briefing:prune-items': { role: 'general', payload: Type.Object({}), maxAttempts: 1 },
  // Voices (media role): voice a catalog voice's sample once (job key per voice); register
  // a custom voice's clip with the Chatterbox server's library (job key per voice); remove
  // a deleted custom voice's stored files and library entry (the row is gone by then, so
  // the payload carries what to remove).
  'voice:sample': { role: 'media', payload: Type.Object({ voiceId: Type.String({ minLength: 1 }) }), maxAttempts: 5 },
  // A lexicon entry said in one voice (job key per entry, voice and entry version): a
  // changed entry is another job, and a job for a version the entry no longer has stops.
  'pronunciation:sample': {
    role: 'media',
    payload: Type.Object({
      pronunciationId: Type.String({ minLength: 1 }),
      voiceId: Type.String({ minLength: 1 }),
      version: Type.String({ pattern: '^[0-9a-f]{32}$' }),
    }),
    maxAttempts: 5,
  },
  // An episode as captioned video, or a clip of it (job key per row): made from the revision
  // the row names; a job whose revision is no longer published, or whose row is gone, stops.
  'episode:video': { role: 'media', payload: Type.Object({ videoId: Type.String({ minLength: 1 }) }), maxAttempts: 3 },
  'voice:register': { role: 'media', payload: Type.Object({ voiceId: Type.String({ minLength: 1 }) }), maxAttempts: 10 },
  'voice:remove': {
    role: 'media',
    payload: Type.Object({
      voiceId: Type.String({ minLength: 1 }),
      storageKeys: Type.Array(Type.String({ minLength: 1 }), { maxItems: 4 }),
      inLibrary: Type.Boolean({ description: 'the clip may be in the Chatterbox library (its registration was queued or done)' }),
    }),
    maxAttempts: 10,
  },
} as const;

export type TaskName = keyof typeof JOBS;
export type WorkerRole = 'general' | 'media';
export type JobPayload<T extends TaskName> = Static<(typeof JOBS)[T]['payload']>;

export function tasksForRole(role: WorkerRole | 'all'): TaskName[] {
  return (Object.keys(JOBS) as TaskName[]).filter((task) => role === 'all' || JOBS[task].role === role);
}

/** Checks a payload at run time: a job queued by an older release may not match today's type. */
export function parseJobPayload<T extends TaskName>(task: T, payload: unknown): JobPayload<T> {
  return parseValue(JOBS[task].payload, payload, { what: `payload for ${task}` }) as JobPayload<T>;
}

/** The account of work that belongs to no user (a password-reset mail, a Stripe event): scheduled as one account of its own. */
export const SYSTEM_ACCOUNT = 'system';

interface JobPlacement {
  /**
   * Whose work this is: the user id of the account that owns it, or SYSTEM_ACCOUNT. Jobs
   * are taken fairly between accounts (weighted by tier), and the job carries it as its
   * flag `account:<id>`.
   */
  account: string;
  jobKey?: string;
  runAt?: Date;
  /** Jobs with the same queue name run one at a time, in order. */
  queueName?: string;
}

/** Where a job goes in the queue: its account's fair place (or first come, first served), or a fixed priority. */
export type JobOptions = JobPlacement &
  (
    | {
        /**
         * FAIR_SCHEDULING of the role that queues (its config.fairScheduling), passed by every
         * caller: true, the account's fair place (core/repositories/fair-job-queue.ts); false,
         * priority 0, first come, first served (graphile-worker's default order).
         */
        fair: boolean;
        priority?: undefined;
      }
    | {
        /**
         * A fixed place instead of the fair one, for a short job a person waits for on a page (a
         * voice's or a lexicon entry's sample): below zero is ahead of the fair queue's head,
         * which the origin's move keeps near zero (maintenance:fair-queue). The job still
         * carries its account's flag.
         */
        priority: number;
        fair?: undefined;
      }
  );

/** Virtual-time step of the fair queue per unit of weight: 12 / weight is a whole number for weights 1 to 4. */
const FAIR_STEP = 12;
const STEPS = Object.fromEntries(TIERS.map((tier) => [tier, Math.round(FAIR_STEP / QUEUE_WEIGHTS[tier])]));
const SYSTEM_STEP = Math.round(FAIR_STEP / SYSTEM_QUEUE_WEIGHT);
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs `work` in the executor's transaction, or in one of its own. */
async function inTransaction<R>(executor: Executor, work: (trx: Trx) => Promise<R>): Promise<R> {
  return executor.isTransaction ? work(executor as Trx) : executor.transaction().execute(work);
}

/** The role's fair place for an account (core/repositories/fair-job-queue.ts). */
function fairPlace(role: WorkerRole, account: string) {
  return { role, roleTasks: tasksForRole(role), userId: USER_ID.test(account) ? account : null, steps: STEPS, systemStep: SYSTEM_STEP };
}

/**
 * Queues a job with graphile-worker's own SQL function, so it commits or rolls back
 * with the caller's transaction: a row never exists without its job, nor a job
 * without its row. Its priority is its account's fair place among the role's jobs
 * (core/repositories/fair-job-queue.ts): an account with nothing waiting goes to the
 * head of the queue, one with a backlog takes its turn with the others. Whether the
 * queue is fair is the caller's to say (`options.fair`: its role's FAIR_SCHEDULING).
 */
export async function addJob<T extends TaskName>(executor: Executor, task: T, payload: JobPayload<T>, options: JobOptions): Promise<void> {
  const job: QueuedJob = {
    task,
    payload: parseJobPayload(task, payload),
    maxAttempts: JOBS[task].maxAttempts,
    jobKey: options.jobKey,
    queueName: options.queueName,
    runAt: options.runAt,
    account: options.account,
  };
  if (options.priority !== undefined) return insertJob(executor, job, options.priority);
  if (!options.fair) return insertJob(executor, job, 0);
  const { role } = JOBS[task];
  await inTransaction(executor, async (trx) => {
    await lockFairQueueShared(trx, role);
    await insertFairJob(trx, job, fairPlace(role, options.account));
  });
}

/** What a running job needs to be queued again (of graphile-worker's `helpers.job`). */
export type RunningJob = Pick<Job, 'id' | 'task_identifier' | 'payload' | 'priority' | 'flags'>;

/**
 * Queues a running job afresh for another worker (this one is shutting down and the job
 * ends cleanly here), with full attempts and in the same place: its priority and its
 * account's flag, so it neither loses its turn nor jumps the queue.
 */
export async function requeueJob(executor: Executor, running: RunningJob): Promise<void> {
  const task = running.task_identifier as TaskName;
  if (!(task in JOBS)) throw new Error(`Cannot queue again a job of unknown task ${running.task_identifier}`);
  const job = { task, payload: parseJobPayload(task, running.payload), maxAttempts: JOBS[task].maxAttempts };
  const current = { id: running.id, priority: running.priority, flags: Object.keys(running.flags ?? {}) };
  await inTransaction(executor, async (trx) => {
    await lockFairQueueShared(trx, JOBS[task].role);
    await insertJobCopy(trx, current, job);
  });
}
