// Stripe objects as the API returns them (version 2026-10-28: a subscription's period is on
// its items), for the loopback Stripe in fake-stripe.ts. Fields Castwright never reads are
// kept too, so the SDK and the code under test see Stripe's real shapes.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export type Json = Record<string, unknown>;

export const DAY = 24 * 60 * 60;
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export function priceObject(id: string, amount: number): Json {
  return {
    id, object: 'price', active: true, billing_scheme: 'per_unit', created: now() - 30 * DAY, currency: 'usd', custom_unit_amount: null,
    livemode: false, lookup_key: null, metadata: {}, nickname: null, product: `prod_${id}`,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: 'recurring', unit_amount: amount, unit_amount_decimal: String(amount),
  };
}

export function customerObject(fields: { email?: unknown; name?: unknown; metadata?: unknown }): Json {
  return {
    id: newId('cus'), object: 'customer', address: null, balance: 0, created: now(), currency: null, default_source: null, delinquent: false,
    description: null, email: fields.email ?? null, invoice_prefix: 'CW', invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false, metadata: fields.metadata ?? {}, name: fields.name ?? null, phone: null, preferred_locales: [], shipping: null, tax_exempt: 'none', test_clock: null,
  };
}

/** Active, one month from now, one item. */
export function subscriptionObject(customer: string, price: Json, metadata: Json): Json {
  const id = newId('sub');
  const start = now();
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
        current_period_start: start, discounts: [], metadata: {}, price, quantity: 1, subscription: id, tax_rates: [],
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

/** Open, with one failed attempt and the next in three days, unless `fields` say otherwise. */
export function invoiceObject(customer: string, subscriptionId: string | undefined, number: number, fields: Json = {}): Json {
  const created = now();
  return {
    id: newId('in'), object: 'invoice', account_country: 'US', account_name: 'Castwright', amount_due: 1900, amount_overpaid: 0, amount_paid: 0,
    amount_remaining: 1900, amount_shipping: 0, attempt_count: 1, attempted: true, auto_advance: true, billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically', created, currency: 'usd', customer, customer_email: null, default_payment_method: null,
    description: null, discounts: [], due_date: null, hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${newId('test')}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${newId('test')}/pdf?s=ap`, lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/lines' },
    livemode: false, metadata: {}, next_payment_attempt: created + 3 * DAY, number: `CW-${number}`,
    parent: subscriptionId ? { quote_details: null, subscription_details: { metadata: {}, subscription: subscriptionId }, type: 'subscription_details' } : null,
    period_end: created, period_start: created - 30 * DAY, status: 'open', subtotal: 1900, total: 1900, webhooks_delivered_at: created,
    ...fields,
  };
}

export function checkoutSessionObject(customer: string, request: { [key: string]: unknown }): Json {
  const id = newId('cs_test');
  return {
    id, object: 'checkout.session', after_expiration: null, allow_promotion_codes: null, amount_subtotal: 1900, amount_total: 1900,
    automatic_tax: { enabled: false, liability: null, status: null }, billing_address_collection: null, cancel_url: request.cancel_url,
    client_reference_id: request.client_reference_id ?? null, consent: null, consent_collection: null, created: now(), currency: 'usd',
    custom_fields: [], customer, customer_creation: null, customer_details: null, customer_email: null, expires_at: now() + DAY,
    invoice: null, invoice_creation: null, livemode: false, locale: null, metadata: request.metadata ?? {}, mode: request.mode, payment_intent: null,
    payment_link: null, payment_method_collection: 'always', payment_method_types: ['card'], payment_status: 'unpaid', recovered_from: null,
    setup_intent: null, shipping_address_collection: null, shipping_cost: null, status: 'open', submit_type: null, subscription: null,
    success_url: request.success_url, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 }, ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${id}`,
  };
}

export function portalSessionObject(request: { [key: string]: unknown }): Json {
  const id = newId('bps');
  return {
    id, object: 'billing_portal.session', configuration: 'bpc_test_default', created: now(), customer: request.customer, flow: request.flow_data ?? null,
    livemode: false, locale: null, on_behalf_of: null, return_url: request.return_url ?? null, url: `https://billing.stripe.com/p/session/test_${id}`,
  };
}

export function eventObject(type: string, object: Json, options: { created?: number; previous?: Json } = {}): Json {
  return {
    id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: options.created ?? now(),
    data: { object: structuredClone(object), ...(options.previous && { previous_attributes: options.previous }) },
    livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
  };
}
