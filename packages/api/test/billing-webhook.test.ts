import t from 'tap';
import { sql } from 'kysely';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { FAKE_PRICES, startFakeStripe } from '#test-helpers/fake-stripe';
import { waitForJobs } from '#test-helpers/job-queue';
import { startSmtpSink } from '#test-helpers/smtp-sink';
import { deliverStripeEvent, subscribe } from '#test-helpers/stripe-events';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';

const stripe = await startFakeStripe(t);
const smtp = await startSmtpSink(t);
const api = await startTestApi(t, { ...stripe.env, SMTP_URL: smtp.url });
await api.startWorkers('general');
const db = api.database.db;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const tierOf = async (userId: string) => (await db.selectFrom('users').select(['tier', 'subscription_status']).where('id', '=', userId).executeTakeFirstOrThrow());
const queuedBillingJobs = async () =>
  (await sql<{ count: number }>`SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE task_identifier LIKE 'billing:%'`.execute(db)).rows[0]?.count;
const deliverAndSettle = async (event: Record<string, unknown>) => {
  const response = await deliverStripeEvent(api, event);
  const body = await json(response);
  await waitForJobs(db, 'billing:');
  return { status: response.status, body };
};

t.test('a bad signature is a 400 before anything is believed, and changes nothing', async (t) => {
  const user = await registerUser(api);
  const { subscriptionId } = await subscribe(api, stripe, user.accessToken);
  // Had it been believed, this event would drop the account to free.
  const event = stripe.event('customer.subscription.deleted', stripe.changeSubscription(subscriptionId, { status: 'canceled', ended_at: nowSeconds() }));
  const signed = JSON.stringify(event, null, 2);
  const attempts: [string, Parameters<typeof deliverStripeEvent>[2]][] = [
    ['another secret', { secret: 'whsec_someone_else' }],
    ['signed six minutes ago', { timestamp: nowSeconds() - 360 }],
    ['re-serialised by a JSON parser', { body: JSON.stringify(JSON.parse(signed)) }],
    ['keys reordered', { body: JSON.stringify({ type: event.type, ...event }, null, 2) }],
    ['another event id', { body: signed.replace(String(event.id), 'evt_forged') }],
  ];
  for (const [name, options] of attempts) {
    const response = await deliverStripeEvent(api, event, options);
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Invalid signature', message: /Stripe-Signature/ }, name);
  }
  const headers = [undefined, '', 't=abc,v1=', `t=${nowSeconds()},v1=${'0'.repeat(64)}`];
  for (const signature of headers) {
    const response = await api.request('/api/billing/webhook', {
      method: 'POST',
      body: signed,
      headers: { 'content-type': 'application/json', ...(signature !== undefined && { 'stripe-signature': signature }) },
    });
    t.equal(response.status, 400, `signature header ${JSON.stringify(signature)}`);
  }
  const wrongType = await api.request('/api/billing/webhook', { method: 'POST', body: signed, headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' } });
  t.equal(wrongType.status, 415);

  t.equal((await db.selectFrom('billing_events').select('id').where('id', '=', String(event.id)).execute()).length, 0, 'not recorded');
  t.equal(await queuedBillingJobs(), 0, 'nothing queued');
  t.equal((await tierOf(user.userId)).tier, 'creator', 'the account is as it was');

  const genuine = await deliverAndSettle(event);
  t.match(genuine, { status: 200, body: { success: true, received: true, outcome: 'applied' } });
  t.equal((await tierOf(user.userId)).tier, 'free', 'the same event, signed as Stripe signs it, is applied');
});

t.test('each event is applied at most once, however often (and however simultaneously) it arrives', async (t) => {
  const user = await registerUser(api);
  const { subscriptionId } = await subscribe(api, stripe, user.accessToken);
  const event = stripe.event('customer.subscription.updated', stripe.changeSubscription(subscriptionId, {}));
  const reads = () => stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;
  const readsBefore = reads();
  const answers = await Promise.all([1, 2, 3].map(() => deliverStripeEvent(api, event)));
  const outcomes = (await Promise.all(answers.map(json))).map((body) => body.outcome).sort();
  t.same(answers.map((answer) => answer.status), [200, 200, 200]);
  t.same(outcomes, ['applied', 'duplicate', 'duplicate']);
  await waitForJobs(db, 'billing:');
  const late = await deliverAndSettle(event);
  t.equal(late.body.outcome, 'duplicate', 'a redelivery days later too');
  t.equal((await db.selectFrom('billing_events').select('id').where('id', '=', String(event.id)).execute()).length, 1);
  t.equal(reads() - readsBefore, 1, 'its work ran once');
});

t.test('arrival order does not matter: the subscription is re-read from Stripe', async (t) => {
  const first = await registerUser(api);
  const one = await subscribe(api, stripe, first.accessToken);
  const older = stripe.event('customer.subscription.updated', stripe.changeSubscription(one.subscriptionId, { cancel_at_period_end: true }), { created: nowSeconds() - 60 });
  const newer = stripe.event('customer.subscription.deleted', stripe.changeSubscription(one.subscriptionId, { status: 'canceled', ended_at: nowSeconds() }));
  await deliverAndSettle(newer);
  t.equal((await tierOf(first.userId)).tier, 'free');
  const stale = await deliverAndSettle(older);
  t.equal(stale.body.outcome, 'applied');
  t.same(await tierOf(first.userId), { tier: 'free', subscription_status: 'canceled' }, 'an older "active" update arriving after the deletion changes nothing');

  const second = await registerUser(api);
  const two = await subscribe(api, stripe, second.accessToken);
  const before = stripe.event('customer.subscription.updated', stripe.changeSubscription(two.subscriptionId, {}), { created: nowSeconds() - 60 });
  const after = stripe.event('customer.subscription.updated', stripe.changeSubscription(two.subscriptionId, { cancel_at_period_end: true }));
  await deliverAndSettle(after);
  await deliverAndSettle(before);
  const row = await db.selectFrom('billing_subscriptions').selectAll().where('id', '=', two.subscriptionId).executeTakeFirstOrThrow();
  t.equal(row.cancel_at_period_end, true, 'the newer state stays after the older event');
  t.equal((await tierOf(second.userId)).tier, 'creator');
});

t.test('past_due keeps the tier for the grace period, then drops to free; unpaid drops at once', async (t) => {
  const user = await registerUser(api);
  const { subscriptionId } = await subscribe(api, stripe, user.accessToken);
  const key = (await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }))).apiKey as string;

  await deliverAndSettle(stripe.event('customer.subscription.updated', stripe.changeSubscription(subscriptionId, { status: 'past_due' })));
  t.same(await tierOf(user.userId), { tier: 'creator', subscription_status: 'past_due' }, 'past_due keeps the tier');
  const firstSeen = (await db.selectFrom('billing_subscriptions').select('past_due_since').where('id', '=', subscriptionId).executeTakeFirstOrThrow()).past_due_since;
  t.ok(firstSeen);
  await deliverAndSettle(stripe.event('customer.subscription.updated', stripe.changeSubscription(subscriptionId, {})));
  const again = (await db.selectFrom('billing_subscriptions').select('past_due_since').where('id', '=', subscriptionId).executeTakeFirstOrThrow()).past_due_since;
  t.same(again, firstSeen, 'the grace period counts from the first time it was seen past_due');

  const sweep = async () => {
    await addJob(db, 'billing:past-due-sweep', {}, { account: SYSTEM_ACCOUNT, fair: true });
    await waitForJobs(db, 'billing:');
  };
  await sweep();
  t.equal((await tierOf(user.userId)).tier, 'creator', 'within the grace period the sweep leaves it');
  t.equal((await api.request('/api/user/profile', { token: key })).status, 200);

  await db.updateTable('billing_subscriptions').set({ past_due_since: new Date(Date.now() - 7 * 86_400_000 - 60_000) }).where('id', '=', subscriptionId).execute();
  await sweep();
  t.same(await tierOf(user.userId), { tier: 'free', subscription_status: 'past_due' }, 'after 7 days: free');
  t.equal((await api.request('/api/user/profile', { token: key })).status, 401, 'and the API key is revoked');
  t.equal((await db.selectFrom('api_keys').select('id').where('user_id', '=', user.userId).execute()).length, 1, 'revoked, not deleted');

  await deliverAndSettle(stripe.event('customer.subscription.updated', stripe.changeSubscription(subscriptionId, { status: 'active' })));
  t.same(await tierOf(user.userId), { tier: 'creator', subscription_status: 'active' }, 'paid at last: the tier comes back');
  t.equal((await db.selectFrom('billing_subscriptions').select('past_due_since').where('id', '=', subscriptionId).executeTakeFirstOrThrow()).past_due_since, null);

  await deliverAndSettle(stripe.event('customer.subscription.updated', stripe.changeSubscription(subscriptionId, { status: 'unpaid' })));
  t.same(await tierOf(user.userId), { tier: 'free', subscription_status: 'unpaid' }, 'unpaid: free at once');
});

t.test('a failed payment is mailed once, however often the event arrives or its job runs', async (t) => {
  const user = await registerUser(api);
  const { customerId } = await subscribe(api, stripe, user.accessToken);
  const isNotice = (mail: { to?: unknown; subject?: string }) => JSON.stringify(mail.to).includes(user.email) && /payment failed/.test(mail.subject ?? '');
  const notices = () => smtp.messages.filter(isNotice);
  const invoice = stripe.addInvoice(customerId, { status: 'open', amount_due: 1900 });
  const event = stripe.event('invoice.payment_failed', invoice);
  await deliverAndSettle(event);
  await deliverAndSettle(event);
  const mail = await smtp.waitFor(isNotice);
  t.equal(mail.subject, 'Your Castwright payment failed');
  t.match(mail.text, /\$19\.00/);
  t.match(mail.text, String(invoice.hosted_invoice_url), 'links to the page where the invoice can be paid');
  t.match(mail.text, /7 days/);
  await addJob(db, 'billing:payment-failed-email', { eventId: String(event.id), invoiceId: String(invoice.id) }, { account: user.userId, fair: true });
  await waitForJobs(db, 'billing:');
  await waitForJobs(db, 'email:');
  t.equal(notices().length, 1, 'one mail, though the job ran twice');

  const raced = stripe.addInvoice(customerId, { status: 'open' });
  const racedEvent = stripe.event('invoice.payment_failed', raced);
  await deliverStripeEvent(api, racedEvent);
  const job = { eventId: String(racedEvent.id), invoiceId: String(raced.id) };
  await Promise.all([addJob(db, 'billing:payment-failed-email', job, { account: user.userId, fair: true }), addJob(db, 'billing:payment-failed-email', job, { account: user.userId, fair: true })]);
  await waitForJobs(db, 'billing:');
  await waitForJobs(db, 'email:');
  t.equal(notices().length, 2, 'three runs of one event at once: one mail');

  const settled = stripe.addInvoice(customerId, { status: 'open' });
  const settledEvent = stripe.event('invoice.payment_failed', settled);
  settled.status = 'paid'; // paid (by a retry) before the worker got to it
  await deliverAndSettle(settledEvent);
  await waitForJobs(db, 'email:');
  t.equal(notices().length, 2, 'no mail for an invoice paid in the meantime');
  t.ok((await db.selectFrom('billing_events').select('notified_at').where('id', '=', String(settledEvent.id)).executeTakeFirstOrThrow()).notified_at);
});

t.test('events Castwright does not act on, and other Stripe customers, change nothing', async (t) => {
  const ignored = await deliverAndSettle(stripe.event('customer.created', { id: 'cus_elsewhere', object: 'customer' }));
  t.match(ignored, { status: 200, body: { outcome: 'ignored' } });
  t.equal((await db.selectFrom('billing_events').select('id').where('type', '=', 'customer.created').execute()).length, 0);

  const bystander = await creator(api);
  const foreign = stripe.addSubscription('cus_other_product', FAKE_PRICES.professional, { userId: 'not-a-uuid' });
  const outcome = await deliverAndSettle(stripe.event('customer.subscription.updated', foreign));
  t.equal(outcome.body.outcome, 'applied');
  t.equal((await db.selectFrom('billing_subscriptions').select('id').where('id', '=', String(foreign.id)).execute()).length, 0, 'not stored');
  t.same(await tierOf(bystander.userId), { tier: 'creator', subscription_status: null });

  const known = await registerUser(api);
  const dashboard = stripe.addSubscription('cus_made_in_dashboard', FAKE_PRICES.professional, { userId: known.userId });
  await deliverAndSettle(stripe.event('customer.subscription.created', dashboard));
  t.same(await tierOf(known.userId), { tier: 'professional', subscription_status: 'active' }, 'a subscription made for a known user elsewhere is linked by its metadata');
});
