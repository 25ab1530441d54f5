// A worker's Prometheus metrics: the queue, the live workers and the database's
// connections as the database holds them (read at each scrape, so every replica reports
// the same fleet-wide numbers), and what this process did (how long jobs waited for it,
// job outcomes and durations per task, from graphile-worker's events), plus Node's own.
import type { WorkerEvents } from 'graphile-worker';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '@castwright/core/db/connect';
import { countDatabaseConnections } from '@castwright/core/repositories/database-health';
import { countJobsByTask } from '@castwright/core/repositories/job-queue-stats';
import { countLiveWorkers } from '@castwright/core/repositories/worker-heartbeats';

const STATES = ['queued', 'scheduled', 'running', 'failed'] as const;

/** What a finished render reports (media role). */
export interface RenderObserver {
  observeRender(engine: string, render: { durationMs: number; timings: { synthesisMs: number; masteringMs: number } }): void;
}

export interface WorkerMetrics {
  registry: Registry;
  render: RenderObserver;
}

export function createWorkerMetrics(db: Db, events: WorkerEvents, role: string, options: { deadAfterMs: number }): WorkerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry, prefix: 'castwright_' });

  new Gauge({
    name: 'castwright_jobs',
    help: 'Jobs in the queue by task and state (queued: ready now; scheduled: waiting for run_at; running: locked; failed: out of attempts)',
    labelNames: ['task', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const counts of await countJobsByTask(db)) {
        for (const state of STATES) this.set({ task: counts.task, state }, counts[state]);
      }
    },
  });

  new Gauge({
    name: 'castwright_workers_alive',
    help: 'Worker pools beating within the liveness bound, by their role (worker_role)',
    labelNames: ['worker_role'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { role: workerRole, workers } of await countLiveWorkers(db, options.deadAfterMs)) this.set({ worker_role: workerRole }, workers);
    },
  });
  new Gauge({
    name: 'castwright_database_connections',
    help: 'PostgreSQL client connections: open now, all databases together (kind="open"), and how many the server accepts from ordinary roles, max_connections less the reserved ones (kind="limit")',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const { open, limit } = await countDatabaseConnections(db);
      this.set({ kind: 'open' }, open);
      this.set({ kind: 'limit' }, limit);
    },
  });

  // From the moment a job could run (its run_at: queued, or due again after a backoff) to
  // the moment a worker took it: what users wait because the fleet is busy.
  const waits = new Histogram({
    name: 'castwright_job_wait_seconds',
    help: 'How long a job waited, runnable, before this process took it, by task',
    labelNames: ['task'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600],
    registers: [registry],
  });
  events.on('job:start', ({ job }) => waits.observe({ task: job.task_identifier }, Math.max(0, Date.now() - job.run_at.getTime()) / 1000));

  const outcomes = new Counter({
    name: 'castwright_worker_jobs_total',
    help: 'Jobs this process finished, by task and outcome (success; error: will be retried; failed: out of attempts)',
    labelNames: ['task', 'outcome'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'castwright_worker_job_duration_seconds',
    help: 'How long a job ran in this process, by task and outcome (a render is one whole stage)',
    labelNames: ['task', 'outcome'],
    buckets: [0.05, 0.25, 1, 5, 15, 60, 180, 600, 1800],
    registers: [registry],
  });
  const started = new Map<string, number>();
  events.on('job:start', ({ job }) => started.set(job.id, performance.now()));
  const finish = (task: string, id: string, outcome: 'success' | 'error' | 'failed') => {
    outcomes.inc({ task, outcome });
    const at = started.get(id);
    if (at !== undefined) durations.observe({ task, outcome }, (performance.now() - at) / 1000);
  };
  events.on('job:success', ({ job }) => finish(job.task_identifier, job.id, 'success'));
  events.on('job:error', ({ job }) => finish(job.task_identifier, job.id, job.attempts >= job.max_attempts ? 'failed' : 'error'));
  events.on('job:complete', ({ job }) => started.delete(job.id));

  const realTimeFactor = new Histogram({
    name: 'castwright_tts_real_time_factor',
    help: 'Synthesis time divided by the audio it produced, per engine and render (below 1: faster than real time)',
    labelNames: ['engine'],
    buckets: [0.01, 0.03, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 3],
    registers: [registry],
  });
  const mastering = new Histogram({
    name: 'castwright_mastering_duration_seconds',
    help: 'Mixing and mastering one episode (loudness already measured; one ffmpeg encode)',
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const render: RenderObserver = {
    observeRender(engine, { durationMs, timings }) {
      if (durationMs > 0) realTimeFactor.observe({ engine }, timings.synthesisMs / durationMs);
      mastering.observe(timings.masteringMs / 1000);
    },
  };
  return { registry, render };
}
