// `castwright api` and `castwright worker --role …`: one role in this process, until a signal.
import type { Config } from '@castwright/core/config';
import type { WorkerRole } from '@castwright/core/jobs';
import type { Logger } from '@castwright/core/logger';
import { startMetricsServer } from '@castwright/core/metrics/metrics-server';
import { closeOnSignals } from '@castwright/core/shutdown';
import { startApi } from '@castwright/api/server/start-api';
import { startWorker } from '@castwright/worker/start-worker';
import { announceReady } from '../role-ready.ts';

export async function apiCommand(config: Config, logger: Logger): Promise<void> {
  const api = await startApi(config, logger);
  closeOnSignals(() => api.close(), logger);
  announceReady({ apiUrl: publicApiUrl(config, api.port) });
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
  announceReady();
}

/** The address a person should open: PUBLIC_BASE_URL when set, else the bound one. */
function publicApiUrl(config: Config, port: number): string {
  if (config.publicBaseUrl) return config.publicBaseUrl.replace(/\/$/, '');
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `https://${host}:${port}`;
}
