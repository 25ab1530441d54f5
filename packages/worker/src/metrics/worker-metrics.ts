// A worker's Prometheus metrics: the queue as the database holds it (read at each scrape,
// so every replica reports the same fleet-wide numbers), and what this process did (job
// outcomes and durations per task, from graphile-worker's events), plus Node's own.
import type { WorkerEvents } from 'graphile-worker';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '@castwright/core/db/connect';
import { countJobsByTask } from '@castwright/core/repositories/job-queue-stats';

const STATES = ['queued', 'scheduled', 'running', 'failed'] as const;

export function createWorkerMetrics(db: Db, events: WorkerEvents, role: string): Registry {
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
  return registry;
}
