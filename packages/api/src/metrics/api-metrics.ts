// The api's Prometheus metrics: request latency and status by route (the route pattern,
// never the raw path, so ids do not explode the series), open progress streams, LISTEN
// reconnects and rate-limit refusals by rule, plus Node's own. Served on METRICS_PORT.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ProgressHub } from '../progress/progress-hub.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';

export interface ApiMetrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export function createApiMetrics(hub: ProgressHub, limiter: RateLimiter): ApiMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: 'api' });
  collectDefaultMetrics({ register: registry, prefix: 'castwright_' });
  const requests = new Histogram({
    name: 'castwright_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (a stream counts until it ends)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
    registers: [registry],
  });
  new Gauge({
    name: 'castwright_sse_connections',
    help: 'Progress streams open on this process',
    registers: [registry],
    collect() {
      this.set(hub.subscriberCount);
    },
  });
  new Counter({
    name: 'castwright_progress_listen_reconnects_total',
    help: 'Times the progress LISTEN connection was re-established after a loss',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(hub.reconnects);
    },
  });
  new Counter({
    name: 'castwright_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by rule',
    labelNames: ['rule'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [rule, count] of limiter.refusals) this.inc({ rule }, count);
    },
  });
  return {
    registry,
    observeRequest: (method, route, status, seconds) => requests.observe({ method, route, status: String(status) }, seconds),
  };
}
