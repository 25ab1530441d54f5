import t from 'tap';
import { sql } from 'kysely';
import { updateUserTier } from '@castwright/core/repositories/users';
import { MAX_EPISODE_SOURCE_CHARACTERS } from '@castwright/core/tiers';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const TEXT = 'Tides rise and fall twice a day. The moon pulls the oceans. Sailors have long read the tides to plan voyages.';

t.test('creating an episode answers 202 with the episode, quota, and a queued job in the same commit', async (t) => {
  const user = await creator(api);
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, hostMode: 'multi' } });
  t.equal(response.status, 202);
  const body = await json(response);
  t.match(body, {
    success: true,
    episode: { id: /^ep_/, status: 'queued', preset: 'standard', hostMode: 'multi', createdAt: String },
    quota: { used: 1, limit: 25, remaining: 24 },
  });
  // graphile-worker's public `jobs` view leaves out payloads; its private tables have them.
  const jobs = await sql<{ task_identifier: string }>`
    SELECT tasks.identifier AS task_identifier
    FROM graphile_worker._private_jobs AS jobs JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
    WHERE jobs.payload->>'episodeId' = ${body.episode.id}`.execute(api.database.db);
  t.equal(jobs.rows.length, 1);
  t.equal(jobs.rows[0]?.task_identifier, 'episode:ingest');
  const row = await api.database.db.selectFrom('episodes').selectAll().where('id', '=', body.episode.id).executeTakeFirstOrThrow();
  t.match(row, { voice_style: 'professional', voice_pair: 'expert-curious', tts_engine: 'auto', review_script: false, source_type: 'text' });
});

t.test('exactly one of content and url; enums and types are checked', async (t) => {
  const user = await creator(api);
  const cases: [string, unknown][] = [
    ['neither', { preset: 'quick' }],
    ['both', { content: TEXT, url: 'https://example.com/a' }],
    ['blank content', { content: '   ' }],
    ['bad preset', { content: TEXT, preset: 'huge' }],
    ['bad hostMode', { content: TEXT, hostMode: 'trio' }],
    ['bad voiceStyle', { content: TEXT, voiceStyle: 'angry' }],
    ['bad voicePair', { content: TEXT, voicePair: 'duet' }],
    ['bad ttsEngine', { content: TEXT, ttsEngine: 'espeak' }],
    ['url not http', { url: 'ftp://example.com/file' }],
    ['url not a url', { url: 'not a url' }],
    ['reviewScript not boolean', { content: TEXT, reviewScript: 'maybe' }],
  ];
  for (const [name, body] of cases) {
    const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: body });
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', message: String }, name);
  }
  const count = await api.database.db.selectFrom('episodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  t.equal(Number(count.n), 1, 'only the first test created an episode');
  const usage = await api.database.db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', user.userId).executeTakeFirst();
  t.equal(usage?.episodes_created ?? 0, 0, 'rejected requests do not use quota');
});

t.test('a preset above the tier is a 403 naming the allowed presets', async (t) => {
  const user = await registerUser(api);
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT } });
  t.equal(response.status, 403, 'the default preset, standard, is not on the free tier');
  const body = await json(response);
  t.match(body, { success: false, error: 'Preset not allowed', allowedPresets: ['quick'], tier: 'free' });
  t.match(body.message, /quick/);
});

t.test('durationMinutes: a length in minutes up to the tier\'s maximum, instead of a preset', async (t) => {
  const create = (token: string, body: Record<string, unknown>) => api.request('/api/episodes', { method: 'POST', token, json: { content: TEXT, ...body } });
  for (const [tier, longest, preset] of [['free', 3, 'quick'], ['creator', 15, 'deep'], ['professional', 30, 'extended'], ['enterprise', 120, 'extended']] as const) {
    const user = await registerUser(api);
    if (tier !== 'free') await updateUserTier(api.database.db, user.email, tier);
    const accepted = await create(user.accessToken, { durationMinutes: longest });
    t.equal(accepted.status, 202, `${tier}: ${longest} minutes`);
    const body = await json(accepted);
    t.match(body.episode, { status: 'queued', preset, durationMinutes: longest }, `${tier}: the preset is the shortest at least as long`);
    t.same(body.quota.used, 1, `${tier}: counted once against the quota`);
    const row = await api.database.db.selectFrom('episodes').selectAll().where('id', '=', body.episode.id).executeTakeFirstOrThrow();
    t.match(row, { duration_minutes: longest, preset });
    const detail = await json(await api.request(`/api/episodes/${body.episode.id}`, { token: user.accessToken }));
    t.match(detail.episode, { durationMinutes: longest, preset, lengthNote: null });

    if (longest === 120) continue;
    const beyond = await create(user.accessToken, { durationMinutes: longest + 1 });
    t.equal(beyond.status, 403, `${tier}: ${longest + 1} minutes is beyond the tier`);
    t.same(await json(beyond), {
      success: false,
      error: 'Duration not allowed',
      message: `Episodes on the ${tier} tier may be up to ${longest} minutes long; ${longest + 1} were asked for`,
      tier,
      maxDurationMinutes: longest,
      upgrade: { message: 'Upgrade for longer episodes', url: '/api/billing/pricing' },
    });
    const stored = await api.database.db.selectFrom('episodes').select('id').where('user_id', '=', user.userId).execute();
    t.equal(stored.length, 1, `${tier}: the refusal stored nothing`);
    const usage = await api.database.db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    t.equal(usage.episodes_created, 1, `${tier}: and used no quota`);
  }
  const user = await creator(api);
  const presetsToo = await create(user.accessToken, { durationMinutes: 5, preset: 'standard' });
  t.equal(presetsToo.status, 400, 'both a preset and durationMinutes');
  t.match(await json(presetsToo), { success: false, error: 'Validation failed', message: 'Give either preset or durationMinutes, not both' });
  for (const durationMinutes of [0, -5, 2.5, 121, 'ten', null, 1e9]) {
    const response = await create(user.accessToken, { durationMinutes });
    t.equal(response.status, 400, `durationMinutes ${JSON.stringify(durationMinutes)}`);
    t.match(await json(response), { success: false, error: 'Validation failed', message: /durationMinutes/ });
  }
  const preset = await json(await create(user.accessToken, { preset: 'deep' }));
  t.match(preset.episode, { preset: 'deep', durationMinutes: 15 }, 'a preset episode is planned for its preset\'s minutes');
  const stored = await api.database.db.selectFrom('episodes').select(['duration_minutes']).where('id', '=', preset.episode.id).executeTakeFirstOrThrow();
  t.equal(stored.duration_minutes, null, '…and stores no minutes of its own');
});

t.test('lengthNote: said from the rendered audio\'s own length, and why', async (t) => {
  const user = await creator(api);
  const id = (await json(await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, durationMinutes: 10 } }))).episode.id as string;
  const note = async () => (await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }))).episode.lengthNote;
  const set = (fields: { source_limit_ms?: number | null; audio_duration_ms?: number | null; status?: 'generating_audio' | 'ready' }) =>
    api.database.db.updateTable('episodes').set({ audio_key: `episodes/${id}/audio-1.mp3`, ...fields }).where('id', '=', id).execute();
  t.equal(await note(), null, 'nothing known yet');
  await set({ status: 'generating_audio', source_limit_ms: 252_000 });
  t.equal(await note(), 'The source holds about 4 minutes 12 seconds of material, less than the 10 minutes asked for: the episode will be shorter rather than padded with repetition.');
  await set({ status: 'ready', audio_duration_ms: 261_400 });
  t.equal(await note(), 'This episode runs 4 minutes 21 seconds, shorter than the 10 minutes asked for: its source holds no more material, and an episode is never padded with repetition.');
  await set({ audio_duration_ms: 9 * 60_000 });
  t.equal(await note(), null, 'within ±15 % of the length asked for, there is nothing to say');
  await set({ source_limit_ms: null, audio_duration_ms: 7 * 60_000 });
  t.equal(await note(), 'This episode runs 7 minutes, shorter than the 10 minutes asked for: the script came out shorter than planned.');
  await set({ audio_duration_ms: 12 * 60_000 + 1000 });
  t.equal(await note(), 'This episode runs 12 minutes 1 second, longer than the 10 minutes asked for.');
});

t.test('the monthly quota: the fourth free episode is refused with the quota body', async (t) => {
  const user = await registerUser(api);
  for (let n = 1; n <= 3; n++) {
    const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, preset: 'quick' } });
    t.equal(response.status, 202);
    t.same((await json(response)).quota, { used: n, limit: 3, remaining: 3 - n });
  }
  const refused = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, preset: 'quick' } });
  t.equal(refused.status, 429);
  t.same(await json(refused), {
    success: false,
    error: 'Monthly quota exceeded',
    message: 'You have used all 3 episodes of the free tier this month',
    quota: { tier: 'free', limit: 3, used: 3, remaining: 0 },
    upgrade: { message: 'Upgrade your plan for more episodes each month', url: '/api/billing/pricing' },
  });
});

t.test('parallel creations never exceed the quota', async (t) => {
  const user = await registerUser(api);
  const responses = await Promise.all(
    Array.from({ length: 8 }, () => api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, preset: 'quick' } })),
  );
  const statuses = responses.map((response) => response.status).sort();
  t.same(statuses, [202, 202, 202, 429, 429, 429, 429, 429]);
  const stored = await api.database.db.selectFrom('episodes').select('id').where('user_id', '=', user.userId).execute();
  t.equal(stored.length, 3);
});

t.test('enterprise quota is unlimited, shown as null', async (t) => {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'enterprise');
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, preset: 'extended' } });
  t.equal(response.status, 202);
  t.same((await json(response)).quota, { used: 1, limit: null, remaining: null });
});

t.test('listing: newest first, status filter, limit and offset bounds', async (t) => {
  const user = await creator(api);
  const ids: string[] = [];
  for (let n = 0; n < 3; n++) {
    const body = await json(await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: `${n} ${TEXT}`, preset: 'quick' } }));
    ids.push(body.episode.id);
  }
  await api.database.db.updateTable('episodes').set({ status: 'error' }).where('id', '=', ids[0] as string).execute();

  const all = await json(await api.request('/api/episodes', { token: user.accessToken }));
  t.same(all.episodes.map((episode: { id: string }) => episode.id), [...ids].reverse());
  t.same(all.pagination, { total: 3, limit: 50, offset: 0 });
  t.match(all.episodes[0], { title: String, status: 'queued', preset: 'quick', hostMode: 'single', sourceType: 'text', audioUrl: null, audioDuration: null });

  const page = await json(await api.request('/api/episodes?limit=1&offset=1', { token: user.accessToken }));
  t.same(page.episodes.map((episode: { id: string }) => episode.id), [ids[1]]);
  t.same(page.pagination, { total: 3, limit: 1, offset: 1 });

  const failed = await json(await api.request('/api/episodes?status=error', { token: user.accessToken }));
  t.same(failed.episodes.map((episode: { id: string }) => episode.id), [ids[0]]);

  for (const query of ['limit=101', 'limit=0', 'offset=-1', 'status=done', 'limit=abc']) {
    const response = await api.request(`/api/episodes?${query}`, { token: user.accessToken });
    t.equal(response.status, 400, query);
  }
  const anonymous = await api.request('/api/episodes');
  t.equal(anonymous.status, 401);
});

t.test('reading one episode: owner sees it; others get 404; anonymous gets 401; public is open', async (t) => {
  const owner = await creator(api);
  const other = await registerUser(api);
  const created = await json(await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: TEXT, preset: 'quick' } }));
  const id = created.episode.id as string;

  const mine = await api.request(`/api/episodes/${id}`, { token: owner.accessToken });
  t.equal(mine.status, 200);
  t.match((await json(mine)).episode, { id, status: 'queued', progressPercent: 0, description: String, scriptText: null, audioUrl: null, error: null });

  t.equal((await api.request(`/api/episodes/${id}`, { token: other.accessToken })).status, 404);
  t.equal((await api.request(`/api/episodes/${id}`)).status, 401);
  t.equal((await api.request('/api/episodes/ep_doesnotexist', { token: owner.accessToken })).status, 404);
  t.equal((await api.request(`/api/episodes/${id}/transcript`, { token: other.accessToken })).status, 404);

  await api.database.db.updateTable('episodes').set({ is_public: true }).where('id', '=', id).execute();
  t.equal((await api.request(`/api/episodes/${id}`)).status, 200, 'public episodes need no credentials');
  const transcript = await json(await api.request(`/api/episodes/${id}/transcript`));
  t.same(transcript, { success: true, episodeId: id, language: 'en', segments: [], stats: { totalSegments: 0, totalWords: 0, totalDurationMs: 0, speakers: [] } });
});

t.test('delete: owner only, 403 for others, 404 when missing; quota is not refunded', async (t) => {
  const owner = await creator(api);
  const other = await creator(api);
  const created = await json(await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: TEXT, preset: 'quick' } }));
  const id = created.episode.id as string;

  const forbidden = await api.request(`/api/episodes/${id}`, { method: 'DELETE', token: other.accessToken });
  t.equal(forbidden.status, 403);
  t.match(await json(forbidden), { success: false, error: 'Forbidden' });
  const missing = await api.request('/api/episodes/ep_nope', { method: 'DELETE', token: owner.accessToken });
  t.equal(missing.status, 404);
  t.match(await json(missing), { success: false, error: 'Not found' });

  const deleted = await api.request(`/api/episodes/${id}`, { method: 'DELETE', token: owner.accessToken });
  t.equal(deleted.status, 200);
  t.match(await json(deleted), { success: true, message: String });
  t.equal((await api.request(`/api/episodes/${id}`, { token: owner.accessToken })).status, 404);
  const quota = await api.database.db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
  t.equal(quota.episodes_created, 1);
});

t.test('oversized bodies are refused with 413 and unknown routes with 404, in the error format', async (t) => {
  const user = await creator(api);
  const huge = 'word '.repeat(250_000);
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: huge } });
  t.ok(response.status === 400 || response.status === 413, `status ${response.status}`);
  t.equal((await json(response)).success, false);
  // Past the room the longest `sources` any tier takes (MAX_EPISODE_SOURCE_CHARACTERS in four-byte characters).
  const tooBig = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'x'.repeat(MAX_EPISODE_SOURCE_CHARACTERS * 4 + 300_000) } });
  t.equal(tooBig.status, 413);
  const route = await api.request('/api/nothing-here');
  t.equal(route.status, 404);
  t.match(await json(route), { success: false, error: 'Not found' });
});
