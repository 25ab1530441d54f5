// `npm run bench:pipeline`: the pipeline's own overhead, with the built-in engines.
//  1. Baseline: a raw LISTEN/NOTIFY round trip between two connections.
//  2. NOTIFY → SSE: a committed stage move until the SSE client receives it.
//  3. Per episode through real workers: queue pickup (202 → ingesting), the hand-offs
//     between stages, and time to ready, from the client's side of the stream.
// Everything runs in this process against an embedded PostgreSQL; figures are printed
// with ratios to the baseline measured in the same run.
import pg from 'pg';
import { createLogger } from '@castwright/core/logger';
import { updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { updateUserTier } from '@castwright/core/repositories/users';
import { startBenchTemplate } from './bench/bench-template.ts';
import { percentile } from './bench/stats.ts';
import { sseMessages } from '#test-helpers/sse-client';
import { registerUser, startTestApi } from '#test-helpers/test-api';

const NOTIFY_SAMPLES = 300;
const EPISODES = Number(process.env.BENCH_EPISODES ?? 8);
const logger = createLogger({ level: 'warn', role: 'bench' });

const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;
const line = (label: string, values: number[], baseline?: number) =>
  console.log(
    `${label.padEnd(34)} p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}` +
      (baseline ? `   ×${(percentile(values, 50) / baseline).toFixed(1)} baseline p50` : ''),
  );

const bench = await startBenchTemplate(logger);
const { admin, context } = bench;

try {
  // 1. Baseline: raw LISTEN/NOTIFY round trip.
  const listener = new pg.Client({ connectionString: bench.adminUrl });
  await listener.connect();
  await listener.query('LISTEN bench');
  const baseline: number[] = [];
  for (let n = 0; n < NOTIFY_SAMPLES; n++) {
    const received = new Promise<number>((resolve) => listener.once('notification', () => resolve(performance.now())));
    const sent = performance.now();
    await admin.query("SELECT pg_notify('bench', 'x')");
    baseline.push((await received) - sent);
  }
  await listener.end();
  const baselineP50 = percentile(baseline, 50);

  // 2. NOTIFY → SSE: a committed move until the stream delivers it.
  const api = await startTestApi(context);
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'enterprise');
  const createEpisode = async (content: string) => {
    const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content, preset: 'quick' } });
    return { acceptedAt: performance.now(), id: ((await response.json()) as { episode: { id: string } }).episode.id };
  };
  const delivery: number[] = [];
  for (let episodeNumber = 0; delivery.length < NOTIFY_SAMPLES; episodeNumber++) {
    // No workers run yet, so nothing but this loop moves the episode.
    const { id } = await createEpisode(`Benchmark episode ${episodeNumber}. It only exists to be moved.`);
    const messages = sseMessages(await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken }));
    await messages.next();
    while (api.api.progressHub.subscriberCount < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    for (let progress = 71; progress <= 99 && delivery.length < NOTIFY_SAMPLES; progress++) {
      const sent = performance.now();
      await api.database.db.transaction().execute((trx) =>
        updateEpisodeStatus(trx, id, { status: 'generating_audio', progressPercent: progress, from: ['queued', 'generating_audio'] }),
      );
      await messages.next();
      delivery.push(performance.now() - sent);
    }
    await messages.return(undefined);
  }
  await api.database.db.deleteFrom('episodes').execute();

  // 3. Real workers: queue pickup and stage hand-offs, from the progress events' own
  // timestamps (taken in the worker as each move commits), read by a separate listener.
  await api.startWorkers('general');
  await api.startWorkers('media');
  const events = new Map<string, Map<string, number>>();
  const progressListener = new pg.Client({ connectionString: api.database.url });
  await progressListener.connect();
  progressListener.on('notification', (message) => {
    const event = JSON.parse(message.payload ?? '{}') as { id: string; status: string; at: number };
    const seen = events.get(event.id) ?? new Map<string, number>();
    if (!seen.has(event.status)) seen.set(event.status, event.at);
    events.set(event.id, seen);
  });
  await progressListener.query('LISTEN episode_progress');
  const pickup: number[] = [];
  const toScript: number[] = [];
  const toRender: number[] = [];
  const toReady: number[] = [];
  for (let n = 0; n < EPISODES; n++) {
    const acceptedAt = Date.now();
    const { id } = await createEpisode(`Episode ${n}. Owls hunt at night. Their feathers are silent. They hear mice under snow.`);
    for await (const message of sseMessages(await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken }))) void message;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const at = (status: string) => events.get(id)?.get(status) ?? NaN;
    pickup.push(at('ingesting') - acceptedAt);
    toScript.push(at('generating_script') - at('ingesting'));
    toRender.push(at('generating_audio') - at('generating_script'));
    toReady.push(at('ready') - acceptedAt);
  }
  await progressListener.end();

  console.log(`\nCastwright pipeline overhead (${NOTIFY_SAMPLES} notifications, ${EPISODES} episodes; built-in writer and voice)\n`);
  line('baseline: raw LISTEN/NOTIFY', baseline);
  line('NOTIFY → SSE client (stage move)', delivery, baselineP50);
  line('queue pickup (request → ingesting)', pickup, baselineP50);
  line('ingesting → generating_script', toScript, baselineP50);
  line('generating_script → generating_audio', toRender, baselineP50);
  line('request → ready (incl. TTS + mix)', toReady);
  console.log('\nBaseline: one NOTIFY between two idle connections. Stage moves are a transaction (UPDATE + NOTIFY);');
  console.log('hand-offs include the previous stage\'s own work (cleaning text, writing the script: milliseconds here).');
} finally {
  await bench.stop();
}
