// `npm run bench:api`: the api's request path against bare Fastify + pg doing the same SQL
// over the same TLS certificate, in the same run, with autocannon. Castwright runs as
// `castwright api` with everything on: authentication (a JWT per user), the per-user hourly
// limits (300 enterprise users share the load, as many users would), validation, response
// schemas. POST is measured accepting only: no workers drain the queue.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import autocannon from 'autocannon';
import { startApiProcess } from './bench/api-process.ts';
import { startBenchDatabase } from './bench/bench-database.ts';
import { seedUsers, type BenchUser } from './bench/bench-users.ts';
import { fixed } from './bench/stats.ts';
import { freePort } from '#test-helpers/free-port';

const USERS = Number(process.env.BENCH_USERS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ROWS=get-one measures only GET /api/episodes/:id (to profile it, or repeat it for a spread); default: every row. */
const ROWS = (process.env.BENCH_ROWS ?? 'get-one,list,404,post').split(',');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, next: (index: number) => { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }): Promise<Measured> {
  let index = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, ...next(index++) }) }],
    });
  await run(2); // warm-up: connections, JIT, caches
  const result = await run(SECONDS);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

const database = await startBenchDatabase();
const castwright = await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: path.join(database.dataDir, 'app'), JWT_SECRET });
const barePort = await freePort();
const tls = path.join(database.dataDir, 'app', 'tls');
const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bench', 'bare-server.ts'), String(barePort)], {
  env: { ...process.env, DATABASE_URL: database.url, TLS_CERT_FILE: path.join(tls, 'self-signed.crt'), TLS_KEY_FILE: path.join(tls, 'self-signed.key') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => bare.stdout?.on('data', (chunk: Buffer) => String(chunk).includes('listening') && resolve()));
const bareOrigin = `https://127.0.0.1:${barePort}`;

try {
  const users: BenchUser[] = await seedUsers(database.db, JWT_SECRET, { users: USERS, episodesEach: 10, status: 'ready', progress: 100 });
  const pick = (index: number) => users[index % users.length] as BenchUser;
  const auth = (user: BenchUser) => ({ authorization: `Bearer ${user.token}` });
  const json = { 'content-type': 'application/json' };
  const content = 'Tides rise and fall twice a day. The moon pulls the oceans towards it.';

  const rows: [string, Measured, Measured][] = [];
  if (ROWS.includes('get-one')) rows.push(['GET /api/episodes/:id', await measure(castwright.origin, (n) => ({ method: 'GET', path: `/api/episodes/${pick(n).episodeIds[n % 10]}`, headers: auth(pick(n)) })), await measure(bareOrigin, (n) => ({ method: 'GET', path: `/episodes/${pick(n).episodeIds[n % 10]}` }))]);
  if (ROWS.includes('list')) rows.push(['GET /api/episodes (list)', await measure(castwright.origin, (n) => ({ method: 'GET', path: '/api/episodes', headers: auth(pick(n)) })), await measure(bareOrigin, (n) => ({ method: 'GET', path: `/episodes?user=${pick(n).id}` }))]);
  if (ROWS.includes('404')) rows.push(['GET /api/episodes/:id → 404', await measure(castwright.origin, (n) => ({ method: 'GET', path: `/api/episodes/ep_missing${n % 97}`, headers: auth(pick(n)) })), await measure(bareOrigin, (n) => ({ method: 'GET', path: `/episodes/ep_missing${n % 97}` }))]);
  if (ROWS.includes('post')) rows.push(['POST /api/episodes (accept)', await measure(castwright.origin, (n) => ({ method: 'POST', path: '/api/episodes', headers: { ...auth(pick(n)), ...json }, body: JSON.stringify({ content, preset: 'quick' }) })), await measure(bareOrigin, (n) => ({ method: 'POST', path: '/episodes', headers: json, body: JSON.stringify({ content, user: pick(n).id }) }))]);

  console.log(`\nAPI request path: castwright api vs bare Fastify + pg, same SQL, same TLS certificate`);
  console.log(`${USERS} enterprise users, ${CONNECTIONS} connections, ${SECONDS} s per row after a 2 s warm-up\n`);
  console.log(`${'endpoint'.padEnd(30)} ${'castwright req/s'.padStart(16)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}   ${'bare req/s'.padStart(10)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}   share`);
  for (const [label, ours, baseline] of rows) {
    const refused = ours.non2xx > 0 && !label.includes('404') ? `  (${ours.non2xx} non-2xx)` : '';
    console.log(`${label.padEnd(30)} ${fixed(ours.rps, 0, 16)} ${fixed(ours.p50, 0, 7)} ${fixed(ours.p99, 0, 7)}   ${fixed(baseline.rps, 0, 10)} ${fixed(baseline.p50, 0, 7)} ${fixed(baseline.p99, 0, 7)}   ${fixed((100 * ours.rps) / baseline.rps, 0, 4)} %${refused}`);
  }
  const episodeRow = rows.find(([label]) => label === 'GET /api/episodes/:id');
  if (episodeRow) console.log(`\nGET /api/episodes/:id: castwright at ${((100 * episodeRow[1].rps) / episodeRow[2].rps).toFixed(0)} % of bare Fastify + pg (goal ≥ 55 %)`);
} finally {
  bare.kill('SIGTERM');
  await once(bare, 'exit');
  await castwright.stop();
  await database.stop();
}
