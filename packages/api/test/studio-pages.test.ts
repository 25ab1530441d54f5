// The studio's files as the api serves them: index.html with the strict CSP for each page
// the studio's router knows, hashed assets cached for a year and sent precompressed, no
// claim on /api or unknown paths, and a clear 503 page (never a crash) when not built.
import t from 'tap';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { registerStudio, STUDIO_PAGES } from '@castwright/api/plugins/studio';

async function appWith(dir: string) {
  const app = Fastify();
  app.get('/api/health', async () => ({ success: true }));
  await registerStudio(app, { dir });
  t.teardown(() => app.close());
  return app;
}

const built = await mkdtemp(path.join(tmpdir(), 'castwright-studio-dist-'));
t.teardown(() => rm(built, { recursive: true, force: true }));
await mkdir(path.join(built, 'assets'));
await writeFile(path.join(built, 'index.html'), '<!doctype html><title>Castwright</title><script type="module" src="/assets/index-abc123.js"></script>');
const script = 'console.log("studio");'.repeat(50);
await writeFile(path.join(built, 'assets', 'index-abc123.js'), script);
await writeFile(path.join(built, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
await writeFile(path.join(built, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

t.test('every studio page answers index.html with the page headers', async (t) => {
  const app = await appWith(built);
  for (const url of ['/', '/sign-in', '/verify-email?token=abc', '/reset-password?token=abc', '/episodes', '/episodes/ep_1', '/episodes/ep_1/script', '/playlists/pl_1', '/webhooks/wh_1', '/briefings/br_1', '/pronunciations', '/voices', '/account']) {
    const page = await app.inject({ url });
    t.equal(page.statusCode, 200, url);
    t.match(page.body, /<title>Castwright<\/title>/);
    t.match(page.headers, {
      'content-type': /text\/html/,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    const policy = String(page.headers['content-security-policy']);
    t.match(policy, /script-src 'self'(;|$)/, 'scripts from this origin only: no inline script, no eval');
    t.match(policy, /frame-ancestors 'none'/);
    t.notMatch(policy, /unsafe-inline|unsafe-eval/);
  }
  t.ok(STUDIO_PAGES.includes('/episodes/*'));
});

t.test('assets are immutable for a year and sent precompressed when the client takes it', async (t) => {
  const app = await appWith(built);
  const compressed = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(compressed.statusCode, 200);
  t.equal(compressed.headers['content-encoding'], 'br');
  t.match(compressed.headers['cache-control'], /max-age=31536000/);
  t.match(compressed.headers['cache-control'], /immutable/);
  t.ok(compressed.rawPayload.length < script.length, 'smaller than the file');
  const plain = await app.inject({ url: '/assets/index-abc123.js' });
  t.equal(plain.body, script, 'the file as it is for a client that takes no encoding');
  t.equal((await app.inject({ url: '/assets/missing.js' })).statusCode, 404);
  t.equal((await app.inject({ url: '/favicon.svg' })).statusCode, 200);
});

t.test('the API and unknown paths are not the studio\'s', async (t) => {
  const app = await appWith(built);
  const health = await app.inject({ url: '/api/health' });
  t.same(health.json(), { success: true });
  t.equal(health.headers['content-security-policy'], undefined, 'API answers keep their own headers');
  t.equal((await app.inject({ url: '/api/nothing-here' })).statusCode, 404);
  t.equal((await app.inject({ url: '/not-a-studio-page' })).statusCode, 404);
});

t.test('without a build the pages say so (503) and the API still answers', async (t) => {
  const app = await appWith(path.join(built, 'nowhere'));
  const page = await app.inject({ url: '/episodes' });
  t.equal(page.statusCode, 503);
  t.match(page.body, /The studio is not built/);
  t.match(page.body, /npm start/);
  t.equal((await app.inject({ url: '/api/health' })).statusCode, 200);
  t.equal((await app.inject({ url: '/favicon.svg' })).statusCode, 404);
});
