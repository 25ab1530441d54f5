// `npm run bench:studio`: Lighthouse (the npm package) against Debian's Chromium on the
// studio's episode page — a signed-in owner's ready episode, with the player, transcript,
// chapters and show notes — under Lighthouse's mobile profile (simulated slow 4G, 4× CPU
// slowdown) and its desktop profile, and the JavaScript that page loads, compressed and not.
// The service is `castwright start` on free ports in a fresh DATA_DIR; the episode is made
// with the built-in writer and voice, so no network is needed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createCastwrightClient, followEpisode } from '@castwright/client/castwright-client';
import { trustedFetch } from '@castwright/client/trusted-fetch';
import { buildStudio, STUDIO_DIST } from '@castwright/studio/build';
import { runCastwright } from '#test-helpers/castwright-cli';
import { freePort } from '#test-helpers/free-port';
import { CHROMIUM, CHROMIUM_FLAGS, connectChromium, startService } from '#test-helpers/studio-service';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

console.log(`studio: ${(await buildStudio({ log: (message) => console.log(message) })).reason}`);
const service = await startService();
const userDataDir = await mkdtemp(path.join(tmpdir(), 'castwright-bench-chromium-'));
let stopBrowser = async () => undefined as void;
try {
  const certificate = await readFile(path.join(service.dataDir, 'tls', 'self-signed.crt'), 'utf8');
  const connection = { baseUrl: service.baseUrl.replace('localhost', '127.0.0.1'), fetch: trustedFetch(certificate, { servername: 'localhost' }) };
  const email = 'bench@example.com';
  const password = 'Bench2studio';
  const registered = await createCastwrightClient(connection).POST('/api/auth/register', { body: { email, password, name: 'Bench' } });
  if (!registered.data) throw new Error(`register: ${registered.response.status}`);
  await runCastwright(['user', 'set-tier', email, 'professional'], service.env);
  const owner = { ...connection, token: registered.data.tokens.accessToken };
  const content = await readFile(path.join(import.meta.dirname, '..', 'test', 'fixtures', 'lighthouses.txt'), 'utf8');
  const created = await createCastwrightClient(owner).POST('/api/episodes', { body: { content, preset: 'quick', hostMode: 'multi' } });
  const episode = created.data?.episode;
  if (!episode) throw new Error(`create: ${created.response.status}`);
  let last = '';
  for await (const event of followEpisode(owner, episode.id)) last = event.status;
  if (last !== 'ready') throw new Error(`the episode ended ${last}`);
  const url = `${service.baseUrl}/episodes/${episode.id}`;

  // One Chromium of our own, signed in through the studio by playwright, which then lets go
  // of it: Lighthouse measures tabs that no other DevTools client is attached to.
  const port = await freePort();
  const browserProcess = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, '--ignore-certificate-errors', 'about:blank'], { stdio: 'ignore' });
  stopBrowser = async () => {
    browserProcess.kill('SIGTERM');
    await once(browserProcess, 'exit');
  };
  const browser = await connectChromium(port);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const page = await context.newPage();
  await page.goto(`${service.baseUrl}/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/episodes');

  // The JavaScript the episode page loads: the entry, the page's chunk and what it imports.
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(url);
  await page.getByRole('button', { name: /^Play \(/ }).waitFor();
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const script of scripts) {
    const bytes = await readFile(path.join(STUDIO_DIST, script));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`episode page JavaScript: ${scripts.size} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (budget: 100 KB compressed)`);
  await page.close();
  await browser.close();

  for (const [profile, config] of [['mobile (simulated slow 4G, 4x CPU slowdown)', undefined], ['desktop', desktopConfig]] as const) {
    let benchmarkIndex = 0;
    const scores: { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number; script: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Each category in a run of its own: the accessibility audit's in-page work must not sit in the performance trace.
      const run = async (category: string) => {
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [category], disableStorageReset: true }, config);
        if (!result) throw new Error('Lighthouse returned nothing');
        return result;
      };
      const result = await run('performance');
      const accessibility = (await run('accessibility')).lhr.categories.accessibility?.score ?? 0;
      const { categories, audits } = result.lhr;
      benchmarkIndex = result.lhr.environment.benchmarkIndex;
      if (process.env.BENCH_DETAILS) {
        for (const id of ['bootup-time', 'long-tasks', 'mainthread-work-breakdown', 'layout-shifts']) {
          console.log(id, JSON.stringify(audits[id]?.details ?? null).slice(0, 3000));
        }
      }
      const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      scores.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round(accessibility * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        script: summary.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
      });
    }
    const median = <K extends keyof (typeof scores)[number]>(key: K) => [...scores.map((score) => score[key])].sort((a, b) => a - b)[Math.floor(scores.length / 2)] as number;
    console.log(`Lighthouse, episode page, ${profile}, median of ${RUNS} (this host's benchmark index: ${Math.round(benchmarkIndex)}; Lighthouse calibrates its 4x CPU slowdown for about 1000+):`);
    console.log(`  performance ${median('performance')} (runs: ${scores.map((score) => score.performance).join(', ')}), accessibility ${median('accessibility')}`);
    console.log(`  FCP ${Math.round(median('fcp'))} ms, LCP ${Math.round(median('lcp'))} ms, TBT ${Math.round(median('tbt'))} ms, CLS ${median('cls').toFixed(3)}, scripts transferred ${kb(median('script'))}`);
  }
} finally {
  await stopBrowser();
  await service.stop();
  await rm(userDataDir, { recursive: true, force: true });
}
