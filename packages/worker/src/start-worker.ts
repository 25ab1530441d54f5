// The worker roles: a graphile-worker runner that takes only its role's task names.
// Media handlers (and their TTS engines) load only where the media role runs.
import { EventEmitter } from 'node:events';
import { run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { Registry } from 'prom-client';
import { requireDatabaseUrl, type Config } from '@castwright/core/config';
import { createDb } from '@castwright/core/db/connect';
import { selectOne } from '@castwright/core/repositories/database-health';
import type { Heartbeat } from '@castwright/core/repositories/worker-heartbeats';
import { tasksForRole, type WorkerRole } from '@castwright/core/jobs';
import type { Logger } from '@castwright/core/logger';
import { createStorage } from '@castwright/core/storage/create-storage';
import { graphileLogger } from './graphile-logger.ts';
import { startWorkerLiveness } from './liveness/worker-liveness.ts';
import type { RoleHealth } from '@castwright/core/metrics/metrics-server';
import { createWorkerMetrics } from './metrics/worker-metrics.ts';
import type { WorkerContext } from './worker-context.ts';

export interface RunningWorker {
  runner: Runner;
  /** graphile-worker's pool id: it locks this worker's jobs and names its heartbeat. */
  workerId: string;
  /** For the probes on METRICS_PORT (core/metrics/metrics-server.ts). */
  health: RoleHealth;
  metrics: Registry;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /**
   * Called when graphile-worker's runner stops on its own, or its pool reports a fatal
   * error (it could not record a job's outcome, e.g. the database went away as a job
   * ended): the process should exit so its supervisor starts a fresh one.
   */
  onRunnerLost?: (error: unknown) => void;
}

export async function startWorker(config: Config, logger: Logger, role: WorkerRole | 'all', options: WorkerOptions = {}): Promise<RunningWorker> {
  const databaseUrl = requireDatabaseUrl(config, `${role} worker`);
  // A worker silent for the liveness bound counts as dead and its jobs go to others: so does
  // any transaction it left open (a process paused between two statements holds its locks).
  const db = createDb(databaseUrl, { max: 4, idleInTransactionTimeoutMs: config.liveness.deadAfterMs });
  const shutdown = new AbortController();
  // The pool's id is what locks its jobs; the heartbeat is recorded under it.
  const events: WorkerEvents = new EventEmitter();
  let poolId: string | undefined;
  events.on('pool:create', ({ workerPool }) => (poolId = workerPool.id));
  const metrics = createWorkerMetrics(db, events, role, { deadAfterMs: config.liveness.deadAfterMs });
  const context: WorkerContext = { config, db, storage: createStorage(config), logger, shutdownSignal: shutdown.signal, renderMetrics: metrics.render };
  const graceMs = role === 'general' ? 5_000 : config.renderShutdownGraceMs;
  const taskList: TaskList = {};
  const closers: (() => Promise<void>)[] = [];

  let crontab: string | undefined;
  if (role === 'general' || role === 'all') {
    const { episodeIngestTask } = await import('./tasks/episode-ingest.ts');
    const { episodeScriptTask } = await import('./tasks/episode-script.ts');
    const { passwordResetEmailTask, verificationEmailTask } = await import('./tasks/account-email.ts');
    const { sendEmailTask } = await import('./tasks/send-email.ts');
    const { MAINTENANCE_CRONTAB, fairQueueTask, idempotencyKeyCleanupTask, interruptionCleanupTask, rateLimitCleanupTask } = await import('./tasks/maintenance.ts');
    const { abandonedEpisodesTask } = await import('./tasks/abandoned-episodes.ts');
    const { segmentRetentionTask } = await import('./tasks/segment-retention.ts');
    const { BILLING_CRONTAB, customerDeletionTask, pastDueSweepTask } = await import('./tasks/billing-maintenance.ts');
    const { billingSyncTask } = await import('./tasks/billing-sync.ts');
    const { paymentFailedEmailTask } = await import('./tasks/billing-payment-failed.ts');
    const { createMailer } = await import('@castwright/core/mail/mailer');
    const mailer = createMailer(config);
    closers.push(async () => mailer.close());
    taskList['episode:ingest'] = episodeIngestTask(context);
    taskList['episode:script'] = episodeScriptTask(context);
    taskList['email:password-reset'] = passwordResetEmailTask(context);
    taskList['email:verification'] = verificationEmailTask(context);
    taskList['email:send'] = sendEmailTask(context, mailer);
    taskList['maintenance:rate-limits'] = rateLimitCleanupTask(context);
    taskList['maintenance:job-interruptions'] = interruptionCleanupTask(context);
    taskList['maintenance:abandoned-episodes'] = abandonedEpisodesTask(context);
    taskList['maintenance:idempotency-keys'] = idempotencyKeyCleanupTask(context);
    taskList['maintenance:segment-retention'] = segmentRetentionTask(context);
    taskList['maintenance:fair-queue'] = fairQueueTask(context);
    // Billing: without STRIPE_SECRET_KEY the Stripe-calling tasks fail (and retry) with a clear message.
    const stripeSettings = config.billing.stripe;
    const billing = stripeSettings && {
      stripe: (await import('@castwright/core/billing/stripe-client')).createStripeClient(stripeSettings),
      settings: stripeSettings,
    };
    taskList['billing:sync-subscription'] = billingSyncTask(context, billing);
    taskList['billing:payment-failed-email'] = paymentFailedEmailTask(context, billing);
    taskList['billing:past-due-sweep'] = pastDueSweepTask(context);
    taskList['billing:delete-customer'] = customerDeletionTask(context, billing);
    // Webhook deliveries sign with secrets kept encrypted (core/secret-box.ts).
    const { webhookDeliverTask } = await import('./tasks/webhook-deliver.ts');
    const { loadSecretBox } = await import('@castwright/core/secret-box');
    taskList['webhook:deliver'] = webhookDeliverTask(context, await loadSecretBox(config));
    // Briefings: the scheduler tick, runs and item pruning.
    const { BRIEFING_CRONTAB, briefingPruneTask, briefingScheduleTask } = await import('./tasks/briefing-schedule.ts');
    const { briefingRunTask } = await import('./tasks/briefing-run.ts');
    taskList['briefing:schedule'] = briefingScheduleTask(context);
    taskList['briefing:run'] = briefingRunTask(context);
    taskList['briefing:prune-items'] = briefingPruneTask(context);
    crontab = [MAINTENANCE_CRONTAB, BILLING_CRONTAB, BRIEFING_CRONTAB].join('\n');
  }
  let publisher: { capabilities(): Promise<Heartbeat['capabilities']> } | undefined;
  if (role === 'media' || role === 'all') {
    const { episodeRenderTask } = await import('./tasks/episode-render.ts');
    const { voiceSampleTask } = await import('./tasks/voice-sample.ts');
    const { pronunciationSampleTask } = await import('./tasks/pronunciation-sample.ts');
    const { episodeVideoTask } = await import('./tasks/episode-video.ts');
    const { episodeArtwork } = await import('./video/episode-artwork.ts');
    const { voiceRegisterTask, voiceRemoveTask } = await import('./tasks/voice-library.ts');
    const { openTtsEngines } = await import('./tts-engines.ts');
    const { startVoicePublisher } = await import('./voices/publish-voices.ts');
    const engines = await openTtsEngines(config, logger);
    closers.push(() => engines.close());
    taskList['episode:render'] = episodeRenderTask(context, engines);
    taskList['voice:sample'] = voiceSampleTask(context, engines);
    taskList['pronunciation:sample'] = pronunciationSampleTask(context, engines);
    taskList['episode:video'] = episodeVideoTask(context, episodeArtwork(context.storage));
    taskList['voice:register'] = voiceRegisterTask(context, engines);
    taskList['voice:remove'] = voiceRemoveTask(context, engines);
    // The catalog learns this worker's voices before it takes any job.
    publisher = await startVoicePublisher(db, engines, logger, { fair: config.fairScheduling });
  }
  const missing = tasksForRole(role).filter((task) => !taskList[task]);
  if (missing.length > 0) throw new Error(`No handler for ${missing.join(', ')}`);

  const concurrency = role === 'media' ? config.mediaConcurrency : config.workerConcurrency;
  const runner = await run({
    events,
    connectionString: databaseUrl,
    concurrency,
    taskList,
    crontab,
    noHandleSignals: true,
    // Our own shutdownSignal fires first (see stop); this is graphile-worker's backstop.
    // Its abort comes too late to record job completions, so it must not be the one used.
    gracefulShutdownAbortTimeout: graceMs + 10_000,
    // Unbatched, graphile-worker records a job's completion without awaiting it, so a
    // job finished during shutdown could stay locked (for hours) after the process
    // exits. Batched (delay 0 = next tick), the batch is flushed before stop resolves.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    pollInterval: 2_000,
    logger: graphileLogger(logger),
  });
  if (!poolId) throw new Error('graphile-worker started without announcing its worker pool');
  const liveness = await startWorkerLiveness({
    databaseUrl,
    workerId: poolId,
    role,
    settings: config.liveness,
    logger,
    ...(publisher ? { capabilities: publisher.capabilities } : {}),
  });
  let stopping = false;
  let runnerRunning = true;
  // graphile-worker 0.18 answers a failed completeJobs/failJobs batch with a graceful
  // shutdown of its pool: it takes no more jobs and waits for those in flight. In CI, after
  // a database restart, that shutdown never finished, so runner.promise never settled and
  // this process stayed alive and heartbeating with its jobs locked. The fatal error itself
  // is the signal: exit at once, so the heartbeat stops, the jobs (those cut off included;
  // a render's voiced lines are kept in the segment store) are released as a dead worker's,
  // and a fresh runner starts.
  events.on('pool:fatalError', ({ error }) => {
    if (stopping) return;
    runnerRunning = false;
    options.onRunnerLost?.(error);
  });
  runner.promise.then(
    () => {
      runnerRunning = false;
      if (!stopping) options.onRunnerLost?.(new Error('the job runner stopped on its own'));
    },
    (error: unknown) => {
      runnerRunning = false;
      if (!stopping) options.onRunnerLost?.(error);
    },
  );
  // Alive while the job runner runs; ready when also not stopping and the database answers.
  const health: RoleHealth = {
    alive: () => runnerRunning,
    ready: async () => runnerRunning && !stopping && (await selectOne(db).then(() => true, () => false)),
  };
  logger.info({ tasks: Object.keys(taskList), concurrency, workerId: poolId }, `${role} worker started`);
  return {
    runner,
    workerId: poolId,
    health,
    metrics: metrics.registry,
    async stop() {
      stopping = true;
      const timer = setTimeout(() => shutdown.abort(new Error('The worker is shutting down')), graceMs);
      try {
        await runner.stop();
      } finally {
        clearTimeout(timer);
      }
      await liveness.stop();
      for (const close of closers) await close();
      await db.destroy();
    },
  };
}
