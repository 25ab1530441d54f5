// Script review end to end with real workers: create with reviewScript, wait in
// review_script, read and edit the script, approve once (a second approve is a 409),
// and the episode renders the edited script to ready.
import t from 'tap';
import { sql } from 'kysely';
import { updateUserTier } from '@castwright/core/repositories/users';
import { registerUser, startTestApi } from '#test-helpers/test-api';
import { sseMessages } from '#test-helpers/sse-client';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';

const api = await startTestApi(t);
await api.startWorkers('all');
const owner = await registerUser(api);
const stranger = await registerUser(api);
await updateUserTier(api.database.db, owner.email, 'creator');
const content = 'Bees dance to tell each other where flowers are. The angle of the dance points to the food. The length of the waggle tells the distance. Scouts return to the hive and repeat the dance.';

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { preset: 'quick', content, reviewScript: true, ...body } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

type ScriptBody = { success: boolean; episodeId: string; status: string; editable: boolean; lines: { index: number; speaker: string; text: string; section?: string }[] };
const getScript = async (id: string, token = owner.accessToken) => api.request(`/api/episodes/${id}/script`, { token });

t.test('review, edit, approve once, render the edited script', async (t) => {
  const id = await create({ hostMode: 'multi' });
  const stream = await api.request(`/api/episodes/${id}/stream`, { token: owner.accessToken });
  const seen: { status: unknown; progressPercent: unknown }[] = [];
  const reading = (async () => {
    for await (const message of sseMessages(stream)) {
      seen.push({ status: message.status, progressPercent: message.progressPercent });
      if (message.status === 'ready' || message.status === 'error') break;
    }
  })();

  const waiting = await waitForEpisode(api.database.db, id, ['review_script', 'error']);
  t.equal(waiting.status, 'review_script');
  t.equal(waiting.progress_percent, 50);
  t.equal(waiting.script_writer, 'offline');
  // Nothing renders on its own while the episode waits.
  const renders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'episode:render' AND j.payload->>'episodeId' = ${id}`.execute(api.database.db);
  t.equal(renders.rows[0]?.n, 0);

  const read = await getScript(id);
  t.equal(read.status, 200);
  const script = (await read.json()) as ScriptBody;
  t.equal(script.status, 'review_script');
  t.equal(script.editable, true);
  t.ok(script.lines.length >= 3);
  t.same(script.lines.map((line) => line.index), script.lines.map((_, n) => n));
  const opening = script.lines[0]?.section;
  t.ok(opening, `the first line opens a section: ${opening}`);
  const respoken = await api.request(`/api/episodes/${id}/script/lines/0`, { method: 'PATCH', token: owner.accessToken, json: { speaker: 'Host 1' } });
  t.equal(((await respoken.json()) as ScriptBody).lines[0]?.section, opening, 'an edited line keeps the section it opens');
  t.equal((await getScript(id, stranger.accessToken)).status, 404, "someone else's script is not found");
  t.equal((await api.request(`/api/episodes/${id}/script`)).status, 401);

  const patched = await api.request(`/api/episodes/${id}/script/lines/1`, { method: 'PATCH', token: owner.accessToken, json: { text: 'An edited\nline about bees.' } });
  t.equal(patched.status, 200);
  t.equal(((await patched.json()) as ScriptBody).lines[1]?.text, 'An edited line about bees.');
  t.equal((await api.request(`/api/episodes/${id}/script/lines/999`, { method: 'PATCH', token: owner.accessToken, json: { text: 'x' } })).status, 404);
  t.equal((await api.request(`/api/episodes/${id}/script/lines/0`, { method: 'PATCH', token: owner.accessToken, json: {} })).status, 400);
  t.equal((await api.request(`/api/episodes/${id}/script/lines/0`, { method: 'PATCH', token: owner.accessToken, json: { text: '   ' } })).status, 400);
  t.equal((await api.request(`/api/episodes/${id}/script/lines/0`, { method: 'PATCH', token: stranger.accessToken, json: { text: 'mine now' } })).status, 404);

  const badPut = await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: owner.accessToken, json: { lines: [] } });
  t.equal(badPut.status, 400);
  t.equal(((await badPut.json()) as { success: boolean }).success, false);
  t.equal((await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: owner.accessToken, json: { lines: [{ speaker: 'Host 3', text: 'Hi' }] } })).status, 400);
  t.equal((await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: owner.accessToken, json: { lines: [{ speaker: 'Host 1', text: 'x'.repeat(2001) }] } })).status, 400);

  const replacement = [
    { speaker: 'Host 1', text: 'Welcome. Today we talk about the waggle dance of honey bees.', section: 'Waggle dance of honey bees' },
    { speaker: 'Host 2', text: 'The angle of the dance points to the food, and the waggle tells the distance.', section: 'Distance' },
    { speaker: 'Host 1', text: 'Thanks for listening.' },
  ];
  const put = await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: owner.accessToken, json: { lines: replacement } });
  t.equal(put.status, 200);
  t.same(((await put.json()) as ScriptBody).lines, replacement.map((line, index) => ({ index, ...line, sourceRefs: [] })), 'lines written by hand draw on no source');
  t.equal((await api.request(`/api/episodes/${id}/script/lines/2`, { method: 'PATCH', token: owner.accessToken, json: { speaker: 'Host 2' } })).status, 200);

  const [first, second] = await Promise.all([
    api.request(`/api/episodes/${id}/approve-script`, { method: 'POST', token: owner.accessToken }),
    api.request(`/api/episodes/${id}/approve-script`, { method: 'POST', token: owner.accessToken }),
  ]);
  t.same([first.status, second.status].sort(), [202, 409], 'exactly one of two concurrent approves wins');
  const winner = (await (first.status === 202 ? first : second).json()) as { success: boolean; episode: { id: string; status: string } };
  t.same(winner.episode, { id, status: 'generating_audio' });
  t.equal((await api.request(`/api/episodes/${id}/approve-script`, { method: 'POST', token: owner.accessToken })).status, 409);
  t.equal((await api.request(`/api/episodes/${id}/script/lines/0`, { method: 'PATCH', token: owner.accessToken, json: { text: 'too late' } })).status, 409);
  t.equal((await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: owner.accessToken, json: { lines: replacement } })).status, 409);

  const done = await waitForEpisode(api.database.db, id, ['ready', 'error']);
  t.equal(done.status, 'ready', done.error_message ?? '');
  await reading;
  const statuses = seen.map((message) => message.status);
  t.ok(statuses.includes('review_script'), `stream saw ${statuses.join(', ')}`);
  t.same(seen.find((message) => message.status === 'review_script')?.progressPercent, 50);
  t.ok(statuses.indexOf('generating_audio') > statuses.indexOf('review_script'));
  t.equal(statuses.at(-1), 'ready');
  // graphile-worker deletes a job just after its task returns, a moment after `ready` commits.
  const renderJobs = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'episode:render')`.execute(api.database.db)).rows[0]?.n;
  await until('the render job to be gone', async () => (await renderJobs()) === 0, 30_000, 100);
  t.equal(await renderJobs(), 0, 'the one render job ran and is gone');
  const segments = await api.database.db.selectFrom('transcript_segments').select(['speaker', 'text']).where('episode_id', '=', id).orderBy('position').execute();
  t.same(segments, [...replacement.slice(0, 2), { speaker: 'Host 2', text: 'Thanks for listening.' }].map((line) => ({ speaker: line.speaker, text: line.text })), 'the edited script was rendered');
  const notes = (await (await api.request(`/api/episodes/${id}/show-notes`, { token: owner.accessToken })).json()) as { chapters: { title: string }[] };
  t.same(notes.chapters.map((chapter) => chapter.title), ['Waggle dance of honey bees', 'Distance'], 'the chapters are the sections of the approved script');
  const after = (await (await getScript(id)).json()) as ScriptBody;
  t.equal(after.editable, true, 'a ready episode can be edited again (and rendered again: editable-episodes.test.ts)');
});

t.test('single-host scripts take no Host 2; approving outside review is a 409', async (t) => {
  const id = await create({ hostMode: 'single' });
  await waitForEpisode(api.database.db, id, ['review_script']);
  const put = await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: owner.accessToken, json: { lines: [{ speaker: 'Host 2', text: 'Hello' }] } });
  t.equal(put.status, 400);
  t.match(((await put.json()) as { message: string }).message, /single-host/);
  t.equal((await api.request(`/api/episodes/${id}/approve-script`, { method: 'POST', token: stranger.accessToken })).status, 404);
  const noReview = await create({ reviewScript: false });
  const ready = await waitForEpisode(api.database.db, noReview, ['ready', 'error']);
  t.equal(ready.status, 'ready');
  const conflict = await api.request(`/api/episodes/${noReview}/approve-script`, { method: 'POST', token: owner.accessToken });
  t.equal(conflict.status, 409);
  t.match(((await conflict.json()) as { message: string }).message, /review_script \(it is ready\)/);
});
