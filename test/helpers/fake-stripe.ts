// A stand-in for Stripe on loopback: an HTTP server speaking Stripe's REST protocol
// (form-encoded requests, Bearer secret key, Idempotency-Key, JSON objects in the shapes
// of API version 2026-10-28, `{error: {type, code, message}}` failures) for the calls
// Castwright makes, so the real `stripe` SDK runs unmodified against it. Tests drive the
// "outside world" through it: a customer paying at checkout, a subscription lapsing,
// an invoice failing; and they sign events the way Stripe does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  checkoutSessionObject,
  customerObject,
  DAY,
  eventObject,
  invoiceObject,
  newId,
  now,
  portalSessionObject,
  priceObject,
  subscriptionObject,
  type Json,
} from './stripe-objects.ts';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

type Form = { [key: string]: string | Form | Form[] | string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Form;
  idempotencyKey: string | undefined;
}

const FAKE_STRIPE_KEY = 'sk_test_castwright_fake';
const FAKE_WEBHOOK_SECRET = 'whsec_castwright_fake_secret';
export const FAKE_PRICES = { creator: 'price_creator_test', professional: 'price_professional_test', enterprise: 'price_enterprise_test' } as const;

const PRICE_CENTS: Record<string, number> = { [FAKE_PRICES.creator]: 1900, [FAKE_PRICES.professional]: 4900, [FAKE_PRICES.enterprise]: 19900 };

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
  const purchases = new Map<string, { price: string; metadata: Json }>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: RecordedRequest[] = [];

  const find = (map: Map<string, Json>, kind: string, id: string) => {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  };

  const newSubscription = (customer: string, price: string, metadata: Json) =>
    subscriptionObject(customer, priceObject(price, PRICE_CENTS[price] ?? 1000), metadata);

  function route(method: string, path: string, body: Form, query: URLSearchParams): Json {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = customerObject(body);
      customers.set(String(customer.id), customer);
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
      const session = checkoutSessionObject(String(customer.id), body);
      // What completeCheckout needs; real sessions expose it through line_items and subscription_data.
      const subscriptionData = body.subscription_data as Form | undefined;
      purchases.set(String(session.id), { price: String((body.line_items as Form[] | undefined)?.[0]?.price), metadata: (subscriptionData?.metadata as Form | undefined) ?? {} });
      sessions.set(String(session.id), session);
      return session;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      find(customers, 'customer', String(body.customer));
      return portalSessionObject(body);
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
      const purchase = purchases.get(sessionId) ?? { price: FAKE_PRICES.creator, metadata: {} };
      const subscription = newSubscription(String(session.customer), purchase.price, purchase.metadata);
      subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session: structuredClone(session), subscription: structuredClone(subscription) };
    },
    addSubscription(customer, price, metadata = {}) {
      const subscription = newSubscription(customer, price, metadata);
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
      const subscription = [...subscriptions.values()].find((entry) => entry.customer === customer);
      const invoice = invoiceObject(customer, subscription && String(subscription.id), invoices.size + 1, fields);
      invoices.set(String(invoice.id), invoice);
      return invoice;
    },
    event: eventObject,
    requestsTo(method, pathPrefix) {
      return requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix));
    },
  };
}

/** A `Stripe-Signature` header for `payload`, made by the SDK exactly as Stripe makes it. */
export function signStripePayload(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_WEBHOOK_SECRET, timestamp: options.timestamp });
}
