// Every POST that takes `Idempotency-Key`, as a table the idempotency tests run through:
// how to make the request (and a different one, for the 422), and how to count what it
// does (rows, queued jobs, quota, deliveries, sessions at the loopback Stripe). Keyed by
// the operation as the OpenAPI document names it, so a test can check that every opted-in
// route has its row.
import { sql } from 'kysely';
import { FormData } from 'undici';
import type { Db } from '@castwright/core/db/connect';
import { createLogger } from '@castwright/core/logger';
import { startWorker } from '@castwright/worker/start-worker';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { insertEpisodes } from './episode-rows.ts';
import type { FakeStripe } from './fake-stripe.ts';
import type { TestApi } from './test-api.ts';
import { imageFile, toneFile } from './show-audio.ts';
import { voiceClip } from './voice-clips.ts';

/** One request: a path and a JSON body, or a multipart form (made afresh for every send). */
export interface PostRequest {
  path: string;
  json?: unknown;
  form?: () => FormData;
}

export interface PostContext {
  db: Db;
  user: { userId: string; accessToken: string };
  /** A request to an api as the user, for setting things up. */
  call(path: string, init?: { method?: string; json?: unknown; headers?: Record<string, string> }): Promise<{ status: number; json(): Promise<unknown> }>;
  /** An https receiver on loopback for webhooks (the api and its workers trust it). */
  receiverUrl: string;
  stripe: FakeStripe;
  /** Starts a general worker for the rest of the subtest (a test delivery needs one). */
  startGeneralWorker(): Promise<void>;
}

export interface PreparedPost {
  request: PostRequest;
  /** The same key with this request is 422. */
  other: PostRequest;
  /** The first answer's status. */
  status: number;
  /** What the request does, counted. */
  effects(): Promise<Record<string, number>>;
  /** How much one request adds to `effects()`. */
  once: Record<string, number>;
  /** Before the same request is sent again once its key expired: makes a second effect possible; and what it adds then. */
  repeat?: { before?(): Promise<void>; adds?: Record<string, number> };
}

type Json = Record<string, unknown>;

/** The context rows are prepared in: `api` (in this process) sets things up as `user`. */
export function postContext(
  t: { teardown(fn: () => Promise<void>): void },
  api: TestApi,
  user: PostContext['user'],
  outside: Pick<PostContext, 'receiverUrl' | 'stripe'>,
): PostContext {
  return {
    db: api.database.db,
    user,
    call: (path, init = {}) => api.request(path, { method: init.method ?? 'GET', token: user.accessToken, ...(init.json !== undefined ? { json: init.json } : {}) }),
    ...outside,
    startGeneralWorker: async () => {
      const worker = await startWorker(api.config, createLogger({ level: 'silent', role: 'test-worker' }), 'general');
      t.teardown(() => worker.stop());
    },
  };
}

async function created(context: PostContext, path: string, body: unknown): Promise<Json> {
  const response = await context.call(path, { method: 'POST', json: body });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(await response.json())}`);
  return (await response.json()) as Json;
}

const count = async (query: ReturnType<typeof sql<{ n: number }>>, db: Db) => (await query.execute(db)).rows[0]?.n ?? 0;

function episodeEffects(db: Db, userId: string) {
  return async () => ({
    episodes: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM episodes WHERE user_id = ${userId}`, db),
    // Jobs are read from the queue with their episodes' ids (no worker takes episode jobs in these tests).
    jobs: await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs AS jobs
        JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
        WHERE tasks.identifier = 'episode:ingest' AND jobs.payload->>'episodeId' IN (SELECT id FROM episodes WHERE user_id = ${userId})`,
      db,
    ),
    quota: await count(sql<{ n: number }>`SELECT coalesce(sum(episodes_created), 0)::int AS n FROM usage_monthly WHERE user_id = ${userId}`, db),
  });
}

function voiceForm(name: string, clip: Buffer): () => FormData {
  return () => {
    const form = new FormData();
    form.append('name', name);
    form.append('consent', 'true');
    form.append('file', new Blob([clip], { type: 'audio/wav' }), 'voice.wav');
    return form;
  };
}

function uploadForm(text: string): () => FormData {
  return () => {
    const form = new FormData();
    form.append('preset', 'quick');
    form.append('file', new Blob([text], { type: 'text/plain' }), 'notes.txt');
    return form;
  };
}

function documentForm(text: string): () => FormData {
  return () => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'notes.txt');
    return form;
  };
}

/** Ready episodes of the user with a published revision 1 of their script, as a render leaves them. */
async function readyEpisodes(db: Db, userId: string, count: number): Promise<string[]> {
  const script = '[Host 1]: Lighthouses guided ships for centuries.';
  const ids = await insertEpisodes(db, userId, count, { status: 'ready', progress_percent: 100, script_text: script, published_revision: 1 });
  for (const id of ids) {
    await sql`INSERT INTO episode_revisions (episode_id, revision, status, script_text, lines_total, lines_changed) VALUES (${id}, 1, 'published', ${script}, 1, 1)`.execute(db);
  }
  return ids;
}

/** A revision render queued for `episodeId`: its rows and its job. */
function revisionEffects(db: Db, episodeId: string) {
  return async () => ({
    revisions: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM episode_revisions WHERE episode_id = ${episodeId}`, db),
    jobs: await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs AS jobs
        JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
        WHERE tasks.identifier = 'episode:render' AND jobs.payload->>'episodeId' = ${episodeId}`,
      db,
    ),
  });
}

/** Back to ready with its render's job gone, as a finished render leaves it, so it can be rendered again. */
async function renderFinished(db: Db, episodeId: string): Promise<void> {
  await sql`DELETE FROM graphile_worker._private_jobs WHERE payload->>'episodeId' = ${episodeId}`.execute(db);
  await sql`UPDATE episode_revisions SET status = 'replaced' WHERE episode_id = ${episodeId} AND status = 'rendering'`.execute(db);
  await sql`UPDATE episodes SET status = 'ready', progress_percent = 100 WHERE id = ${episodeId}`.execute(db);
}

async function briefing(context: PostContext, name: string): Promise<string> {
  return ((await created(context, '/api/briefings', { name })).briefing as Json).id as string;
}

async function show(context: PostContext, name: string): Promise<string> {
  return ((await created(context, '/api/shows', { name })).show as Json).id as string;
}

function fileForm(bytes: Buffer, name: string): () => FormData {
  return () => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return form;
  };
}

/** A value every upload changes (a new storage key each time): how many were ever seen. */
function everSeen(query: () => Promise<(string | null)[]>) {
  const seen = new Set<string>();
  return async () => {
    const values = await query();
    for (const value of values) if (value !== null) seen.add(value);
    return seen.size;
  };
}

async function playlist(context: PostContext, name: string): Promise<string> {
  return ((await created(context, '/api/playlists', { name })).playlist as Json).id as string;
}

export const IDEMPOTENT_POSTS: Record<string, (context: PostContext) => Promise<PreparedPost>> = {
  'POST /api/episodes': async ({ db, user }) => ({
    request: { path: '/api/episodes', json: { content: 'Lighthouses guided ships along dark coasts for centuries.', preset: 'quick' } },
    other: { path: '/api/episodes', json: { content: 'Lighthouse keepers kept the lamps burning every night.', preset: 'quick' } },
    status: 202,
    effects: episodeEffects(db, user.userId),
    once: { episodes: 1, jobs: 1, quota: 1 },
  }),

  'POST /api/episodes/upload': async ({ db, user }) => ({
    request: { path: '/api/episodes/upload', form: uploadForm('Fresnel lenses bend light into one bright beam.\n') },
    other: { path: '/api/episodes/upload', form: uploadForm('A different file: the lamps burned whale oil, then kerosene.\n') },
    status: 202,
    effects: episodeEffects(db, user.userId),
    once: { episodes: 1, jobs: 1, quota: 1 },
  }),

  'POST /api/documents': async ({ db, user }) => ({
    request: { path: '/api/documents', form: documentForm('Fresnel lenses bend light into one bright beam.\n') },
    other: { path: '/api/documents', form: documentForm('A different document: the lamps burned whale oil, then kerosene.\n') },
    status: 201,
    effects: async () => ({ documents: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM documents WHERE user_id = ${user.userId}`, db) }),
    once: { documents: 1 },
  }),

  'POST /api/playlists': async ({ db, user }) => ({
    request: { path: '/api/playlists', json: { name: 'Morning' } },
    other: { path: '/api/playlists', json: { name: 'Evening' } },
    status: 201,
    effects: async () => ({ playlists: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM playlists WHERE user_id = ${user.userId}`, db) }),
    once: { playlists: 1 },
  }),

  'POST /api/playlists/{id}/episodes': async (context) => {
    const { db, user } = context;
    const id = await playlist(context, 'Queue');
    const [first, second] = await insertEpisodes(db, user.userId, 2);
    return {
      request: { path: `/api/playlists/${id}/episodes`, json: { episodeId: first } },
      other: { path: `/api/playlists/${id}/episodes`, json: { episodeId: second } },
      status: 200,
      effects: async () => ({ members: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM playlist_episodes WHERE playlist_id = ${id}`, db) }),
      once: { members: 1 },
      repeat: {
        before: async () => {
          const removed = await context.call(`/api/playlists/${id}/episodes/${first}`, { method: 'DELETE' });
          if (removed.status !== 200) throw new Error(`remove member: ${removed.status}`);
        },
      },
    };
  },

  'POST /api/playlists/{id}/feed': async (context) => {
    const { db, user } = context;
    const [id, other] = [await playlist(context, 'Listen'), await playlist(context, 'Later')];
    const tokens = new Set<string>();
    return {
      request: { path: `/api/playlists/${id}/feed`, json: undefined },
      other: { path: `/api/playlists/${other}/feed`, json: undefined },
      status: 200,
      // A rotation replaces the token's hash: every hash ever seen is one feed URL handed out.
      effects: async () => {
        const { rows } = await sql<{ token_hash: string }>`
          SELECT feeds.token_hash FROM playlist_feeds AS feeds JOIN playlists ON playlists.id = feeds.playlist_id WHERE playlists.user_id = ${user.userId}`.execute(db);
        for (const row of rows) tokens.add(row.token_hash);
        return { feeds: rows.length, tokens: tokens.size };
      },
      once: { feeds: 1, tokens: 1 },
      repeat: { adds: { feeds: 0, tokens: 1 } },
    };
  },

  'POST /api/webhooks': async ({ db, user }) => ({
    request: { path: '/api/webhooks', json: { url: 'https://hooks.example.com/one', events: ['episode.completed'] } },
    other: { path: '/api/webhooks', json: { url: 'https://hooks.example.com/two', events: ['episode.completed'] } },
    status: 201,
    effects: async () => ({ webhooks: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM webhooks WHERE user_id = ${user.userId}`, db) }),
    once: { webhooks: 1 },
  }),

  'POST /api/webhooks/{id}/test': async (context) => {
    const { db } = context;
    await context.startGeneralWorker();
    const hook = async (suffix: string) => ((await created(context, '/api/webhooks', { url: `${context.receiverUrl}?${suffix}` })).webhook as Json).id as string;
    const [id, other] = [await hook('a'), await hook('b')];
    return {
      request: { path: `/api/webhooks/${id}/test` },
      other: { path: `/api/webhooks/${other}/test` },
      status: 200,
      effects: async () => ({
        events: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_events WHERE webhook_id = ${id} AND event = 'webhook.test'`, db),
        deliveries: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${id}`, db),
      }),
      once: { events: 1, deliveries: 1 },
    };
  },

  'POST /api/briefings': async ({ db, user }) => ({
    request: { path: '/api/briefings', json: { name: 'Daily digest' } },
    other: { path: '/api/briefings', json: { name: 'Weekly digest' } },
    status: 201,
    effects: async () => ({ briefings: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM briefing_configs WHERE user_id = ${user.userId}`, db) }),
    once: { briefings: 1 },
  }),

  'POST /api/briefings/{id}/sources': async (context) => {
    const id = await briefing(context, 'Sources');
    const source = (name: string) => ({ source_type: 'rss', source_name: name, source_url: 'https://news.example.com/feed.xml' });
    return {
      request: { path: `/api/briefings/${id}/sources`, json: source('News') },
      other: { path: `/api/briefings/${id}/sources`, json: source('More news') },
      status: 201,
      effects: async () => ({ sources: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM briefing_sources WHERE briefing_id = ${id}`, context.db) }),
      once: { sources: 1 },
    };
  },

  'POST /api/briefings/{id}/run': async (context) => {
    const { db } = context;
    const [id, other] = [await briefing(context, 'Run me'), await briefing(context, 'Not me')];
    return {
      request: { path: `/api/briefings/${id}/run` },
      other: { path: `/api/briefings/${other}/run` },
      status: 202,
      effects: async () => ({
        runs: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM briefing_runs WHERE briefing_id = ${id}`, db),
        jobs: await count(
          sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'briefing:run' AND key IN (SELECT job_id FROM briefing_runs WHERE briefing_id = ${id})`,
          db,
        ),
      }),
      once: { runs: 1, jobs: 1 },
      // One run at a time: the first has to end before a second can be queued.
      repeat: { before: async () => void (await sql`UPDATE briefing_runs SET status = 'failed', completed_at = now() WHERE briefing_id = ${id}`.execute(db)) },
    };
  },

  'POST /api/episodes/{id}/render': async ({ db, user }) => {
    const [id, other] = await readyEpisodes(db, user.userId, 2);
    return {
      request: { path: `/api/episodes/${id}/render` },
      other: { path: `/api/episodes/${other}/render` },
      status: 202,
      effects: revisionEffects(db, id as string),
      once: { revisions: 1, jobs: 1 },
      repeat: { before: () => renderFinished(db, id as string) },
    };
  },

  'POST /api/episodes/{id}/clips': async ({ db, user }) => {
    const [id] = await readyEpisodes(db, user.userId, 1);
    await sql`INSERT INTO transcript_segments (id, episode_id, position, speaker, text, start_ms, end_ms, confidence)
      VALUES (${`seg_${id}_0`}, ${id}, 0, 'Host 1', 'Lighthouses guided ships for centuries.', 0, 2500, 1),
             (${`seg_${id}_1`}, ${id}, 1, 'Host 2', 'And the keepers kept their lamps lit.', 2500, 5000, 1)`.execute(db);
    await sql`UPDATE episodes SET audio_key = ${`episodes/${id}/audio-1.mp3`}, audio_duration_ms = 5200 WHERE id = ${id}`.execute(db);
    return {
      request: { path: `/api/episodes/${id}/clips`, json: { startMs: 0, endMs: 2500, shape: 'square' } },
      other: { path: `/api/episodes/${id}/clips`, json: { startMs: 0, endMs: 5000, shape: 'square' } },
      status: 202,
      effects: async () => ({
        clips: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM episode_videos WHERE episode_id = ${id} AND kind = 'clip'`, db),
        jobs: await count(
          sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs AS jobs
            JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id WHERE tasks.identifier = 'episode:video'`,
          db,
        ),
      }),
      once: { clips: 1, jobs: 1 },
      // The same passage asked for again (its key expired) is the clip already made: nothing more.
      repeat: { adds: { clips: 0, jobs: 0 } },
    };
  },

  'POST /api/episodes/{id}/revisions/{revision}/restore': async ({ db, user }) => {
    const [id] = await readyEpisodes(db, user.userId, 1);
    return {
      request: { path: `/api/episodes/${id}/revisions/1/restore` },
      other: { path: `/api/episodes/${id}/revisions/2/restore` },
      status: 202,
      effects: revisionEffects(db, id as string),
      once: { revisions: 1, jobs: 1 },
      repeat: { before: () => renderFinished(db, id as string) },
    };
  },

  'POST /api/pronunciations': async ({ db, user }) => ({
    request: { path: '/api/pronunciations', json: { term: 'Fresnel', sayAs: 'fray nell' } },
    other: { path: '/api/pronunciations', json: { term: 'Nguyen', sayAs: 'win' } },
    status: 201,
    effects: async () => ({ entries: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM pronunciations WHERE user_id = ${user.userId}`, db) }),
    once: { entries: 1 },
    // One entry per term: the first has to go before the same term can be added again.
    repeat: { before: async () => void (await sql`DELETE FROM pronunciations WHERE user_id = ${user.userId}`.execute(db)) },
  }),

  'POST /api/voices': async ({ db, user }) => {
    const clip = await voiceClip(await mkdtemp(path.join(tmpdir(), 'castwright-idempotent-voice-')), { seconds: 6 });
    const voices = () => sql<{ n: number }>`SELECT count(*)::int AS n FROM voices WHERE owner_id = ${user.userId}`;
    return {
      request: { path: '/api/voices', form: voiceForm('Narrator', clip) },
      other: { path: '/api/voices', form: voiceForm('Another narrator', clip) },
      status: 201,
      effects: async () => ({
        voices: await count(voices(), db),
        jobs: await count(
          sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'voice:register'
            AND key IN (SELECT 'voice:register:' || id FROM voices WHERE owner_id = ${user.userId})`,
          db,
        ),
      }),
      once: { voices: 1, jobs: 1 },
    };
  },

  'POST /api/shows': async ({ db, user }) => ({
    request: { path: '/api/shows', json: { name: 'Harbour notes' } },
    other: { path: '/api/shows', json: { name: 'Night shift' } },
    status: 201,
    effects: async () => ({ shows: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM shows WHERE user_id = ${user.userId}`, db) }),
    once: { shows: 1 },
  }),

  'POST /api/shows/{id}/feed': async (context) => {
    const { db, user } = context;
    const [id, other] = [await show(context, 'Listen'), await show(context, 'Later')];
    const tokens = everSeen(async () => (await sql<{ token_hash: string }>`
      SELECT feeds.token_hash FROM show_feeds AS feeds JOIN shows ON shows.id = feeds.show_id WHERE shows.user_id = ${user.userId}`.execute(db)).rows.map((row) => row.token_hash));
    return {
      request: { path: `/api/shows/${id}/feed` },
      other: { path: `/api/shows/${other}/feed` },
      status: 200,
      effects: async () => ({ feeds: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM show_feeds WHERE show_id = ${id}`, db), tokens: await tokens() }),
      once: { feeds: 1, tokens: 1 },
      repeat: { adds: { feeds: 0, tokens: 1 } },
    };
  },

  'POST /api/shows/{id}/audio/{part}': async (context) => {
    const { db } = context;
    const id = await show(context, 'Stings');
    const dir = await mkdtemp(path.join(tmpdir(), 'castwright-idempotent-part-'));
    const [sting, other] = [await toneFile(dir, { seconds: 1, frequency: 1320 }), await toneFile(dir, { seconds: 1, frequency: 990 })];
    // Each upload is stored under a new key: every key ever seen is one upload done.
    const uploads = everSeen(async () => (await sql<{ storage_key: string }>`SELECT storage_key FROM show_audio_parts WHERE show_id = ${id}`.execute(db)).rows.map((row) => row.storage_key));
    return {
      request: { path: `/api/shows/${id}/audio/sting`, form: fileForm(sting, 'sting.wav') },
      other: { path: `/api/shows/${id}/audio/sting`, form: fileForm(other, 'other.wav') },
      status: 200,
      effects: async () => ({ parts: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM show_audio_parts WHERE show_id = ${id}`, db), uploads: await uploads() }),
      once: { parts: 1, uploads: 1 },
      repeat: { adds: { parts: 0, uploads: 1 } },
    };
  },

  'POST /api/shows/{id}/artwork': async (context) => {
    const { db } = context;
    const id = await show(context, 'Covers');
    const dir = await mkdtemp(path.join(tmpdir(), 'castwright-idempotent-cover-'));
    const [cover, other] = [await imageFile(dir, 1400, 1400), await imageFile(dir, 1500, 1500)];
    const covers = everSeen(async () => (await sql<{ artwork_key: string | null }>`SELECT artwork_key FROM shows WHERE id = ${id}`.execute(db)).rows.map((row) => row.artwork_key));
    return {
      request: { path: `/api/shows/${id}/artwork`, form: fileForm(cover, 'cover.png') },
      other: { path: `/api/shows/${id}/artwork`, form: fileForm(other, 'other.png') },
      status: 200,
      effects: async () => ({ covers: await covers() }),
      once: { covers: 1 },
    };
  },

  'POST /api/billing/create-checkout': async ({ user, stripe }) => {
    const checkout = (tier: string) => ({ tier, successUrl: 'https://app.example.com/thanks', cancelUrl: 'https://app.example.com/pricing' });
    return {
      request: { path: '/api/billing/create-checkout', json: checkout('creator') },
      other: { path: '/api/billing/create-checkout', json: checkout('professional') },
      status: 200,
      effects: async () => ({ sessions: [...stripe.sessions.values()].filter((session) => session.client_reference_id === user.userId).length }),
      once: { sessions: 1 },
    };
  },

  'POST /api/user/api-key': async ({ db, user }) => ({
    request: { path: '/api/user/api-key' },
    other: { path: '/api/user/api-key', json: { note: 'another request' } },
    status: 200,
    effects: async () => ({ keys: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${user.userId}`, db) }),
    once: { keys: 1 },
  }),
};

/** The fetch init of a request with its key and credentials. */
export function postInit(request: PostRequest, token: string, key: string | undefined): { method: 'POST'; headers: Record<string, string>; body?: string | FormData } {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) };
  if (request.form) return { method: 'POST', headers, body: request.form() };
  if (request.json === undefined) return { method: 'POST', headers };
  return { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(request.json) };
}

/** `after − before`, key by key. */
export function added(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]));
}
