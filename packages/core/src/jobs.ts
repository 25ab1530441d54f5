// Job contracts: task names, which role runs them, and their payload schemas. A job's
// definition lives here, apart from its handler, which is loaded only where it runs.
import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Executor } from './db/connect.ts';
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

/**
 * Queues a job with graphile-worker's own SQL function, so it commits or rolls back
 * with the caller's transaction: a row never exists without its job, nor a job
 * without its row. Jobs with the same `queueName` run one at a time, in order; a lower
 * `priority` is taken first (graphile-worker's default is 0).
 */
export async function addJob<T extends TaskName>(
  executor: Executor,
  task: T,
  payload: JobPayload<T>,
  options: { jobKey?: string; runAt?: Date; queueName?: string; priority?: number } = {},
): Promise<void> {
  const checked = parseJobPayload(task, payload);
  await sql`
    SELECT graphile_worker.add_job(
      identifier => ${task},
      payload => ${JSON.stringify(checked)}::json,
      max_attempts => ${JOBS[task].maxAttempts},
      job_key => ${options.jobKey ?? null},
      queue_name => ${options.queueName ?? null},
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      priority => ${options.priority ?? null}::int
    )`.execute(executor);
}
