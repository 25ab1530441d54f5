import t from 'tap';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { selectUserByEmail } from '@castwright/core/repositories/users';
import { json, randomClientIp, registerUser, startTestApi } from '#test-helpers/test-api';
import { startSmtpSink, tokenFrom } from '#test-helpers/smtp-sink';
import { until } from '#test-helpers/until';
import { waitForJobs } from '#test-helpers/job-queue';

const smtp = await startSmtpSink(t);
const api = await startTestApi(t, { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://pods.example.com' });
await api.startWorkers('general');
const to = (email: string) => (mail: { to?: unknown }) => JSON.stringify(mail.to).includes(email);

t.test('registration sends a verification e-mail; its link confirms the address', async (t) => {
  const user = await registerUser(api, 'verify-me@example.com');
  const mail = await smtp.waitFor(to('verify-me@example.com'));
  t.match(mail.subject, /Confirm your e-mail/);
  t.match(mail.text, /^https:\/\/pods\.example\.com\/verify-email\?token=/m, 'link to the studio\'s page, built from PUBLIC_BASE_URL');
  const before = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.equal(before.user.emailVerified, false);
  const verified = await api.request(`/api/auth/verify-email?token=${tokenFrom(mail)}`);
  t.equal(verified.status, 200);
  const after = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.equal(after.user.emailVerified, true);
  const again = await api.request('/api/auth/verify-email', { method: 'POST', json: { token: tokenFrom(mail) } });
  t.equal(again.status, 400, 'a verification token works once');
});

t.test('reset requests answer the same for known and unknown addresses; only real accounts get mail', async (t) => {
  await registerUser(api, 'forgetful@example.com', 'Original1pass');
  const known = await api.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'Forgetful@example.com' }, headers: { host: 'evil.example' } });
  const unknown = await api.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'nobody-here@example.com' } });
  t.equal(known.status, 200);
  t.equal(unknown.status, 200);
  t.same(await json(known), await json(unknown));
  const mail = await smtp.waitFor((message) => to('forgetful@example.com')(message) && /Reset/.test(message.subject ?? ''));
  t.match(mail.subject, /Reset your Castwright password/);
  t.match(mail.text, /https:\/\/pods\.example\.com\/reset-password\?token=/, 'never the request Host header');
  t.notMatch(mail.text, /evil\.example/);
  // Once the queue has run dry of e-mail jobs, a mail for the unknown address could only have been sent already.
  await waitForJobs(api.database.db, 'email:', 60_000);
  t.notOk(smtp.messages.some(to('nobody-here@example.com')), 'no mail for an unknown address');
});

t.test('reset: weak passwords keep the token; it then works once and ends every session', async (t) => {
  const user = await registerUser(api, 'reset-me@example.com', 'Original1pass');
  await api.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'reset-me@example.com' } });
  const token = tokenFrom(await smtp.waitFor((mail) => to('reset-me@example.com')(mail) && /Reset/.test(mail.subject ?? '')));

  const weak = await api.request('/api/auth/reset-password', { method: 'POST', json: { token, password: 'weak' } });
  t.equal(weak.status, 400);
  t.match(await json(weak), { error: 'Weak password', errors: Array });

  const reset = await api.request('/api/auth/reset-password', { method: 'POST', json: { token, password: 'Brand2newPass' } });
  t.equal(reset.status, 200);
  const reused = await api.request('/api/auth/reset-password', { method: 'POST', json: { token, password: 'Another3pass' } });
  t.equal(reused.status, 400);
  t.match(await json(reused), { success: false, error: 'Invalid or expired token' });

  t.equal((await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } })).status, 401, 'old sessions ended');
  const clientIp = randomClientIp();
  t.equal((await api.request('/api/auth/login', { method: 'POST', json: { email: 'reset-me@example.com', password: 'Original1pass' }, clientIp })).status, 401);
  t.equal((await api.request('/api/auth/login', { method: 'POST', json: { email: 'reset-me@example.com', password: 'Brand2newPass' }, clientIp })).status, 200);
});

t.test('expired, forged and superseded reset tokens are refused', async (t) => {
  await registerUser(api, 'expiry@example.com');
  const request = () => api.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'expiry@example.com' } });
  await request();
  const first = tokenFrom(await smtp.waitFor((mail) => to('expiry@example.com')(mail) && /Reset/.test(mail.subject ?? '')));
  await request();
  const second = tokenFrom(await smtp.waitFor((mail) => to('expiry@example.com')(mail) && /Reset/.test(mail.subject ?? '') && !(mail.text ?? '').includes(first)));
  const attempt = (token: string) => api.request('/api/auth/reset-password', { method: 'POST', json: { token, password: 'Valid1password' } });
  t.equal((await attempt(first)).status, 400, 'a newer link voids the older one');
  t.equal((await attempt('forged-token-value')).status, 400);
  const user = await selectUserByEmail(api.database.db, 'expiry@example.com');
  await api.database.db.updateTable('account_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user?.id as string).execute();
  t.equal((await attempt(second)).status, 400, 'expired after an hour');
});

t.test('without SMTP_URL, mail is written as .eml files under DATA_DIR/outbox', async (t) => {
  const local = await startTestApi(t);
  await local.startWorkers('general');
  await registerUser(local, 'outbox@example.com');
  const outbox = path.join(local.config.dataDir, 'outbox');
  const files = await until('a message in the outbox', async () => {
    const found = await readdir(outbox).catch(() => []);
    return found.length > 0 ? found : undefined;
  }, 60_000, 100);
  t.equal(files.length, 1);
  t.match(files[0], /\.eml$/);
  const parsed = await simpleParser(await readFile(path.join(outbox, files[0] as string)));
  t.match(parsed.subject, /Confirm your e-mail/);
  t.match(JSON.stringify(parsed.to), /outbox@example\.com/);
  t.match(parsed.text, /https:\/\/localhost:0\/verify-email\?token=/, 'without PUBLIC_BASE_URL, links use localhost and PORT');
});
