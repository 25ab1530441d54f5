// The baseline for `npm run bench:api`: bare Fastify + pg doing the same SQL as each
// measured endpoint, over the same TLS certificate, with no authentication, rate limits,
// validation or logging. Run as its own process: node bare-server.ts <port> (env:
// DATABASE_URL, TLS_CERT_FILE, TLS_KEY_FILE). Prints "listening" when ready.
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.argv[2]);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const [cert, key] = await Promise.all([readFile(process.env.TLS_CERT_FILE ?? ''), readFile(process.env.TLS_KEY_FILE ?? '')]);
const app = Fastify({ https: { cert, key, minVersion: 'TLSv1.2' } });

app.get<{ Params: { id: string } }>('/episodes/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM episodes WHERE id = $1', [request.params.id]);
  if (rows.length === 0) return reply.status(404).send({ success: false, error: 'Not found', message: 'Episode not found' });
  return { success: true, episode: rows[0] };
});

app.get<{ Querystring: { user: string } }>('/episodes', async (request) => {
  const [rows, count] = await Promise.all([
    pool.query('SELECT * FROM episodes WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0', [request.query.user]),
    pool.query('SELECT count(*) AS total FROM episodes WHERE user_id = $1', [request.query.user]),
  ]);
  return { success: true, episodes: rows.rows, pagination: { total: Number(count.rows[0].total), limit: 50, offset: 0 } };
});

app.post<{ Body: { content: string; user: string } }>('/episodes', async (request, reply) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const id = `ep_${randomBytes(16).toString('base64url')}`;
    const { rows } = await client.query(
      `INSERT INTO episodes (id, user_id, title, preset, host_mode, voice_style, voice_pair, tts_engine, review_script, source_type, source_text)
       VALUES ($1, $2, 'Bench', 'quick', 'single', 'professional', 'expert-curious', 'auto', false, 'text', $3) RETURNING *`,
      [id, request.body.user, request.body.content],
    );
    await client.query("SELECT graphile_worker.add_job('episode:ingest', json_build_object('episodeId', $1::text), max_attempts => 3)", [id]);
    await client.query('COMMIT');
    return reply.status(202).send({ success: true, episode: rows[0] });
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
});

await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
