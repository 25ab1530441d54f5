// `castwright api` and `castwright worker --role …`: one role in this process, until a signal.
import type { Config } from '@castwright/core/config';
import type { WorkerRole } from '@castwright/core/jobs';
import type { Logger } from '@castwright/core/logger';
import { startMetricsServer } from '@castwright/core/metrics/metrics-server';
import { closeOnSignals } from '@castwright/core/shutdown';
import { startApi } from '@castwright/api/server/start-api';
import { startWorker } from '@castwright/worker/start-worker';

export async function apiCommand(config: Config, logger: Logger): Promise<void> {
  const api = await startApi(config, logger);
  closeOnSignals(() => api.close(), logger);
}

export async function workerCommand(config: Config, logger: Logger, role: WorkerRole | 'all'): Promise<void> {
  const worker = await startWorker(config, logger, role, {
    // The runner gave up (e.g. it could not record job outcomes for minutes): exit, so the
    // supervisor (Kubernetes, compose, `castwright start`) starts a fresh worker.
    onRunnerLost: (error) => {
      logger.fatal({ err: error }, 'the job runner stopped; exiting so a fresh worker starts');
      process.exit(1);
    },
  });
  const probes = config.metricsPort === undefined
    ? undefined
    : await startMetricsServer({ host: config.host, port: config.metricsPort, health: worker.health, metrics: worker.metrics });
  if (probes) logger.info({ port: probes.port }, 'health and metrics at /healthz, /readyz and /metrics');
  // A render gets RENDER_SHUTDOWN_GRACE_MS to finish before it is aborted and re-queued;
  // the hard limit leaves time for that re-queue and for closing the engines. The probes
  // answer until the end (readiness says 503 from the first moment of stopping).
  closeOnSignals(async () => {
    await worker.stop();
    await probes?.close();
  }, logger, role === 'general' ? 25_000 : config.renderShutdownGraceMs + 15_000);
}
