// A role's small HTTP listener on METRICS_PORT (plain HTTP, for the cluster's probes and
// Prometheus, never for the public): `/healthz` (liveness), `/readyz` (readiness) and
// `/metrics` (Prometheus text). Each role says what alive and ready mean for it.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface RoleHealth {
  /** Worth keeping: false asks the orchestrator for a restart. */
  alive(): boolean;
  /** Able to do its work now (not stopping, its database answers). */
  ready(): Promise<boolean>;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: { host: string; port: number; health: RoleHealth; metrics: Registry }): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method not allowed\n');
    const reply = async () => {
      switch (path) {
        case '/healthz':
          return options.health.alive() ? answer(200, 'ok\n') : answer(503, 'not alive\n');
        case '/readyz':
          return (await options.health.ready()) ? answer(200, 'ready\n') : answer(503, 'not ready\n');
        case '/metrics':
          return answer(200, await options.metrics.metrics(), options.metrics.contentType);
        default:
          return answer(404, 'not found: try /healthz, /readyz or /metrics\n');
      }
    };
    reply().catch(() => answer(503, 'unavailable\n'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
