import t from 'tap';
import { startFakeStripe, FAKE_PRICES } from '#test-helpers/fake-stripe';
import { waitForJobs } from '#test-helpers/job-queue';
import { deliverStripeEvent, subscribe } from '#test-helpers/stripe-events';
import { json, registerUser, startTestApi } from '#test-helpers/test-api';

const stripe = await startFakeStripe(t);
const api = await startTestApi(t, stripe.env);
await api.startWorkers('general');
const db = api.database.db;
const TEXT = 'Tides rise and fall twice a day. The moon pulls the oceans. Sailors have long read the tides to plan voyages.';
const URLS = { successUrl: 'https://app.example.com/billing/done', cancelUrl: 'https://app.example.com/billing' };

// A tier change applies to the hourly request budget at once, including requests already
// made this hour: a test that downgrades a busy account starts the new hour afresh.
const newHour = () => db.deleteFrom('rate_limit_counters').execute();

t.test('upgrade → creator presets → cancel → period end → free, with nothing deleted', async (t) => {
  t.equal((await json(await api.request('/api/billing/pricing'))).billingAvailable, true, 'pricing says this server sells plans');
  const user = await registerUser(api);
  const standard = () => api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, preset: 'standard' } });
  t.equal((await standard()).status, 403, 'free accounts cannot use the standard preset');

  const { subscriptionId, customerId } = await subscribe(api, stripe, user.accessToken, 'creator');
  const [checkout] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
  t.match(checkout?.body, {
    mode: 'subscription', customer: customerId, client_reference_id: user.userId, line_items: [{ price: FAKE_PRICES.creator, quantity: '1' }],
    success_url: URLS.successUrl, cancel_url: URLS.cancelUrl, subscription_data: { metadata: { userId: user.userId, tier: 'creator' } },
  });

  const profile = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.match(profile.user, { tier: 'creator', subscription: { status: 'active', periodEnd: String } });
  const shown = await json(await api.request('/api/billing/subscription', { token: user.accessToken }));
  t.same(Object.keys(shown.subscription).sort(), ['cancelAtPeriodEnd', 'currentPeriodEnd', 'currentPeriodStart', 'id', 'status', 'tier']);
  t.match(shown.subscription, { id: subscriptionId, tier: 'creator', status: 'active', cancelAtPeriodEnd: false });
  t.equal(shown.subscription.currentPeriodEnd, profile.user.subscription.periodEnd);
  t.ok(Date.parse(shown.subscription.currentPeriodEnd) > Date.parse(shown.subscription.currentPeriodStart));

  const episode = await standard();
  t.equal(episode.status, 202, 'creator presets work at once');
  const episodeId = (await json(episode)).episode.id;
  t.match(await json(await api.request('/api/user/quota', { token: user.accessToken })), { quota: { tier: 'creator', episodesLimit: 25, episodesUsed: 1 } });
  const key = await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }));
  t.match(key, { success: true, apiKey: /^svc_/ }, 'and API keys');

  const cancelled = await api.request('/api/billing/cancel-subscription', { method: 'POST', token: user.accessToken });
  t.equal(cancelled.status, 200);
  t.match(await json(cancelled), {
    success: true,
    message: /ends on \d{4}-\d{2}-\d{2}; you keep the creator tier until then/,
    subscription: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: shown.subscription.currentPeriodEnd },
  });
  t.match(stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.body, { cancel_at_period_end: 'true' });
  const updates = stripe.requestsTo('POST', '/v1/subscriptions/').length;
  t.equal((await api.request('/api/billing/cancel-subscription', { method: 'POST', token: user.accessToken })).status, 200, 'cancelling twice is fine');
  t.equal(stripe.requestsTo('POST', '/v1/subscriptions/').length, updates, 'and asks Stripe nothing');
  t.equal((await json(await api.request('/api/user/profile', { token: user.accessToken }))).user.tier, 'creator', 'active until the period ends');

  const reactivated = await api.request('/api/billing/reactivate-subscription', { method: 'POST', token: user.accessToken });
  t.equal(reactivated.status, 200);
  t.match(await json(reactivated), { success: true, message: /continues/, subscription: { status: 'active', cancelAtPeriodEnd: false } });
  t.equal(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end, false);
  await api.request('/api/billing/cancel-subscription', { method: 'POST', token: user.accessToken });
  // Stripe's own event for the change comes after and re-reads the same state.
  t.equal((await deliverStripeEvent(api, stripe.event('customer.subscription.updated', stripe.changeSubscription(subscriptionId, {})))).status, 200);
  await waitForJobs(db, 'billing:');
  t.match(await json(await api.request('/api/billing/subscription', { token: user.accessToken })), { subscription: { status: 'active', cancelAtPeriodEnd: true } });

  // The period ends: Stripe ends the subscription and says so.
  const ended = stripe.changeSubscription(subscriptionId, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
  t.equal((await deliverStripeEvent(api, stripe.event('customer.subscription.deleted', ended))).status, 200);
  await waitForJobs(db, 'billing:');
  await newHour();
  const after = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.match(after.user, { tier: 'free', subscription: { status: 'canceled', periodEnd: shown.subscription.currentPeriodEnd } });
  t.equal((await api.request('/api/user/profile', { token: key.apiKey })).status, 401, 'dropping to free revoked the API key');
  t.equal((await standard()).status, 403, 'creator presets are gone at once');
  const list = await json(await api.request('/api/episodes', { token: user.accessToken }));
  t.same(list.episodes.map((entry: { id: string }) => entry.id), [episodeId], 'nothing was deleted');
  t.match(await json(await api.request('/api/billing/subscription', { token: user.accessToken })), { subscription: { id: subscriptionId, status: 'canceled' } });
  const late = await api.request('/api/billing/reactivate-subscription', { method: 'POST', token: user.accessToken });
  t.equal(late.status, 409, 'too late to reactivate');
  t.match(await json(late), { success: false, error: 'Conflict', message: /create-checkout/ });
});

t.test('one Stripe customer per account, reused, even for two checkouts at once', async (t) => {
  const user = await registerUser(api);
  const body = { tier: 'professional', successUrl: 'https://app.example.com/ok?session={CHECKOUT_SESSION_ID}', cancelUrl: 'https://app.example.com/' };
  const checkout = () => api.request('/api/billing/create-checkout', { method: 'POST', token: user.accessToken, json: body });
  const answers = await Promise.all([checkout(), checkout()]);
  const sessions = await Promise.all(answers.map(json));
  t.same(answers.map((answer) => answer.status), [200, 200]);
  for (const session of sessions) t.match(session, { success: true, sessionId: /^cs_test_/, url: /^https:\/\/checkout\.stripe\.com\// });
  t.not(sessions[0]?.sessionId, sessions[1]?.sessionId);
  await checkout();
  const created = stripe.requestsTo('POST', '/v1/customers').filter((request) => (request.body.metadata as { userId?: string }).userId === user.userId);
  t.equal(created.length, 1, 'the customer was created once');
  t.equal(created[0]?.idempotencyKey, `castwright-customer-${user.userId}`);
  const used = new Set(stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-3).map((request) => request.body.customer));
  t.equal(used.size, 1, 'and every checkout used it');
  t.equal(stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body.success_url, body.successUrl, "Stripe's placeholder passes through as given");
  t.equal((await db.selectFrom('billing_customers').selectAll().where('user_id', '=', user.userId).execute()).length, 1);
});

t.test('checkout input is checked before Stripe is asked anything', async (t) => {
  const before = stripe.requests.length;
  const cases: [string, unknown][] = [
    ['http success URL', { tier: 'creator', successUrl: 'http://app.example.com/ok', cancelUrl: URLS.cancelUrl }],
    ['script URL', { tier: 'creator', successUrl: 'javascript:alert(1)', cancelUrl: URLS.cancelUrl }],
    ['credentials in the URL', { tier: 'creator', successUrl: 'https://user:pass@app.example.com/', cancelUrl: URLS.cancelUrl }],
    ['free tier', { tier: 'free', ...URLS }],
    ['unknown tier', { tier: 'gold', ...URLS }],
    ['missing cancelUrl', { tier: 'creator', successUrl: URLS.successUrl }],
    ['extra field', { tier: 'creator', ...URLS, price: 'price_cheap' }],
  ];
  for (const [name, body] of cases) {
    const user = await registerUser(api);
    const response = await api.request('/api/billing/create-checkout', { method: 'POST', token: user.accessToken, json: body });
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', errors: Array }, name);
  }
  const user = await registerUser(api);
  for (const body of [{ successUrl: 'ftp://x.example/', cancelUrl: URLS.cancelUrl }, { successUrl: URLS.successUrl }]) {
    t.equal((await api.request('/api/billing/update-payment-method', { method: 'POST', token: user.accessToken, json: body })).status, 400);
  }
  t.equal(stripe.requests.length, before, 'no request reached Stripe');
  t.equal((await api.request('/api/billing/create-checkout', { method: 'POST', json: { tier: 'creator', ...URLS } })).status, 401, 'credentials are needed');
});

t.test('a subscription that grants a tier blocks a second checkout', async (t) => {
  const user = await registerUser(api);
  await subscribe(api, stripe, user.accessToken, 'creator');
  const again = await api.request('/api/billing/create-checkout', { method: 'POST', token: user.accessToken, json: { tier: 'professional', ...URLS } });
  t.equal(again.status, 409);
  t.match(await json(again), { success: false, error: 'Conflict', message: /already have a creator subscription/ });
});

t.test('a tier whose Stripe price is not configured cannot be bought', async (t) => {
  const partial = await startTestApi(t, { ...stripe.env, STRIPE_PRICE_ENTERPRISE: '' });
  const user = await registerUser(partial);
  const response = await partial.request('/api/billing/create-checkout', { method: 'POST', token: user.accessToken, json: { tier: 'enterprise', ...URLS } });
  t.equal(response.status, 503);
  t.match(await json(response), { error: 'Service unavailable', message: /STRIPE_PRICE_ENTERPRISE is not set/ });
});

t.test('invoices: newest first, limit 10 by default and at most 100, the interface fields', async (t) => {
  const user = await registerUser(api);
  const empty = await json(await api.request('/api/billing/invoices', { token: user.accessToken }));
  t.same(empty, { success: true, invoices: [] }, 'no customer yet: nothing to list');
  const { customerId } = await subscribe(api, stripe, user.accessToken);
  const now = Math.floor(Date.now() / 1000);
  for (let month = 0; month < 12; month++) stripe.addInvoice(customerId, { created: now - month * 30 * 86_400, status: 'paid', amount_due: 1900 + month });

  const page = await json(await api.request('/api/billing/invoices', { token: user.accessToken }));
  t.equal(page.invoices.length, 10);
  t.equal(stripe.requestsTo('GET', '/v1/invoices').at(-1)?.query.get('limit'), '10');
  t.equal(stripe.requestsTo('GET', '/v1/invoices').at(-1)?.query.get('customer'), customerId);
  t.same(Object.keys(page.invoices[0]).sort(), ['amount', 'created', 'currency', 'id', 'invoicePdf', 'status']);
  t.match(page.invoices[0], { id: /^in_/, amount: 1900, currency: 'usd', status: 'paid', invoicePdf: /^https:\/\/pay\.stripe\.com\//, created: new Date(now * 1000).toISOString() });

  const all = await json(await api.request('/api/billing/invoices?limit=100', { token: user.accessToken }));
  t.equal(all.invoices.length, 12);
  for (const limit of ['101', '0', 'ten']) {
    const refused = await api.request(`/api/billing/invoices?limit=${limit}`, { token: user.accessToken });
    t.equal(refused.status, 400, `limit=${limit}`);
  }
});

t.test('update-payment-method opens Stripe on the payment-method page', async (t) => {
  const user = await registerUser(api);
  const before = await api.request('/api/billing/update-payment-method', { method: 'POST', token: user.accessToken, json: URLS });
  t.equal(before.status, 404, 'no billing account before the first checkout');
  const { customerId } = await subscribe(api, stripe, user.accessToken);
  const response = await api.request('/api/billing/update-payment-method', { method: 'POST', token: user.accessToken, json: URLS });
  t.equal(response.status, 200);
  t.match(await json(response), { success: true, sessionId: /^bps_/, url: /^https:\/\/billing\.stripe\.com\// });
  t.match(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.body, {
    customer: customerId,
    return_url: URLS.cancelUrl,
    flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: URLS.successUrl } } },
  });
});

t.test('deleting an account deletes its Stripe customer, so it is never charged again', async (t) => {
  const user = await registerUser(api);
  const { customerId, subscriptionId } = await subscribe(api, stripe, user.accessToken);
  const deleted = await api.request('/api/user/account', { method: 'DELETE', token: user.accessToken, json: { password: user.password, confirm: 'DELETE' } });
  t.equal(deleted.status, 200);
  await waitForJobs(db, 'billing:');
  t.notOk(stripe.customers.has(customerId));
  t.equal(stripe.subscriptions.get(subscriptionId)?.status, 'canceled');
  t.equal((await db.selectFrom('billing_subscriptions').selectAll().where('id', '=', subscriptionId).execute()).length, 0);
});

t.test('a change Stripe refuses (our copy was behind) brings the copy up to date and answers 409', async (t) => {
  const user = await registerUser(api);
  const { subscriptionId } = await subscribe(api, stripe, user.accessToken);
  // Stripe ended the subscription; its event has not arrived yet.
  stripe.changeSubscription(subscriptionId, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
  const response = await api.request('/api/billing/cancel-subscription', { method: 'POST', token: user.accessToken });
  t.equal(response.status, 409);
  t.match(await json(response), { success: false, error: 'Conflict', message: /brought up to date/ });
  t.match(await db.selectFrom('users').select(['tier', 'subscription_status']).where('id', '=', user.userId).executeTakeFirstOrThrow(), { tier: 'free', subscription_status: 'canceled' });
});

t.test('Stripe unreachable is a 503, not a 500', async (t) => {
  const offline = await startTestApi(t, { ...stripe.env, STRIPE_API_BASE: 'http://127.0.0.1:9' });
  const user = await registerUser(offline);
  const response = await offline.request('/api/billing/create-checkout', { method: 'POST', token: user.accessToken, json: { tier: 'creator', ...URLS } });
  t.equal(response.status, 503);
  t.match(await json(response), { success: false, error: 'Service unavailable', message: /payment provider cannot be reached/ });
});
