// The api role: builds the services, listens for HTTPS (answering plain HTTP on the
// same port only with a 400), and closes with grace: stop accepting, end event
// streams, finish in-flight requests, then release the database.
import { createServer as createPolyglotServer } from '@httptoolkit/httpolyglot';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { requireDatabaseUrl, type Config } from '@castwright/core/config';
import { startMetricsServer } from '@castwright/core/metrics/metrics-server';
import { selectOne } from '@castwright/core/repositories/database-health';
import { createDb } from '@castwright/core/db/connect';
import { selectEpisodeStates } from '@castwright/core/repositories/episodes';
import type { Logger } from '@castwright/core/logger';
import { loadSecretBox } from '@castwright/core/secret-box';
import { loadOrCreateSecret } from '@castwright/core/secrets';
import { createStorage } from '@castwright/core/storage/create-storage';
import { VIDEO_PROGRESS_CHANNEL } from '@castwright/core/video/video-progress';
import { WEBHOOK_DELIVERY_CHANNEL } from '@castwright/core/webhooks/delivery-notice';
import { buildApp } from '../app.ts';
import { AccessTokens } from '../auth/access-tokens.ts';
import { AudioLinks } from '../episodes/audio-links.ts';
import { createAuthenticator } from '../plugins/authentication.ts';
import { ProgressHub } from '../progress/progress-hub.ts';
import { VideoNotices } from '../progress/video-notices.ts';
import { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { DeliveryNotices } from '../webhooks/delivery-notices.ts';
import { createApiMetrics } from '../metrics/api-metrics.ts';
import { loadTlsCredentials } from './tls-credentials.ts';

export interface RunningApi {
  app: FastifyInstance;
  progressHub: ProgressHub;
  /** The port actually bound (PORT=0 picks a free one). */
  port: number;
  /** The METRICS_PORT listener's port, when there is one. */
  metricsPort: number | undefined;
  close(): Promise<void>;
}

export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const databaseUrl = requireDatabaseUrl(config, 'api');
  // No query may outlive a request: a silent connection fails it (503) well inside requestTimeout.
  const db = createDb(databaseUrl, { queryTimeoutMs: 30_000 });
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
  const accessTokens = new AccessTokens(jwtSecret);
  const progressHub = new ProgressHub(databaseUrl, logger, (ids) => selectEpisodeStates(db, ids));
  const deliveryNotices = new DeliveryNotices();
  progressHub.listen(WEBHOOK_DELIVERY_CHANNEL, deliveryNotices);
  const videoNotices = new VideoNotices(logger);
  progressHub.listen(VIDEO_PROGRESS_CHANNEL, videoNotices);
  await progressHub.start();
  const tls = await loadTlsCredentials(config);
  const limiter = new RateLimiter(db);
  const services = {
    config,
    db,
    storage: createStorage(config),
    accessTokens,
    auth: createAuthenticator(db, accessTokens, limiter),
    progressHub,
    limiter,
    // The SDK is loaded only where billing is configured.
    stripe: config.billing.stripe && (await import('@castwright/core/billing/stripe-client')).createStripeClient(config.billing.stripe),
    secretBox: await loadSecretBox(config),
    deliveryNotices,
    videoNotices,
    audioLinks: new AudioLinks(jwtSecret, config.audioUrlTtlSeconds),
  };
  const metrics = createApiMetrics(progressHub, limiter);
  const app = await buildApp(services, {
    logger,
    observeRequest: metrics.observeRequest,
    serverFactory: (handler) =>
      createPolyglotServer(
        {
          tls: { cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' },
          // Slow-loris protection: a request must arrive in full within these limits.
          http: { headersTimeout: 30_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 },
        },
        handler,
      ) as unknown as Server,
  });
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `api listening at ${address.replace(/^http:/, 'https:')}` });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let closing = false;
  const probes = config.metricsPort === undefined ? undefined : await startMetricsServer({
    host: config.host,
    port: config.metricsPort,
    health: { alive: () => true, ready: async () => !closing && (await selectOne(db).then(() => true, () => false)) },
    metrics: metrics.registry,
  });
  if (probes) logger.info({ port: probes.port }, 'health and metrics at /healthz, /readyz and /metrics');
  if (tls.selfSigned) logger.info('using a self-signed certificate (set TLS_CERT_FILE and TLS_KEY_FILE for a real one)');
  return {
    app,
    progressHub,
    port,
    metricsPort: probes?.port,
    async close() {
      closing = true;
      await app.close();
      await probes?.close();
      await progressHub.close();
      await db.destroy();
    },
  };
}
