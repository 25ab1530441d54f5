// The worker roles: a graphile-worker runner that takes only its role's task names.
// Media handlers (and their TTS engines) load only where the media role runs.
import { run, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '@castwright/core/config';
import { createDb } from '@castwright/core/db/connect';
import { tasksForRole, type WorkerRole } from '@castwright/core/jobs';
import type { Logger } from '@castwright/core/logger';
import { createStorage } from '@castwright/core/storage/create-storage';
import { graphileLogger } from './graphile-logger.ts';
import type { WorkerContext } from './worker-context.ts';

export interface RunningWorker {
  runner: Runner;
  stop(): Promise<void>;
}

export async function startWorker(config: Config, logger: Logger, role: WorkerRole | 'all'): Promise<RunningWorker> {
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required for the worker role');
  const db = createDb(config.databaseUrl, { max: 4 });
  const context: WorkerContext = { config, db, storage: createStorage(config), logger };
  const taskList: TaskList = {};
  const closers: (() => Promise<void>)[] = [];

  let crontab: string | undefined;
  if (role === 'general' || role === 'all') {
    const { episodeIngestTask } = await import('./tasks/episode-ingest.ts');
    const { episodeScriptTask } = await import('./tasks/episode-script.ts');
    const { passwordResetEmailTask, verificationEmailTask } = await import('./tasks/account-email.ts');
    const { MAINTENANCE_CRONTAB, rateLimitCleanupTask } = await import('./tasks/maintenance.ts');
    const { createMailer } = await import('@castwright/core/mail/mailer');
    const mailer = createMailer(config);
    closers.push(async () => mailer.close());
    taskList['episode:ingest'] = episodeIngestTask(context);
    taskList['episode:script'] = episodeScriptTask(context);
    taskList['email:password-reset'] = passwordResetEmailTask(context, mailer);
    taskList['email:verification'] = verificationEmailTask(context, mailer);
    taskList['maintenance:rate-limits'] = rateLimitCleanupTask(context);
    crontab = MAINTENANCE_CRONTAB;
  }
  if (role === 'media' || role === 'all') {
    const { episodeRenderTask } = await import('./tasks/episode-render.ts');
    const { createTtsEngine } = await import('./tts-engine-choice.ts');
    const engine = await createTtsEngine(config, logger);
    closers.push(() => engine.close());
    taskList['episode:render'] = episodeRenderTask(context, engine);
  }
  const missing = tasksForRole(role).filter((task) => !taskList[task]);
  if (missing.length > 0) throw new Error(`No handler for ${missing.join(', ')}`);

  const concurrency = role === 'media' ? config.mediaConcurrency : config.workerConcurrency;
  const runner = await run({
    connectionString: config.databaseUrl,
    concurrency,
    taskList,
    crontab,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger: graphileLogger(logger),
  });
  logger.info({ tasks: Object.keys(taskList), concurrency }, `${role} worker started`);
  return {
    runner,
    async stop() {
      await runner.stop();
      for (const close of closers) await close();
      await db.destroy();
    },
  };
}
