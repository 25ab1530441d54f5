// Voicing slots through the render job: the same episode rendered by a media worker that
// voices one line at a time (VOICING_SLOTS=1) and by one that voices two at once and runs
// two renders at once sharing them (VOICING_SLOTS=2, MEDIA_CONCURRENCY=2) gives the same
// segment keys, the same stored lines byte for byte, the same transcript and the same
// length. Real graphile-worker runners, a real database, the real built-in voice and ffmpeg.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { updateUserTier } from '@castwright/core/repositories/users';
import { readFixture } from '#test-helpers/fixtures';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

// Three quick episodes voiced and mastered on a loaded two-core machine.
t.setTimeout(600_000);

const article = await readFixture('lighthouses.txt');

async function service(env: Record<string, string>) {
  const api = await startTestApi(t, env);
  await api.startWorkers('all');
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'creator');
  return { api, token: user.accessToken };
}

async function create({ api, token }: { api: TestApi; token: string }): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token, json: { content: article, preset: 'quick', hostMode: 'multi' } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

/** What a render produced that must not depend on how many lines were voiced at once. */
async function rendered(api: TestApi, id: string) {
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 300_000);
  const revision = await api.database.db.selectFrom('episode_revisions').select(['segment_keys', 'lines_rendered']).where('episode_id', '=', id).executeTakeFirstOrThrow();
  const transcript = await api.database.db
    .selectFrom('transcript_segments')
    .select(['position', 'speaker', 'text', 'start_ms', 'end_ms'])
    .where('episode_id', '=', id)
    .orderBy('position')
    .execute();
  const keys = revision.segment_keys ?? [];
  const lines = await Promise.all(
    [...new Set(keys)].map(async (key) => [key, await readFile(path.join(api.config.dataDir, 'storage', 'episodes', id, 'segments', `${key}.wav`))] as const),
  );
  return { status: episode.status, error: episode.error_message, durationMs: episode.audio_duration_ms, keys, transcript, lines: new Map(lines), voiced: revision.lines_rendered };
}

t.test('one slot, or two slots shared by two renders at once: the same keys, lines, transcript and length', async (t) => {
  const serial = await service({ VOICING_SLOTS: '1', MEDIA_CONCURRENCY: '1' });
  const parallel = await service({ VOICING_SLOTS: '2', MEDIA_CONCURRENCY: '2' });

  const one = await rendered(serial.api, await create(serial));
  t.equal(one.status, 'ready', one.error ?? '');
  // Two episodes queued together: the worker renders them at once, on the two slots they share.
  const [first, second] = await Promise.all([create(parallel), create(parallel)]);
  const both = await Promise.all([rendered(parallel.api, first as string), rendered(parallel.api, second as string)]);

  t.ok(one.keys.length >= 10, `a script of ${one.keys.length} lines`);
  for (const [index, many] of both.entries()) {
    t.equal(many.status, 'ready', many.error ?? '');
    t.same(many.keys, one.keys, `render ${index + 1}: the same segment keys`);
    t.equal(many.voiced, one.voiced, `render ${index + 1}: as many lines voiced`);
    t.same(many.transcript, one.transcript, `render ${index + 1}: the same transcript, to the millisecond`);
    t.equal(many.durationMs, one.durationMs, `render ${index + 1}: the same length`);
    const different = [...one.lines].filter(([key, bytes]) => !many.lines.get(key)?.equals(bytes)).map(([key]) => key);
    t.same(different, [], `render ${index + 1}: every stored line byte for byte`);
  }
});
