// `castwright episode …` against a real api and workers, as a person in a terminal uses it:
// create from text and follow it to a downloaded MP3, list, get, delete, mistakes, and a
// lost answer retried safely.
import t from 'tap';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { runCastwright } from '#test-helpers/castwright-cli';
import { startFlakyProxy, type Behaviour } from '#test-helpers/flaky-proxy';
import { creator, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
await api.startWorkers('all');
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-episode-cli-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const caFile = path.join(scratch, 'ca.pem');
await writeFile(caFile, (await loadTlsCredentials(api.config)).cert);
const user = await creator(api);
const env = { CASTWRIGHT_URL: api.baseUrl, CASTWRIGHT_TOKEN: user.accessToken, CASTWRIGHT_CA_FILE: caFile, DATA_DIR: scratch, CASTWRIGHT_CONFIG_DIR: scratch };
const episode = (...args: string[]) => runCastwright(['episode', ...args], env, 120_000);

t.test('create --follow --out: the id, the stages, then the MP3 on disk', async (t) => {
  const out = path.join(scratch, 'bees.mp3');
  const result = await episode('create', '--text', 'Honeybees dance to tell each other where food is. The angle points the way and the length of the waggle says how far.', '--preset', 'quick', '--out', out);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /^ep_[\w-]+\n$/);
  t.match(result.stderr, /^\w+ \d+%\n[\s\S]*ready 100%[\s\S]*saved .*bees\.mp3/);
  const audio = await readFile(out);
  t.ok(audio.length > 1000 && (audio.subarray(0, 3).toString('latin1') === 'ID3' || audio[0] === 0xff), 'an MP3');

  const id = result.stdout.trim();
  const listed = await episode('list', '--status', 'ready');
  t.equal(listed.code, 0);
  t.match(listed.stdout, new RegExp(`^${id}  ready`, 'm'));
  const shown = await episode('get', id);
  t.match(JSON.parse(shown.stdout), { id, status: 'ready' });
  t.equal((await episode('delete', id)).code, 0);
  const gone = await episode('get', id);
  t.equal(gone.code, 1);
  t.equal(gone.stderr.trim().split('\n').length, 1, 'one line');
  t.match(gone.stderr, /^castwright: 404 Not found: /);
});

t.test('create from a document file', async (t) => {
  const file = path.join(scratch, 'notes.md');
  await writeFile(file, '# Octopus\n\nOctopuses have three hearts and blue blood. Each arm can taste on its own.\n');
  const result = await episode('create', '--file', file, '--minutes', '2');
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /^ep_[\w-]+\n$/);
  t.match(JSON.parse((await episode('get', result.stdout.trim())).stdout), { durationMinutes: 2, preset: 'quick' }, 'a length in minutes');
});

t.test('create --host, repeated: named hosts in speaking order, from text or a document', async (t) => {
  const result = await episode('create', '--text', 'Octopuses have three hearts and blue blood. Each arm can taste on its own.', '--preset', 'quick', '--host', 'Ada=offline:slt=host', '--host', 'Bram = offline:rms');
  t.equal(result.code, 0, result.stderr);
  t.match(JSON.parse((await episode('get', result.stdout.trim())).stdout), {
    hostMode: 'multi',
    hosts: [{ speaker: 'Host 1', name: 'Ada', voice: 'offline:slt', role: 'host' }, { speaker: 'Host 2', name: 'Bram', voice: 'offline:rms', role: null }],
  });
  const file = path.join(scratch, 'hearts.md');
  await writeFile(file, '# Octopus\n\nOctopuses have three hearts and blue blood.\n');
  const uploaded = await episode('create', '--file', file, '--preset', 'quick', '--host', 'Ada=offline:slt');
  t.equal(uploaded.code, 0, uploaded.stderr);
  t.match(JSON.parse((await episode('get', uploaded.stdout.trim())).stdout), { hostMode: 'single', hosts: [{ name: 'Ada', voice: 'offline:slt' }] });
  const unknown = await episode('create', '--text', 'a', '--host', 'Ada=kokoro:nobody');
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /^castwright: 400 Validation failed: hosts\[0\]\.voice: unknown voice "kokoro:nobody"/);
  const malformed = await episode('create', '--text', 'a', '--host', 'Ada');
  t.same([malformed.code, malformed.stderr.trim()], [2, 'castwright episode create: --host must be name=voice or name=voice=role (got "Ada")']);
});

t.test('create --format, --reactions and --show: the episode is built that way, in the show', async (t) => {
  const created = await api.request('/api/shows', { method: 'POST', token: user.accessToken, json: { name: 'Ocean hour' } });
  t.equal(created.status, 201);
  const showId = ((await created.json()) as { show: { id: string } }).show.id;
  const result = await episode('create', '--text', 'Octopuses have three hearts and blue blood. Each arm can taste on its own.', '--preset', 'quick', '--host', 'Ada=offline:slt', '--host', 'Bram=offline:rms', '--format', 'debate', '--reactions', 'none', '--show', showId);
  t.equal(result.code, 0, result.stderr);
  t.match(JSON.parse((await episode('get', result.stdout.trim())).stdout), { format: 'debate', reactions: 'none', show: { id: showId, name: 'Ocean hour' } });
  const file = path.join(scratch, 'kelp.md');
  await writeFile(file, '# Kelp\n\nKelp forests grow half a metre a day in cold water.\n');
  const uploaded = await episode('create', '--file', file, '--preset', 'quick', '--format', 'brief', '--reactions', 'lively');
  t.equal(uploaded.code, 0, uploaded.stderr);
  t.match(JSON.parse((await episode('get', uploaded.stdout.trim())).stdout), { format: 'brief', reactions: 'lively', show: null }, 'from a document too');
  const sermon = await episode('create', '--text', 'a', '--format', 'sermon');
  t.equal(sermon.code, 2);
  t.match(sermon.stderr, /--format must be one of deep_dive, brief, debate, critique, interview/);
  const foreign = await episode('create', '--text', 'a', '--show', 'show_nobody');
  t.equal(foreign.code, 1);
  t.match(foreign.stderr, /^castwright: 404 Not found: /);
});

t.test('mistakes: one line, exit 2, nothing sent', async (t) => {
  const both = await episode('create', '--text', 'a', '--url', 'https://example.com/');
  t.equal(both.code, 2);
  t.equal(both.stderr.trim(), 'castwright episode create: give exactly one of --text, --url and --file');
  const preset = await episode('create', '--text', 'a', '--preset', 'huge');
  t.equal(preset.code, 2);
  t.match(preset.stderr, /--preset must be one of quick, standard, deep, extended/);
  const lengths = await episode('create', '--text', 'a', '--preset', 'quick', '--minutes', '3');
  t.same([lengths.code, lengths.stderr.trim()], [2, 'castwright episode create: give --preset or --minutes, not both']);
  const fraction = await episode('create', '--text', 'a', '--minutes', '2.5');
  t.same([fraction.code, fraction.stderr.trim()], [2, 'castwright episode create: --minutes must be a whole number of minutes']);
  const noToken = await runCastwright(['episode', 'list'], { ...env, CASTWRIGHT_TOKEN: '' });
  t.equal(noToken.code, 2);
  t.match(noToken.stderr, /^Not logged in to https:\/\/.+: run castwright login, or set CASTWRIGHT_TOKEN/);
});

t.test('create behind a connection that drops its first answer: retried with the same key, one episode; CASTWRIGHT_RETRIES=1 gives up', async (t) => {
  const { cert, key } = await loadTlsCredentials(api.config);
  const dropFirstPost: Behaviour = (request) => (request.method === 'POST' && !proxy.requests.some((seen) => seen.method === 'POST') ? 'drop-answer' : 'forward');
  const proxy = await startFlakyProxy(t, { target: api.baseUrl, cert, key, behave: dropFirstPost });
  const someone = await creator(api);
  const through = { ...env, CASTWRIGHT_URL: proxy.baseUrl, CASTWRIGHT_TOKEN: someone.accessToken };
  const result = await runCastwright(['episode', 'create', '--text', 'Kelp forests grow half a metre a day in cold water.', '--preset', 'quick'], through, 120_000);
  t.equal(result.code, 0, result.stderr);
  const posts = proxy.requests.filter((request) => request.method === 'POST');
  t.equal(posts.length, 2, 'sent again after the lost answer');
  t.equal(posts[1]?.headers['idempotency-key'], posts[0]?.headers['idempotency-key'], 'with the same Idempotency-Key');
  const made = await api.database.db.selectFrom('episodes').select('id').where('user_id', '=', someone.userId).execute();
  t.same(made.map((row) => row.id), [result.stdout.trim()], 'one episode, the one printed');

  const once = await startFlakyProxy(t, { target: api.baseUrl, cert, key, behave: (request, index) => (request.method === 'POST' && index === 0 ? 'drop-answer' : 'forward') });
  const giveUp = await runCastwright(['episode', 'create', '--text', 'Sea otters hold hands while they sleep.', '--preset', 'quick'], { ...through, CASTWRIGHT_URL: once.baseUrl, CASTWRIGHT_RETRIES: '1' }, 120_000);
  t.equal(giveUp.code, 1);
  t.equal(once.requests.length, 1, 'no retry');
  const bad = await runCastwright(['episode', 'list'], { ...through, CASTWRIGHT_RETRIES: 'lots' });
  t.same([bad.code, bad.stderr.trim()], [2, 'CASTWRIGHT_RETRIES must be a whole number from 1 to 20 (got "lots")']);
});
