// No secret is stored in plaintext: after a session that creates every kind of secret,
// the whole database (our tables and the job queue) is searched for each of them.
import t from 'tap';
import { sql } from 'kysely';
import { updateUserTier } from '@castwright/core/repositories/users';
import { randomClientIp, registerUser, startTestApi } from '#test-helpers/test-api';
import { startSmtpSink, tokenFrom } from '#test-helpers/smtp-sink';

t.test('passwords, refresh tokens, reset and verification tokens, API keys and feed tokens are stored only as hashes; webhook secrets and kept idempotent answers only encrypted', async (t) => {
  const smtp = await startSmtpSink(t);
  const api = await startTestApi(t, { SMTP_URL: smtp.url });
  await api.startWorkers('general');
  const password = 'Plaintext1Secret';
  const user = await registerUser(api, 'secrets@example.com', password);
  await updateUserTier(api.database.db, user.email, 'creator');
  const verificationToken = tokenFrom(await smtp.waitFor((mail) => /Confirm/.test(mail.subject ?? '')));

  const login = (await (await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password }, clientIp: randomClientIp() })).json()) as { tokens: { refreshToken: string } };
  const refreshed = (await (await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: login.tokens.refreshToken } })).json()) as { tokens: { refreshToken: string } };
  // Sent with Idempotency-Key: the answers that show a secret once are kept (sealed) for retries.
  const keyed = (key: string) => ({ 'idempotency-key': key });
  const apiKey = ((await (await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken, headers: keyed('api-key-1') })).json()) as { apiKey: string }).apiKey;
  await api.request('/api/auth/request-password-reset', { method: 'POST', json: { email: user.email } });
  const resetToken = tokenFrom(await smtp.waitFor((mail) => /Reset/.test(mail.subject ?? '')));
  const webhook = (await (await api.request('/api/webhooks', { method: 'POST', token: user.accessToken, json: { url: 'https://hooks.example.com/in' }, headers: keyed('webhook-1') })).json()) as { webhook: { id: string; secret: string } };
  const playlist = (await (await api.request('/api/playlists', { method: 'POST', token: user.accessToken, json: { name: 'Private' } })).json()) as { playlist: { id: string } };
  const feedUrl = ((await (await api.request(`/api/playlists/${playlist.playlist.id}/feed`, { method: 'POST', token: user.accessToken, headers: keyed('feed-1') })).json()) as { feedUrl: string }).feedUrl;
  const feedToken = /\/feeds\/([^/]+)\//.exec(feedUrl)?.[1] ?? 'missing';
  const kept = await sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_keys WHERE state = 'completed'`.execute(api.database.db);
  t.equal(kept.rows[0]?.n, 3, 'the three answers are kept');
  const webhookSecret = webhook.webhook.secret;
  const webhookKey = Buffer.from(webhookSecret.slice('whsec_'.length), 'base64');
  const newPassword = 'Another2Secret';
  t.equal((await api.request('/api/auth/reset-password', { method: 'POST', json: { token: resetToken, password: newPassword } })).status, 200);

  const tables = await sql<{ schema: string; name: string }>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'graphile_worker')`.execute(api.database.db);
  let dump = '';
  for (const table of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(`${table.schema}.${table.name}`)} AS t`.execute(api.database.db);
    dump += rows.rows.map((row) => row.row).join('\n');
  }
  t.ok(dump.includes(user.email), 'the dump really holds the account');
  const secrets = {
    password,
    newPassword,
    refreshToken: user.refreshToken,
    rotatedRefreshToken: login.tokens.refreshToken,
    latestRefreshToken: refreshed.tokens.refreshToken,
    apiKey,
    resetToken,
    verificationToken,
    webhookSecret,
    webhookSecretBase64: webhookSecret.slice('whsec_'.length),
    webhookKeyHex: webhookKey.toString('hex'),
    webhookKeyBase64Url: webhookKey.toString('base64url'),
    feedToken,
  };
  for (const [name, secret] of Object.entries(secrets)) t.notOk(dump.includes(secret), `${name} is not stored in plaintext`);
  t.ok(dump.includes(webhook.webhook.id), 'the dump really holds the webhook');
});
