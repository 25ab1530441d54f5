// The pipeline through real graphile-worker runners (general + media roles in this
// process), a real database and the real offline voice and ffmpeg.
import t from 'tap';
import { sql } from 'kysely';
import { updateUserTier } from '@castwright/core/repositories/users';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { registerUser, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';

const api = await startTestApi(t);
await api.startWorkers('general');
await api.startWorkers('media');
const user = await registerUser(api);
await updateUserTier(api.database.db, user.email, 'creator');

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', ...body } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

t.test('a text episode is ingested, scripted, rendered, stored and counted', async (t) => {
  const id = await create({ content: 'Bees dance to tell each other where flowers are. The angle of the dance points to the food. The length of the waggle tells the distance.' });
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.equal(episode.progress_percent, 100);
  t.equal(episode.audio_key, `episodes/${id}/audio-1.mp3`, 'the first render attempt\'s key');
  t.ok((episode.audio_duration_ms ?? 0) > 3000);
  t.match(episode.title, /^Bees dance/);
  const segments = await api.database.db.selectFrom('transcript_segments').selectAll().where('episode_id', '=', id).orderBy('position').execute();
  t.ok(segments.length >= 3);
  t.ok(segments.every((segment) => segment.speaker === 'Host 1'));
  const usage = await api.database.db.selectFrom('usage_monthly').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  t.equal(usage.total_audio_duration, Math.round((episode.audio_duration_ms ?? 0) / 1000));
  t.ok(usage.total_characters > 100);
  t.ok((episode.render_ms ?? 0) > 0, 'the render time is recorded');
  t.equal(Number(episode.cost_usd), 0, 'nothing priced was used: the built-in writer, render time unpriced by default');
  t.equal(Number(usage.cost_total), 0);
});

t.test('an unusable source fails the episode with a readable reason, without retries', async (t) => {
  // Loopback is refused here (no OUTBOUND_ALLOW_PRIVATE), so nothing leaves the machine.
  const id = await create({ url: 'http://127.0.0.1:9/article' });
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'error');
  t.match(episode.error_message, /private network address/);
  const detail = (await (await api.request(`/api/episodes/${id}`, { token: user.accessToken })).json()) as { episode: { error: string } };
  t.equal(detail.episode.error, episode.error_message, 'the reason is visible on GET');
  const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE attempts > 1`.execute(api.database.db);
  t.equal(jobs.rows[0]?.n, 0, 'a permanent error is not retried');
});

t.test('an episode deleted while queued is skipped, not resurrected', async (t) => {
  const id = await create({ content: 'Short lived. Deleted at once.' });
  await api.request(`/api/episodes/${id}`, { method: 'DELETE', token: user.accessToken });
  const pending = async () => (await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'episodeId' = ${id}`.execute(api.database.db)).rows[0]?.n ?? 0;
  await until('its job to be gone', async () => (await pending()) === 0, 60_000, 100);
  t.equal(await pending(), 0, 'its job ran and completed');
  t.equal(await selectEpisodeById(api.database.db, id), undefined);
});
