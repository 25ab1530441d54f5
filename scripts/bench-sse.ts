// `npm run bench:sse`: progress fan-out at scale. One `castwright api` process holds N SSE
// streams (BENCH_STREAMS, default 3,000), one per episode, over TLS. Then:
//  1. bursts: one transaction NOTIFYs a step for every episode at once (BENCH_BURSTS times);
//  2. steady: 1,000 events/s spread over the episodes for BENCH_STEADY_SECONDS.
// Each event's delivery time is measured from its commit to its arrival on the stream,
// beside a plain LISTEN client receiving the same notifications in the same run. The api's
// resident memory per open stream is printed too.
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { PROGRESS_CHANNEL, type ProgressEvent } from '@castwright/core/progress';
import { startApiProcess } from './bench/api-process.ts';
import { startBenchDatabase } from './bench/bench-database.ts';
import { seedUsers } from './bench/bench-users.ts';
import { percentile } from './bench/stats.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 3000);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 3);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 5);
const STEADY_RATE = 1000;
const STREAMS_PER_USER = 10; // enterprise users: 1,000 requests an hour each, so opening streams stays within limits
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const FIRST_PROGRESS = 70;

/** When each (episode, progress) event was committed, and when each listener saw it. */
class Deliveries {
  readonly sent = new Map<string, number>();
  readonly sse: number[] = [];
  readonly listen: number[] = [];
  seen(kind: 'sse' | 'listen', key: string): void {
    const sentAt = this.sent.get(key);
    if (sentAt !== undefined) this[kind].push(performance.now() - sentAt);
  }
  reset(): void {
    this.sent.clear();
    this.sse.length = 0;
    this.listen.length = 0;
  }
}

const deliveries = new Deliveries();
const database = await startBenchDatabase();
const api = await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: path.join(database.dataDir, 'app'), JWT_SECRET });
const agent = new Agent({ connect: { rejectUnauthorized: false }, bodyTimeout: 0, headersTimeout: 0, keepAliveTimeout: 1 });
const listener = new pg.Client({ connectionString: database.url });
const notifier = new pg.Client({ connectionString: database.url });

/** Opens one SSE stream; resolves when its first message (the current state) arrives. */
async function openStream(episodeId: string, token: string): Promise<void> {
  const { statusCode, body } = await request(`${api.origin}/api/episodes/${episodeId}/stream`, { dispatcher: agent, headers: { authorization: `Bearer ${token}` } });
  if (statusCode !== 200) throw new Error(`stream for ${episodeId} answered ${statusCode}: ${await body.text()}`);
  body.setEncoding('utf8');
  let buffered = '';
  let first = true;
  return new Promise((resolve, reject) => {
    body.on('error', reject);
    body.on('data', (chunk: string) => {
      buffered += chunk;
      let end;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (!data) continue;
        if (first) {
          first = false;
          resolve();
          continue;
        }
        const { progressPercent } = JSON.parse(data) as { progressPercent: number };
        deliveries.seen('sse', `${episodeId}:${progressPercent}`);
      }
    });
  });
}

/** Commits one transaction that NOTIFYs every given event; their clocks start just before COMMIT. */
async function notifyAll(events: { id: string; progress: number }[], beforeCommit?: () => Promise<void>): Promise<void> {
  const payloads = events.map(({ id, progress }) => JSON.stringify({ id, status: 'generating_audio', progressPercent: progress, at: Date.now() } satisfies ProgressEvent));
  await notifier.query('BEGIN');
  await notifier.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [PROGRESS_CHANNEL, payloads]);
  await beforeCommit?.();
  const now = performance.now();
  for (const { id, progress } of events) deliveries.sent.set(`${id}:${progress}`, now);
  await notifier.query('COMMIT');
}

async function settle(expected: number): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(20)) {
    if (deliveries.sse.length >= expected && deliveries.listen.length >= expected) return;
  }
}

const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1).padStart(7)} ms`;
function report(label: string, expected: number, cpu: { api: number; client: number }): { sse: number; listen: number } {
  const { sse, listen } = deliveries;
  console.log(
    `${label.padEnd(26)} SSE p50 ${ms(sse, 50)} p99 ${ms(sse, 99)} (${sse.length}/${expected})   LISTEN p50 ${ms(listen, 50)} p99 ${ms(listen, 99)} (${listen.length}/${expected})` +
      `   CPU api ${cpu.api.toFixed(0)} ms, client ${cpu.client.toFixed(0)} ms`,
  );
  return { sse: percentile(sse, 99), listen: percentile(listen, 99) };
}

/**
 * CPU time spent from now on by the api's event loop and by this client process (which
 * shares the machine's cores with it): what a burst costs each side, whatever the load.
 */
async function cpuSince(): Promise<() => Promise<{ api: number; client: number }>> {
  const [api0, client0] = [await api.cpuMs(), process.cpuUsage()];
  return async () => {
    const client = process.cpuUsage(client0);
    return { api: (await api.cpuMs()) - api0, client: (client.user + client.system) / 1000 };
  };
}

try {
  await listener.connect();
  await notifier.connect();
  await listener.query(`LISTEN ${PROGRESS_CHANNEL}`);
  listener.on('notification', ({ payload }) => {
    const event = JSON.parse(payload ?? '{}') as ProgressEvent;
    deliveries.seen('listen', `${event.id}:${event.progressPercent}`);
  });

  const users = await seedUsers(database.db, JWT_SECRET, { users: Math.ceil(STREAMS / STREAMS_PER_USER), episodesEach: STREAMS_PER_USER, status: 'generating_audio', progress: FIRST_PROGRESS });
  const streams = users.flatMap((user) => user.episodeIds.map((episodeId) => ({ episodeId, token: user.token }))).slice(0, STREAMS);
  const episodes = streams.map((stream) => stream.episodeId);

  const idleBytes = await api.rss();
  const opening = performance.now();
  for (let start = 0; start < streams.length; start += 100) {
    await Promise.all(streams.slice(start, start + 100).map((stream) => openStream(stream.episodeId, stream.token)));
  }
  const openSeconds = (performance.now() - opening) / 1000;
  await sleep(1000);
  const openBytes = await api.rss();
  console.log(`\nSSE fan-out: ${streams.length} streams on one castwright api process, TLS, ${users.length} users`);
  console.log(`opened in ${openSeconds.toFixed(1)} s; api RSS ${(idleBytes / 2 ** 20).toFixed(0)} MB idle → ${(openBytes / 2 ** 20).toFixed(0)} MB open: ${((openBytes - idleBytes) / streams.length / 1024).toFixed(1)} KB per stream\n`);

  let progress = FIRST_PROGRESS;
  const bursts: { sse: number; listen: number }[] = [];
  for (let burst = 1; burst <= BURSTS; burst++) {
    deliveries.reset();
    progress += 1;
    let cpu: () => Promise<{ api: number; client: number }> = async () => ({ api: Number.NaN, client: Number.NaN });
    await notifyAll(episodes.map((id) => ({ id, progress })), async () => void (cpu = await cpuSince()));
    await settle(episodes.length);
    bursts.push(report(`burst ${burst} (${episodes.length} events)`, episodes.length, await cpu()));
    await sleep(500);
  }

  // Steady: every 10 ms a transaction with 10 events, round-robin over the episodes.
  deliveries.reset();
  const steadyCpu = await cpuSince();
  const total = STEADY_RATE * STEADY_SECONDS;
  const perTick = STEADY_RATE / 100;
  const next = new Map<string, number>();
  const started = performance.now();
  for (let sent = 0, tick = 0; sent < total; tick++) {
    const batch = Array.from({ length: perTick }, (_, index) => {
      const id = episodes[(sent + index) % episodes.length] as string;
      const step = (next.get(id) ?? progress) + 1;
      next.set(id, step);
      return { id, progress: step };
    });
    await notifyAll(batch);
    sent += batch.length;
    const due = started + (tick + 1) * 10;
    if (due > performance.now()) await sleep(due - performance.now());
  }
  await settle(total);
  const steady = report(`steady ${STEADY_RATE}/s × ${STEADY_SECONDS} s`, total, await steadyCpu());

  const worst = bursts.reduce((a, b) => (b.sse > a.sse ? b : a));
  console.log(`\nsteady p99 ${steady.sse.toFixed(1)} ms vs LISTEN ${steady.listen.toFixed(1)} ms`);
  console.log(`burst of ${streams.length}: SSE p99 ${worst.sse.toFixed(0)} ms (goal ≤ 150 ms) vs plain LISTEN p99 ${worst.listen.toFixed(0)} ms → ×${(worst.sse / worst.listen).toFixed(1)}`);
} finally {
  await listener.end().catch(() => undefined);
  await notifier.end().catch(() => undefined);
  await agent.destroy();
  await api.stop();
  await database.stop();
}
