import t from 'tap';
import { loadConfig } from '@castwright/core/config';
import { TIER_LIMITS, TIERS } from '@castwright/core/tiers';
import { json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t, { BILLING_PRICE_CREATOR_CENTS: '2500' });

t.test('pricing always answers, without credentials, from configuration and the tier limits', async (t) => {
  const response = await api.request('/api/billing/pricing');
  t.equal(response.status, 200);
  const { success, pricing, billingAvailable } = await json(response);
  t.equal(success, true);
  t.equal(billingAvailable, false, 'it says this server sells no plans, so a client need not ask the 503 endpoints');
  t.same(pricing.map((entry: { tier: string }) => entry.tier), TIERS);
  t.match(pricing, [
    { tier: 'free', name: 'Free', price: 0, interval: 'month' },
    { tier: 'creator', name: 'Creator', price: 2500, interval: 'month' },
    { tier: 'professional', name: 'Professional', price: 4900, interval: 'month' },
    { tier: 'enterprise', name: 'Enterprise', price: 19900, interval: 'month' },
  ]);
  for (const entry of pricing as { tier: keyof typeof TIER_LIMITS; features: string[] }[]) {
    const limits = TIER_LIMITS[entry.tier];
    const features = entry.features.join(' | ');
    t.match(features, limits.episodesPerMonth === null ? /Unlimited episodes a month/ : new RegExp(`\\b${limits.episodesPerMonth} episodes a month`), `${entry.tier}: quota`);
    t.match(features, `up to ${limits.maxDurationMinutes} minutes (presets: ${limits.presets.join(', ')})`, `${entry.tier}: longest episode and presets`);
    t.match(features, `uploads up to ${limits.maxUploadBytes / 1024 / 1024} MB`, `${entry.tier}: upload size`);
    t.match(features, `${limits.requestsPerHour.toLocaleString('en-US')} API requests an hour`, `${entry.tier}: request limit`);
    t.match(features, `and ${limits.clipsPerEpisode} clips an episode`, `${entry.tier}: clips`);
    t.match(features, `Up to ${limits.maxSources} sources an episode (${limits.maxSourceCharacters.toLocaleString('en-US')} characters together)`, `${entry.tier}: sources`);
    t.equal(features.includes('API key'), entry.tier !== 'free', `${entry.tier}: API key`);
  }
  // The same limits as data, for a client to offer; enforcement reads TIER_LIMITS too.
  for (const entry of pricing as { tier: keyof typeof TIER_LIMITS; limits: unknown }[]) t.same(entry.limits, TIER_LIMITS[entry.tier], `${entry.tier}: its limits, as enforced`);
  t.same(pricing[0].limits, { episodesPerMonth: 3, requestsPerHour: 10, presets: ['quick'], maxDurationMinutes: 3, maxUploadBytes: 5 * 1024 * 1024, clipsPerEpisode: 3, maxSources: 3, maxSourceCharacters: 200_000 }, 'free: the interface\'s table');
  t.equal(pricing[3].limits.episodesPerMonth, null, 'enterprise: unlimited is null');
});

t.test('without STRIPE_SECRET_KEY every other billing endpoint answers 503 naming it, before credentials or body', async (t) => {
  const user = await registerUser(api);
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/billing/create-checkout', { tier: 'creator', successUrl: 'https://a.example/ok', cancelUrl: 'https://a.example/no' }],
    ['GET', '/api/billing/subscription'],
    ['POST', '/api/billing/cancel-subscription'],
    ['POST', '/api/billing/reactivate-subscription'],
    ['POST', '/api/billing/update-payment-method', { successUrl: 'https://a.example/ok', cancelUrl: 'https://a.example/no' }],
    ['GET', '/api/billing/invoices'],
    ['POST', '/api/billing/webhook', { id: 'evt_1', type: 'checkout.session.completed' }],
  ];
  for (const [method, path, body] of calls) {
    for (const token of [user.accessToken, undefined]) {
      const response = await api.request(path, { method, token, json: body });
      t.equal(response.status, 503, `${method} ${path} ${token ? 'signed in' : 'anonymous'}`);
      t.same(await json(response), { success: false, error: 'Service unavailable', message: 'Billing is not configured on this server: STRIPE_SECRET_KEY is not set' });
    }
  }
  const invalid = await api.request('/api/billing/create-checkout', { method: 'POST', token: user.accessToken, json: { tier: 'gold' } });
  t.equal(invalid.status, 503, 'an unconfigured server says so before judging the body');
});

t.test('the rest of the service is unaffected', async (t) => {
  t.equal((await api.request('/api/health')).status, 200);
  const user = await registerUser(api);
  const profile = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.match(profile.user, { tier: 'free', subscription: { status: null, periodEnd: null } });
  const openapi = await json(await api.request('/api/openapi.json'));
  t.ok(openapi.paths['/api/billing/webhook'], 'the billing routes are documented');
});

t.test('Stripe settings are checked at start', async (t) => {
  t.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_publishable' }), { name: 'ConfigError', message: /STRIPE_SECRET_KEY/ }, 'a publishable key is refused');
  t.throws(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' }), { message: /STRIPE_WEBHOOK_SECRET/ });
  t.throws(() => loadConfig({ STRIPE_API_BASE: 'ftp://stripe' }), { message: /STRIPE_API_BASE/ });
  t.throws(() => loadConfig({ BILLING_PRICE_PROFESSIONAL_CENTS: '-1' }), { message: /BILLING_PRICE_PROFESSIONAL_CENTS/ });
  t.equal(loadConfig({}).billing.stripe, undefined);
  t.match(loadConfig({ STRIPE_SECRET_KEY: 'rk_live_restricted', STRIPE_PRICE_CREATOR: 'price_1' }).billing, {
    stripe: { secretKey: 'rk_live_restricted', webhookSecret: undefined, priceIds: { creator: 'price_1', professional: undefined } },
    pastDueGraceMs: 7 * 24 * 60 * 60 * 1000,
  });
});
