// E-mail under at-least-once delivery: a job that runs again (its worker died after the
// commit, before graphile-worker recorded the job done) queues no second message and no
// new token, and a message sent again carries the same Message-ID.
import t from 'tap';
import type { JobHelpers } from 'graphile-worker';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@castwright/core/config';
import { createLogger } from '@castwright/core/logger';
import { createMailer } from '@castwright/core/mail/mailer';
import { createStorage } from '@castwright/core/storage/create-storage';
import { verificationEmailTask } from '@castwright/worker/tasks/account-email';
import { sendEmailTask } from '@castwright/worker/tasks/send-email';
import type { WorkerContext } from '@castwright/worker/worker-context';
import { registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const config = loadConfig({ DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, LOG_LEVEL: 'silent' });
const context: WorkerContext = { config, db: api.database.db, storage: createStorage(config), logger: createLogger({ level: 'silent', role: 'test' }), shutdownSignal: new AbortController().signal };
const mailer = createMailer(config);
t.teardown(() => mailer.close());
/** What graphile-worker hands a task: here only the job's id matters, as on a redelivery. */
const delivery = (jobId: string) => ({ job: { id: jobId } }) as unknown as JobHelpers;
const outbox = async () => (await readdir(path.join(api.config.dataDir, 'outbox')).catch(() => [] as string[])).sort();

t.test('the same verification job twice: one message, one live token', async (t) => {
  const user = await registerUser(api);
  // Registration queued a job of its own; this test plays one job delivered twice.
  const task = verificationEmailTask(context);
  await task({ userId: user.userId }, delivery('9001'));
  await task({ userId: user.userId }, delivery('9001'));
  const queued = await api.database.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', 'email_verification:job:9001').execute();
  t.equal(queued.length, 1, 'one message queued');
  const tokens = await api.database.db.selectFrom('account_tokens').selectAll().where('user_id', '=', user.userId).where('used_at', 'is', null).execute();
  t.equal(tokens.length, 1, 'one live token: the second run did not void the mailed one');

  const send = sendEmailTask(context, mailer);
  const before = await outbox();
  const id = String(queued[0]?.id);
  await send({ outboxId: id }, delivery('9002'));
  await send({ outboxId: id }, delivery('9002'));
  const written = (await outbox()).filter((name) => !before.includes(name));
  t.equal(written.length, 1, 'sent once: the second run finds it marked sent');
  const message = await readFile(path.join(api.config.dataDir, 'outbox', written[0] as string), 'utf8');
  const sent = await api.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  t.ok(sent.sent_at, 'marked sent');
  t.equal(sent.text_body, '', 'the body with its single-use link is not kept after sending');
  t.match(message, new RegExp(`Message-ID: ${sent.message_id?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i'), 'the fixed Message-ID is on the message');
});

t.test('a message re-sent after a crash before it was marked keeps its Message-ID', async (t) => {
  const user = await registerUser(api);
  await verificationEmailTask(context)({ userId: user.userId }, delivery('9100'));
  const row = await api.database.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', 'email_verification:job:9100').executeTakeFirstOrThrow();
  const send = sendEmailTask(context, mailer);
  const before = await outbox();
  await send({ outboxId: String(row.id) }, delivery('9101'));
  const first = await api.database.db.selectFrom('mail_outbox').select('message_id').where('id', '=', row.id).executeTakeFirstOrThrow();
  // As if the worker died between the SMTP accept and marking it sent.
  await api.database.db.updateTable('mail_outbox').set({ sent_at: null, text_body: row.text_body }).where('id', '=', row.id).execute();
  await send({ outboxId: String(row.id) }, delivery('9101'));
  const second = await api.database.db.selectFrom('mail_outbox').select('message_id').where('id', '=', row.id).executeTakeFirstOrThrow();
  t.equal((await outbox()).filter((name) => !before.includes(name)).length, 2, 'sent again');
  t.equal(second.message_id, first.message_id, 'as the same message, which mail providers de-duplicate');
});
