// Episodes from web pages through the real api, workers and database: a loopback article
// (reachable only because OUTBOUND_ALLOW_PRIVATE=1) is fetched, reduced to its article
// and scripted; without that flag the same address fails the episode with the reason.
import t from 'tap';
import { sql } from 'kysely';
import { updateUserTier } from '@castwright/core/repositories/users';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { articlePage, BEE_PARAGRAPHS, startLoopbackSite } from '#test-helpers/loopback-site';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const site = await startLoopbackSite(t, {
  '/bees': (_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage('How bees talk', BEE_PARAGRAPHS)),
});

async function createFromUrl(api: TestApi, url: string): Promise<string> {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'creator');
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', url } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

t.test('with private addresses allowed, a loopback article becomes an episode', async (t) => {
  const api = await startTestApi(t, { OUTBOUND_ALLOW_PRIVATE: '1' });
  await api.startWorkers('all');
  const id = await createFromUrl(api, `${site.origin}/bees`);
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.match(episode.source_text, /Karl von Frisch decoded the dance/, 'the stored source is the article');
  t.notMatch(episode.source_text, /Subscribe|All rights reserved|banner boilerplate/, 'without the boilerplate');
  t.match(episode.script_text, /waggle|Frisch|honeybees/i, 'the script is written from the article');
  t.ok(site.requests.some((request) => request.url === '/bees'));
});

t.test('without OUTBOUND_ALLOW_PRIVATE, a loopback address fails the episode at once and is never requested', async (t) => {
  const api = await startTestApi(t);
  await api.startWorkers('all');
  const before = site.requests.length;
  const id = await createFromUrl(api, `${site.origin}/bees`);
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'error');
  t.equal(episode.error_message, 'The address resolves to a private network address and cannot be fetched');
  t.equal(site.requests.length, before, 'no request reached the loopback site');
  const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE attempts > 1`.execute(api.database.db);
  t.equal(jobs.rows[0]?.n, 0, 'a permanent error is not retried');
});
