// `npm run bench:fleet`: fair scheduling under a backlog, on real worker processes
// (`castwright worker --role media` × 4, `--role general` × 2) over one embedded PostgreSQL.
// One enterprise account queues 300 renders at once; then twenty small accounts (free and
// creator, alternately) each queue 5 while the backlog drains, one account every 10 renders
// begun. The same backlog runs twice in this process: first come, first served
// (FAIR_SCHEDULING=0, graphile-worker's own order) and with fair scheduling. Printed: the
// wait from a render being queued to its start, p50/p95 per account class, and the renders
// per second the fleet completed, each with its ratio to first come, first served.
// BENCH_FLEET_ROUNDS=2 runs the pair twice, the second time the other way round (first come,
// first served, fair, fair, first come, first served), so that a machine whose load drifts
// during the runs favours neither; BENCH_FLEET_FAIR_FIRST=1 starts with the fair run.
// Renders are episodes queued straight at the render stage with a one-line script and the
// built-in voice (BENCH_FLEET_* override the shape, e.g. for a smaller trial run).
import { loadavg } from 'node:os';
import path from 'node:path';
import { startBenchDatabase } from './bench/bench-database.ts';
import { runFleet, type FleetRunResult, type FleetShape } from './bench/fleet-run.ts';
import { fixed, percentile } from './bench/stats.ts';

const setting = (name: string, fallback: number) => Number(process.env[`BENCH_FLEET_${name}`] ?? fallback);
const shape: FleetShape = {
  mediaWorkers: setting('MEDIA_WORKERS', 4),
  generalWorkers: setting('GENERAL_WORKERS', 2),
  heavyRenders: setting('HEAVY', 300),
  lightAccounts: setting('LIGHT_ACCOUNTS', 20),
  lightRendersEach: setting('LIGHT_EACH', 5),
  lightArrivalAfter: setting('ARRIVAL_AFTER', 10),
  lightArrivalEvery: setting('ARRIVAL_EVERY', 10),
  script: '[Host 1]: Tides rise twice a day.',
};

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const seconds = (ms: number) => `${fixed(ms / 1000, 1, 7)} s`;
const waits = (result: FleetRunResult, accountClass: (name: string) => boolean) =>
  result.renders.filter((render) => accountClass(render.accountClass)).map((render) => render.startedAt - render.queuedAt);

/** Several runs of one mode as one: their renders together, throughput over their time together. */
function mergeRuns(runs: FleetRunResult[]): FleetRunResult {
  const renders = runs.flatMap((run) => run.renders);
  const busySeconds = runs.reduce((sum, run) => sum + run.renders.length / run.rendersPerSecond, 0);
  const mean = (pick: (run: FleetRunResult) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return {
    renders,
    rendersPerSecond: renders.length / busySeconds,
    peakConnections: { media: Math.max(...runs.map((run) => run.peakConnections.media)), general: Math.max(...runs.map((run) => run.peakConnections.general)) },
    idleTransactionsPerSecond: mean((run) => run.idleTransactionsPerSecond),
    transactionsPerRender: mean((run) => run.transactionsPerRender),
  };
}

const database = await startBenchDatabase();
try {
  const results: { fair: boolean; mode: string; result: FleetRunResult; load: string }[] = [];
  const pair = process.env.BENCH_FLEET_FAIR_FIRST ? [true, false] : [false, true];
  const order = Array.from({ length: setting('ROUNDS', 1) }, (_, round) => (round % 2 === 0 ? pair : [...pair].reverse())).flat();
  for (const [run, fair] of order.entries()) {
    const mode = fair ? 'fair scheduling' : 'first come, first served';
    const before = load();
    const started = Date.now();
    const result = await runFleet({ db: database.db, databaseUrl: database.url, dataDir: path.join(database.dataDir, `run-${run}`), fair, shape });
    console.log(`${mode}: ${result.renders.length} renders in ${((Date.now() - started) / 1000).toFixed(0)} s (load average ${before} → ${load()})`);
    results.push({ fair, mode, result, load: before });
  }
  const resultOf = (fair: boolean) => mergeRuns(results.filter((entry) => entry.fair === fair).map((entry) => entry.result));
  const [fifo, fair] = [resultOf(false), resultOf(true)];

  const total = shape.heavyRenders + shape.lightAccounts * shape.lightRendersEach;
  console.log(`\nFleet: ${shape.mediaWorkers} media + ${shape.generalWorkers} general worker processes, one PostgreSQL; ${total} renders of a one-line script (built-in voice):`);
  console.log(`one enterprise account queues ${shape.heavyRenders} at once, then ${shape.lightAccounts} accounts (free and creator alternately) queue ${shape.lightRendersEach} each, one account every ${shape.lightArrivalEvery} renders begun.`);
  console.log('Wait = from queued to the render\'s start.\n');
  console.log(`${'account class'.padEnd(22)} ${'first come, first served'.padEnd(28)} ${'fair scheduling'.padEnd(28)} p95 fair / FCFS`);
  const classes: [string, (name: string) => boolean][] = [
    ['heavy (enterprise)', (name) => name.startsWith('heavy')],
    ['light free', (name) => name === 'light free'],
    ['light creator', (name) => name === 'light creator'],
    ['light, all', (name) => name.startsWith('light')],
  ];
  for (const [label, matches] of classes) {
    const columns = [fifo, fair].map((result) => {
      const values = waits(result, matches);
      return `p50 ${seconds(percentile(values, 50))} p95 ${seconds(percentile(values, 95))}`.padEnd(28);
    });
    const ratio = percentile(waits(fair, matches), 95) / percentile(waits(fifo, matches), 95);
    console.log(`${label.padEnd(22)} ${columns.join(' ')} ${(100 * ratio).toFixed(1).padStart(6)} %`);
  }
  const throughput = fair.rendersPerSecond / fifo.rendersPerSecond;
  console.log(`${'renders per second'.padEnd(22)} ${fixed(fifo.rendersPerSecond, 2, 6).padEnd(28)} ${fixed(fair.rendersPerSecond, 2, 6).padEnd(28)} ×${throughput.toFixed(3)}`);
  const lightRatio = percentile(waits(fair, (name) => name.startsWith('light')), 95) / percentile(waits(fifo, (name) => name.startsWith('light')), 95);
  console.log(`\nGoals: small accounts' p95 wait ≤ 20 % of first come, first served's: ${(100 * lightRatio).toFixed(1)} %; throughput within 5 %: ${((throughput - 1) * 100).toFixed(1)} %`);
  console.log(`Load average (1, 5, 15 min) at the start of each run: ${results.map((entry) => `${entry.mode}: ${entry.load}`).join('; ')}`);
  if (results.length > 2) console.log(`Renders per second run by run: ${results.map((entry) => `${entry.fair ? 'fair' : 'FCFS'} ${entry.result.rendersPerSecond.toFixed(2)}`).join(', ')}`);
  const workers = shape.mediaWorkers + shape.generalWorkers;
  console.log('\nWhat the fleet costs the database (fair scheduling run; docs/capacity.md builds on these):');
  console.log(`  connections held at most by one worker process: media ${fair.peakConnections.media}, general ${fair.peakConnections.general}`);
  console.log(`  idle fleet (${workers} workers, nothing queued): ${fair.idleTransactionsPerSecond.toFixed(1)} transactions/s, ${(fair.idleTransactionsPerSecond / workers).toFixed(2)} per worker`);
  console.log(`  working through the backlog: ${fair.transactionsPerRender.toFixed(1)} transactions per render (first come, first served: ${fifo.transactionsPerRender.toFixed(1)})`);
} finally {
  await database.stop();
}
