import t from 'tap';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, sql } from 'kysely';
import { migrateToLatest } from '@castwright/core/db/migrate';
import { createTestDatabase } from '#test-helpers/test-database';

t.test('the template is fully migrated, and migrating again applies nothing', async (t) => {
  const { db } = await createTestDatabase(t);
  t.same(await migrateToLatest(db), { applied: [] });
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(db);
  for (const table of ['api_keys', 'episodes', 'playlist_episodes', 'playlist_feeds', 'playlists', 'refresh_tokens', 'transcript_segments', 'usage_monthly', 'users']) {
    t.ok(tables.rows.some((row) => row.table_name === table), table);
  }
});

t.test('constraints protect stored data from bad values', async (t) => {
  const { db } = await createTestDatabase(t);
  await t.rejects(
    db.insertInto('users').values({ id: '00000000-0000-0000-0000-000000000001', email: 'Upper@Example.com', password_hash: 'x' }).execute(),
    /users_email_lowercase/,
  );
  await t.rejects(
    sql`INSERT INTO users (id, email, password_hash, tier) VALUES (gen_random_uuid(), 'a@b.c', 'x', 'platinum')`.execute(db),
    /check constraint/,
  );
});

t.test('0015: runs from before get a job id of their own; idempotency keys must be visible ASCII', async (t) => {
  const { db } = await createTestDatabase(t);
  const migration = await import('@castwright/core/db/migrations/0015-idempotency-keys');
  await migration.down(db);
  const user = '00000000-0000-0000-0000-000000000016';
  await sql`INSERT INTO users (id, email, password_hash) VALUES (${user}, 'runs@example.com', 'x')`.execute(db);
  await sql`INSERT INTO briefing_configs (id, user_id, name, template_type, preset, host_mode, schedule_frequency, schedule_time, schedule_timezone)
            VALUES ('br_old', ${user}, 'Old', 'general', 'quick', 'single', 'daily', '07:00:00', 'UTC')`.execute(db);
  await sql`INSERT INTO briefing_runs (id, briefing_id, run_type, status)
            VALUES ('run_AAAAAAAAAAAAAAAAAAAAAA', 'br_old', 'manual', 'completed'), ('run_BBBBBBBBBBBBBBBBBBBBBB', 'br_old', 'scheduled', 'queued')`.execute(db);
  await migration.up(db);
  const runs = await sql<{ id: string; job_id: string }>`SELECT id, job_id FROM briefing_runs ORDER BY id`.execute(db);
  t.same(runs.rows, [
    { id: 'run_AAAAAAAAAAAAAAAAAAAAAA', job_id: 'job_AAAAAAAAAAAAAAAAAAAAAA' },
    { id: 'run_BBBBBBBBBBBBBBBBBBBBBB', job_id: 'job_BBBBBBBBBBBBBBBBBBBBBB' },
  ]);
  await t.rejects(
    sql`INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, claim_token, leased_until) VALUES (${user}, 'has space', 'h', 'POST', '/x', 't', now())`.execute(db),
    /check constraint/,
  );
});

t.test('0016: episodes made before revisions become revision 1, published; down and up again', async (t) => {
  const { db } = await createTestDatabase(t);
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder: fileURLToPath(new URL('../src/db/migrations', import.meta.url)) }) });
  const down = await migrator.migrateTo('0015-idempotency-keys');
  t.error(down.error);
  await sql`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-0000-0000-0000000000aa', 'old@example.com', 'x')`.execute(db);
  const episode = (id: string, status: string, audioKey: string | null) => sql`
    INSERT INTO episodes (id, user_id, title, description, status, preset, host_mode, voice_style, voice_pair, tts_engine, review_script, source_type, script_text, audio_key, audio_duration_ms, audio_bytes, completed_at)
    VALUES (${id}, '00000000-0000-0000-0000-0000000000aa', 'Old', '', ${status}, 'quick', 'multi', 'professional', 'expert-curious', 'auto', false, 'text',
            ${'## Intro\n[Host 1]: Hello.\n[Host 2]: Hi there.\n\n[Host 1]: Bye.'}, ${audioKey}, 61000, 123456, now())`.execute(db);
  await episode('ep_old_ready', 'ready', 'episodes/ep_old_ready/audio.mp3');
  await episode('ep_old_waiting', 'generating_audio', null);
  // Up to 0016 only (later migrations have their own tests), so the down and up below are 0016's.
  const up = await migrator.migrateTo('0016-episode-revisions');
  t.same(up.results?.map((result) => [result.migrationName, result.status]), [['0016-episode-revisions', 'Success']]);
  const revisions = await db.selectFrom('episode_revisions').select(['episode_id', 'revision', 'status', 'lines_total', 'lines_changed', 'lines_rendered', 'lines_reused', 'audio_key', 'audio_duration_ms', 'chunk_table']).execute();
  t.same(revisions, [{ episode_id: 'ep_old_ready', revision: 1, status: 'published', lines_total: 3, lines_changed: 3, lines_rendered: 3, lines_reused: 0, audio_key: 'episodes/ep_old_ready/audio.mp3', audio_duration_ms: 61000, chunk_table: null }]);
  const episodes = await db.selectFrom('episodes').select(['id', 'published_revision']).orderBy('id').execute();
  t.same(episodes, [{ id: 'ep_old_ready', published_revision: 1 }, { id: 'ep_old_waiting', published_revision: null }], 'an episode still rendering gets its revision when it renders');
  await t.rejects(sql`INSERT INTO episode_revisions (episode_id, revision, script_text, lines_total, lines_changed) VALUES ('ep_old_ready', 2, '', 0, 0), ('ep_old_ready', 3, '', 0, 0)`.execute(db), /episode_revisions_rendering_idx/, 'one render at a time');
  t.error((await migrator.migrateDown()).error);
  t.error((await migrator.migrateUp()).error);
});

t.test('0019: an entry\'s samples go with the entry and with the voice', async (t) => {
  const { db } = await createTestDatabase(t);
  const user = '00000000-0000-0000-0000-000000000019';
  await sql`INSERT INTO users (id, email, password_hash) VALUES (${user}, 'samples@example.com', 'x')`.execute(db);
  await sql`INSERT INTO pronunciations (id, user_id, term, term_key, say_as) VALUES ('pr_a', ${user}, 'SQL', 'sql', 'sequel')`.execute(db);
  await sql`INSERT INTO voices (id, engine, engine_name, name, language, gender) VALUES ('offline:slt', 'offline', 'slt', 'Slt', 'en-US', 'female')`.execute(db);
  const sample = (version: string) => sql`INSERT INTO pronunciation_samples (pronunciation_id, voice_id, version) VALUES ('pr_a', 'offline:slt', ${version})`.execute(db);
  await sample('0123456789abcdef0123456789abcdef');
  await t.rejects(sample('not a digest'), /check constraint/, 'the version is a digest');
  await t.rejects(sample('0123456789abcdef0123456789abcdef'), /duplicate key/, 'one row per entry, voice and version');
  await sql`DELETE FROM pronunciations WHERE id = 'pr_a'`.execute(db);
  t.same((await sql`SELECT 1 FROM pronunciation_samples`.execute(db)).rows, [], 'deleted with the entry');
});

t.test('0021: every episode made before sources gets its one source as it stands; down and up again', async (t) => {
  const { db } = await createTestDatabase(t);
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder: fileURLToPath(new URL('../src/db/migrations', import.meta.url)) }) });
  t.error((await migrator.migrateTo('0019-pronunciation-samples')).error);
  const user = '00000000-0000-0000-0000-000000000021';
  await sql`INSERT INTO users (id, email, password_hash) VALUES (${user}, 'sources@example.com', 'x')`.execute(db);
  const episode = (id: string, fields: { status: string; type: string; url?: string; text?: string; key?: string; filename?: string; error?: string }) => sql`
    INSERT INTO episodes (id, user_id, title, description, status, preset, host_mode, voice_style, voice_pair, tts_engine, review_script,
                          source_type, source_url, source_text, source_key, source_filename, error_message, language)
    VALUES (${id}, ${user}, 'Old', '', ${fields.status}, 'quick', 'single', 'professional', 'expert-curious', 'auto', false,
            ${fields.type}, ${fields.url ?? null}, ${fields.text ?? null}, ${fields.key ?? null}, ${fields.filename ?? null}, ${fields.error ?? null}, 'en')`.execute(db);
  await episode('ep_ready_page', { status: 'ready', type: 'url', url: 'https://example.org/a', text: '# A page\n\nIts text.' });
  await episode('ep_queued_text', { status: 'queued', type: 'text', text: 'Typed, not read yet.' });
  await episode('ep_queued_upload', { status: 'ingesting', type: 'upload', key: 'uploads/ep_queued_upload/original.pdf', filename: 'a.pdf' });
  await episode('ep_failed_page', { status: 'error', type: 'url', url: 'https://example.org/gone', error: 'HTTP 404 from example.org' });
  await episode('ep_briefing', { status: 'ready', type: 'briefing', text: '# Briefing\n\n## Item\n\nWords.' });
  t.error((await migrator.migrateTo('0021-episode-sources')).error);
  const rows = await db.selectFrom('episode_sources').select(['episode_id', 'position', 'kind', 'url', 'input_text', 'storage_key', 'filename', 'text', 'characters', 'language', 'status', 'error']).orderBy('episode_id').execute();
  t.same(rows, [
    { episode_id: 'ep_briefing', position: 0, kind: 'text', url: null, input_text: null, storage_key: null, filename: null, text: '# Briefing\n\n## Item\n\nWords.', characters: 27, language: 'en', status: 'read', error: null },
    { episode_id: 'ep_failed_page', position: 0, kind: 'url', url: 'https://example.org/gone', input_text: null, storage_key: null, filename: null, text: null, characters: null, language: null, status: 'failed', error: 'HTTP 404 from example.org' },
    { episode_id: 'ep_queued_text', position: 0, kind: 'text', url: null, input_text: 'Typed, not read yet.', storage_key: null, filename: null, text: null, characters: null, language: null, status: 'pending', error: null },
    { episode_id: 'ep_queued_upload', position: 0, kind: 'upload', url: null, input_text: null, storage_key: 'uploads/ep_queued_upload/original.pdf', filename: 'a.pdf', text: null, characters: null, language: null, status: 'pending', error: null },
    { episode_id: 'ep_ready_page', position: 0, kind: 'url', url: 'https://example.org/a', input_text: null, storage_key: null, filename: null, text: '# A page\n\nIts text.', characters: 19, language: 'en', status: 'read', error: null },
  ]);
  await t.rejects(sql`INSERT INTO episode_sources (episode_id, position, kind) VALUES ('ep_ready_page', 1, 'url')`.execute(db), /check constraint/, 'a page has its address');
  await t.rejects(sql`INSERT INTO episode_sources (episode_id, position, kind, input_text, status) VALUES ('ep_ready_page', 1, 'text', 'x', 'read')`.execute(db), /check constraint/, 'a read source has its text');
  t.error((await migrator.migrateDown()).error);
  t.error((await migrator.migrateUp()).error);
});
