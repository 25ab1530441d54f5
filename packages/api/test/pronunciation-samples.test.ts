// A lexicon entry said in one voice (GET /api/pronunciations/:id/sample) through the real
// API, with a real media worker process beside it (its built-in voices and a loopback
// Chatterbox server, which records the text it was asked to say): made once however many
// ask, said with the entry applied, served with validators; a changed entry never gets its
// old sample (not even from a job that was voicing it as the entry changed), and a deleted
// entry has none, its files gone.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { pronunciationSamplePhrase } from '@castwright/core/pronunciation-sample';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { startRoleProcess } from '#test-helpers/role-process';
import { until } from '#test-helpers/until';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForJobs } from '#test-helpers/job-queue';

const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '1500' };
const chatterbox = await startFakeChatterbox(t, { voices: ['narrator'] });
const api = await startTestApi(t, LIVENESS);
const worker = startRoleProcess(t, ['worker', '--role', 'media'], {
  DATABASE_URL: api.database.url,
  DATA_DIR: api.config.dataDir,
  CHATTERBOX_URL: chatterbox.url,
  ...LIVENESS,
});
await worker.waitForLog((line) => line.msg === 'media worker started');
// Enterprise: the polling below stays inside its hourly request limit.
const owner = await creator(api, 'enterprise');
const token = owner.accessToken;

/** The sample once it is made (the 202s before it skipped). */
const madeSample = (samplePath: string) => until(`the sample at ${samplePath}`, async () => {
  const response = await api.request(samplePath, { token });
  if (response.status === 202) return undefined;
  return response;
});

async function addEntry(body: Record<string, unknown>) {
  const response = await api.request('/api/pronunciations', { method: 'POST', token, json: body });
  if (response.status !== 201) throw new Error(`add entry: ${response.status} ${await response.text()}`);
  return (await json(response)).pronunciation as { id: string; term: string; sampleUrl: string };
}

/** The texts the Chatterbox server was asked to say. */
const saidToChatterbox = () => chatterbox.speechRequests().map((request) => (request.body as { input?: string }).input ?? '');

async function storedSamples(): Promise<string[]> {
  const names = await readdir(path.join(api.config.dataDir, 'storage', 'pronunciations'), { recursive: true }).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.mp3'));
}

t.test('made once however many ask, said with the entry, then served with validators', async (t) => {
  const entry = await addEntry({ term: 'SQL', sayAs: 'sequel', ipa: 'ˈsiːkwəl' });
  t.equal(entry.sampleUrl, `/api/pronunciations/${entry.id}/sample`, 'the entry names its sample');
  const samplePath = `${entry.sampleUrl}?voice=chatterbox%3Anarrator`;
  const first = await Promise.all(Array.from({ length: 6 }, () => api.request(samplePath, { token })));
  for (const response of first) {
    t.equal(response.status, 202);
    t.equal(response.headers.get('retry-after'), '2');
    t.match(await json(response), { success: true, retryAfter: 2 });
  }
  const audio = await madeSample(samplePath);
  t.equal(audio.status, 200);
  t.equal(audio.headers.get('content-type'), 'audio/mpeg');
  t.equal(audio.headers.get('cache-control'), 'private, no-cache', 'revalidated each time: the entry may change under the same address');
  const bytes = Buffer.from(await audio.arrayBuffer());
  t.ok(bytes.subarray(0, 3).toString('latin1') === 'ID3' || bytes[0] === 0xff, 'an MP3');
  t.ok(bytes.length > 1_000, `${bytes.length} bytes of audio`);
  const phrase = pronunciationSamplePhrase('SQL');
  t.same(saidToChatterbox().filter((text) => text.includes('sequel')), [phrase.replaceAll('SQL', 'sequel')], 'the engine said the phrase once, the term as the entry says it');
  t.notOk(saidToChatterbox().some((text) => text.includes('SQL')), 'never the term as written');
  const again = await api.request(samplePath, { token, headers: { 'if-none-match': audio.headers.get('etag') ?? '' } });
  t.equal(again.status, 304);
  const head = await api.request(samplePath, { method: 'HEAD', token });
  t.equal(head.status, 200);
  t.equal(head.headers.get('etag'), audio.headers.get('etag'));
});

t.test('without a voice: the built-in voice; refusals change nothing', async (t) => {
  const entry = await addEntry({ term: 'Nguyen', ipa: 'wɪn', caseSensitive: true });
  const audio = await madeSample(entry.sampleUrl);
  t.equal(audio.headers.get('content-type'), 'audio/mpeg', 'said in offline:slt');
  const before = await storedSamples();
  const unknown = await api.request(`${entry.sampleUrl}?voice=kokoro%3Anobody`, { token });
  t.equal(unknown.status, 400);
  t.match(await json(unknown), { error: 'Validation failed', message: /Unknown voice kokoro:nobody; GET \/api\/voices/ });
  const stranger = await creator(api, 'enterprise');
  t.equal((await api.request(entry.sampleUrl, { token: stranger.accessToken })).status, 404, "another account's entry reads as missing");
  t.equal((await api.request(entry.sampleUrl)).status, 401);
  t.equal((await api.request('/api/pronunciations/pr_missing/sample', { token })).status, 404);
  t.same(await storedSamples(), before, 'no sample made for a refused request');
});

t.test('a changed entry gets a new sample, even from a job voicing the old one as it changed', async (t) => {
  const entry = await addEntry({ term: 'Kubernetes', sayAs: 'koober netties' });
  const samplePath = `${entry.sampleUrl}?voice=chatterbox%3Anarrator`;
  const first = await madeSample(samplePath);
  const firstTag = first.headers.get('etag');
  const filesBefore = await storedSamples();

  await api.request(`/api/pronunciations/${entry.id}`, { method: 'PUT', token, json: { sayAs: 'koo ber net eez' } }).then((response) => t.equal(response.status, 200));
  t.equal((await storedSamples()).length, filesBefore.length - 1, 'the old sample\'s file is deleted with the change');
  t.equal((await api.request(samplePath, { token })).status, 202, 'the changed entry is not answered with its old sample');
  const second = await madeSample(samplePath);
  t.not(second.headers.get('etag'), firstTag, 'a new sample');
  t.ok(saidToChatterbox().some((text) => text.includes('koo ber net eez')), 'saying the new respelling');

  // A job already voicing the entry when it changes: its sample is not kept.
  chatterbox.faults.push({ kind: 'slow', ms: 2_000 });
  const spoken = saidToChatterbox().length;
  t.equal((await api.request(samplePath.replace('narrator', 'default'), { token })).status, 202);
  await until('the slow job to reach the engine', async () => (saidToChatterbox().length > spoken ? true : undefined));
  await api.request(`/api/pronunciations/${entry.id}`, { method: 'PUT', token, json: { sayAs: 'kube' } }).then((response) => t.equal(response.status, 200));
  const third = await madeSample(samplePath.replace('narrator', 'default'));
  t.equal(third.status, 200);
  t.equal(saidToChatterbox().at(-1), pronunciationSamplePhrase('kube'), 'the sample served says the entry as it is now');
  const files = await storedSamples();
  // The stale job has finished once the queue has run dry of sample jobs; only then is its absence a finding.
  await waitForJobs(api.database.db, 'pronunciation:sample', 60_000);
  t.same(await storedSamples(), files, 'the stale job left no file behind');
});

t.test('a deleted entry has no sample, and its files are gone', async (t) => {
  const entry = await addEntry({ term: 'GIF', sayAs: 'jif' });
  await madeSample(entry.sampleUrl);
  const withIt = await storedSamples();
  t.ok(withIt.some((name) => name.includes(entry.id)), 'stored under the entry');
  t.equal((await api.request(`/api/pronunciations/${entry.id}`, { method: 'DELETE', token })).status, 200);
  t.equal((await api.request(entry.sampleUrl, { token })).status, 404);
  t.notOk((await storedSamples()).some((name) => name.includes(entry.id)), 'its samples deleted');
});
