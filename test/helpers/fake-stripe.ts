// A stand-in for Stripe on loopback: an HTTP server speaking Stripe's REST protocol
// (form-encoded requests, Bearer secret key, Idempotency-Key, JSON objects in the shapes
// of API version 2026-10-28, `{error: {type, code, message}}` failures) for the calls
// Castwright makes, so the real `stripe` SDK runs unmodified against it. Tests drive the
// "outside world" through it: a customer paying at checkout, a subscription lapsing,
// an invoice failing; and they sign events the way Stripe does.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form | Form[] | string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Form;
  idempotencyKey: string | undefined;
}

export const FAKE_STRIPE_KEY = 'sk_test_castwright_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_castwright_fake_secret';
export const FAKE_PRICES = { creator: 'price_creator_test', professional: 'price_professional_test', enterprise: 'price_enterprise_test' } as const;

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

class StripeFailure extends Error {
  readonly status: number;
  readonly body: Json;
  constructor(status: number, body: Json) {
    super(String((body.error as Json).message));
    this.status = status;
    this.body = body;
  }
}

const missing = (kind: string, id: string) =>
  new StripeFailure(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` } });

/** Stripe's bracket form encoding (`a[b][0][c]=v`) back into objects and arrays. */
function parseForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Form = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else node = (slot[part] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {}) as Form;
    });
  }
  return root;
}

function priceObject(id: string, amount: number): Json {
  return {
    id, object: 'price', active: true, billing_scheme: 'per_unit', created: now() - 30 * DAY, currency: 'usd', custom_unit_amount: null,
    livemode: false, lookup_key: null, metadata: {}, nickname: null, product: `prod_${id}`,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: 'recurring', unit_amount: amount, unit_amount_decimal: String(amount),
  };
}

export interface FakeStripe {
  /** The value for STRIPE_API_BASE. */
  apiBase: string;
  /** The environment a test api needs to use this server. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  sessions: Map<string, Json>;
  /** The customer pays: the session completes and its subscription starts (active, one month). */
  completeCheckout(sessionId: string): { session: Json; subscription: Json };
  /** A subscription created outside Castwright's checkout (the dashboard, another product). */
  addSubscription(customer: string, price: string, metadata?: Json): Json;
  /** Changes a subscription as Stripe would (status, cancellation, period); returns the new object. */
  changeSubscription(id: string, changes: Partial<{ status: string; cancel_at_period_end: boolean; ended_at: number | null; periodEnd: number }>): Json;
  /** An invoice of the customer's subscription (open with a failed attempt by default). */
  addInvoice(customer: string, fields?: Json): Json;
  /** An event as Stripe sends it (`created` defaults to now). */
  event(type: string, object: Json, options?: { created?: number; previous?: Json }): Json;
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
}

export async function startFakeStripe(t: TestContext): Promise<FakeStripe> {
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: RecordedRequest[] = [];

  const find = (map: Map<string, Json>, kind: string, id: string) => {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  };

  function subscriptionObject(customer: string, price: string, metadata: Json): Json {
    const id = newId('sub');
    const start = now();
    const tierAmount = { [FAKE_PRICES.creator]: 1900, [FAKE_PRICES.professional]: 4900, [FAKE_PRICES.enterprise]: 19900 }[price] ?? 1000;
    return {
      id, object: 'subscription', application: null, application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start, billing_cycle_anchor_config: null, billing_mode: { flexible: null, type: 'classic' }, billing_thresholds: null,
      cancel_at: null, cancel_at_period_end: false, canceled_at: null, cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically', created: start, currency: 'usd', customer, customer_account: null, days_until_due: null,
      default_payment_method: 'pm_card_visa', default_source: null, default_tax_rates: [], description: null, discounts: [], ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: [{
          id: newId('si'), object: 'subscription_item', billing_thresholds: null, created: start, current_period_end: start + 30 * DAY,
          current_period_start: start, discounts: [], metadata: {}, price: priceObject(price, tierAmount), quantity: 1, subscription: id, tax_rates: [],
        }],
        has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null, livemode: false, metadata, next_pending_invoice_item_invoice: null, on_behalf_of: null, pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
      pending_invoice_item_interval: null, pending_setup_intent: null, pending_update: null, schedule: null, start_date: start,
      status: 'active', test_clock: null, transfer_data: null, trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } }, trial_start: null,
    };
  }

  function invoiceObject(customer: string, fields: Json = {}): Json {
    const created = now();
    const subscription = [...subscriptions.values()].find((entry) => entry.customer === customer);
    return {
      id: newId('in'), object: 'invoice', account_country: 'US', account_name: 'Castwright', amount_due: 1900, amount_overpaid: 0, amount_paid: 0,
      amount_remaining: 1900, amount_shipping: 0, attempt_count: 1, attempted: true, auto_advance: true, billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically', created, currency: 'usd', customer, customer_email: null, default_payment_method: null,
      description: null, discounts: [], due_date: null, hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${newId('test')}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${newId('test')}/pdf?s=ap`, lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/lines' },
      livemode: false, metadata: {}, next_payment_attempt: created + 3 * DAY, number: `CW-${invoices.size + 1}`,
      parent: subscription ? { quote_details: null, subscription_details: { metadata: {}, subscription: subscription.id }, type: 'subscription_details' } : null,
      period_end: created, period_start: created - 30 * DAY, status: 'open', subtotal: 1900, total: 1900, webhooks_delivered_at: created,
      ...fields,
    };
  }

  function route(method: string, path: string, body: Form, query: URLSearchParams): Json {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', address: null, balance: 0, created: now(), currency: null, default_source: null, delinquent: false,
        description: null, email: body.email ?? null, invoice_prefix: 'CW', invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false, metadata: body.metadata ?? {}, name: body.name ?? null, phone: null, preferred_locales: [], shipping: null, tax_exempt: 'none', test_clock: null };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'DELETE' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const id = match[1] as string;
      find(customers, 'customer', id);
      customers.delete(id);
      for (const subscription of subscriptions.values()) {
        if (subscription.customer === id && subscription.status !== 'canceled') Object.assign(subscription, { status: 'canceled', ended_at: now(), canceled_at: now() });
      }
      return { id, object: 'customer', deleted: true };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = find(customers, 'customer', String(body.customer));
      const id = newId('cs_test');
      const lineItems = body.line_items as Form[];
      const session = {
        id, object: 'checkout.session', after_expiration: null, allow_promotion_codes: null, amount_subtotal: 1900, amount_total: 1900,
        automatic_tax: { enabled: false, liability: null, status: null }, billing_address_collection: null, cancel_url: body.cancel_url,
        client_reference_id: body.client_reference_id ?? null, consent: null, consent_collection: null, created: now(), currency: 'usd',
        custom_fields: [], customer: customer.id, customer_creation: null, customer_details: null, customer_email: null, expires_at: now() + DAY,
        invoice: null, invoice_creation: null, livemode: false, locale: null, metadata: body.metadata ?? {}, mode: body.mode, payment_intent: null,
        payment_link: null, payment_method_collection: 'always', payment_method_types: ['card'], payment_status: 'unpaid', recovered_from: null,
        setup_intent: null, shipping_address_collection: null, shipping_cost: null, status: 'open', submit_type: null, subscription: null,
        success_url: body.success_url, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 }, ui_mode: 'hosted',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        // Kept for completeCheckout; real sessions expose these through line_items and subscription_data.
        _price: lineItems?.[0]?.price, _subscription_metadata: (body.subscription_data as Form | undefined)?.metadata ?? {},
      };
      sessions.set(id, session);
      return publicSession(session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      find(customers, 'customer', String(body.customer));
      const id = newId('bps');
      return { id, object: 'billing_portal.session', configuration: 'bpc_test_default', created: now(), customer: body.customer, flow: body.flow_data ?? null,
        livemode: false, locale: null, on_behalf_of: null, return_url: body.return_url ?? null, url: `https://billing.stripe.com/p/session/test_${id}` };
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = find(subscriptions, 'subscription', match[1] as string);
      if (method === 'GET') return subscription;
      if (method === 'POST') {
        if (subscription.status === 'canceled') {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' } });
        }
        const item = (subscription.items as { data: Json[] }).data[0] as Json;
        if (body.cancel_at_period_end !== undefined) {
          const cancel = body.cancel_at_period_end === 'true';
          Object.assign(subscription, { cancel_at_period_end: cancel, cancel_at: cancel ? item.current_period_end : null, canceled_at: cancel ? now() : null });
        }
        if (body.cancel_at === '') Object.assign(subscription, { cancel_at: null, cancel_at_period_end: false, canceled_at: null });
        return subscription;
      }
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const limit = Number(query.get('limit') ?? 10);
      const all = [...invoices.values()].filter((invoice) => invoice.customer === query.get('customer')).sort((a, b) => Number(b.created) - Number(a.created));
      return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/invoices' };
    }
    if (method === 'GET' && (match = /^\/v1\/invoices\/([^/]+)$/.exec(path))) return find(invoices, 'invoice', match[1] as string);
    throw new StripeFailure(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const publicSession = (session: Json) => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = parseForm(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const send = (status: number, payload: Json) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(payload));
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body, idempotencyKey });
    const replay = idempotencyKey && req.method === 'POST' ? idempotent.get(idempotencyKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    let status = 200;
    let payload: Json;
    try {
      payload = route(req.method ?? 'GET', url.pathname, body, url.searchParams);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      payload = error.body;
    }
    if (idempotencyKey && req.method === 'POST') idempotent.set(idempotencyKey, { status, body: payload });
    send(status, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(error) } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiBase,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_CREATOR: FAKE_PRICES.creator,
      STRIPE_PRICE_PROFESSIONAL: FAKE_PRICES.professional,
      STRIPE_PRICE_ENTERPRISE: FAKE_PRICES.enterprise,
      STRIPE_API_BASE: apiBase,
    },
    requests,
    customers,
    subscriptions,
    invoices,
    sessions,
    completeCheckout(sessionId) {
      const session = find(sessions, 'checkout session', sessionId);
      const subscription = subscriptionObject(String(session.customer), String(session._price), session._subscription_metadata as Json);
      subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session: publicSession(session), subscription: structuredClone(subscription) };
    },
    addSubscription(customer, price, metadata = {}) {
      const subscription = subscriptionObject(customer, price, metadata);
      subscriptions.set(String(subscription.id), subscription);
      return structuredClone(subscription);
    },
    changeSubscription(id, changes) {
      const subscription = find(subscriptions, 'subscription', id);
      const { periodEnd, ...rest } = changes;
      Object.assign(subscription, rest);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      if (periodEnd !== undefined) Object.assign(item, { current_period_start: periodEnd - 30 * DAY, current_period_end: periodEnd });
      return structuredClone(subscription);
    },
    addInvoice(customer, fields) {
      const invoice = invoiceObject(customer, fields);
      invoices.set(String(invoice.id), invoice);
      return invoice;
    },
    event(type, object, options = {}) {
      return {
        id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: options.created ?? now(),
        data: { object: structuredClone(object), ...(options.previous && { previous_attributes: options.previous }) },
        livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
      };
    },
    requestsTo(method, pathPrefix) {
      return requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix));
    },
  };
}

/** A `Stripe-Signature` header for `payload`, made by the SDK exactly as Stripe makes it. */
export function signStripePayload(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_WEBHOOK_SECRET, timestamp: options.timestamp });
}
