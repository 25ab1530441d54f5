// The billing endpoints clients call: pricing (always), and, with Stripe configured,
// checkout, the subscription, cancelling and reactivating it, the payment method and
// invoices. Without STRIPE_SECRET_KEY every one but pricing answers 503 before anything else.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { subscriptionView } from '../billing/billing-views.ts';
import { changePaymentMethod } from '../billing/change-payment-method.ts';
import { createCheckout, type ProviderSession } from '../billing/create-checkout.ts';
import { listInvoices } from '../billing/list-invoices.ts';
import { pricingEntries } from '../billing/pricing.ts';
import { readSubscription } from '../billing/read-subscription.ts';
import { requireStripe, type BillingServices } from '../billing/stripe-access.ts';
import { cancelSubscription, reactivateSubscription } from '../billing/subscription-cancellation.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import {
  CancelReply,
  CheckoutBody,
  InvoicesQuery,
  InvoicesReply,
  PricingReply,
  ProviderSessionReply,
  ReactivateReply,
  ReturnUrlsBody,
  SubscriptionReply,
} from '../schemas/billing.ts';
import { errorResponses } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const NOT_CONFIGURED = 'Answers 503 when the server has no STRIPE_SECRET_KEY.';

export function billingRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { auth } = services;
  const billing: BillingServices = { db: services.db, billing: services.config.billing, stripe: services.stripe };
  // On request, so an unconfigured server says so before looking at credentials or the body.
  const configured = async () => void requireStripe(billing);
  return async (app) => {
    app.get('/api/billing/pricing', {
      schema: {
        tags: ['billing'],
        summary: 'The tiers, their monthly prices and what each allows',
        description: 'Needs no credentials and answers whether or not billing is configured (`billingAvailable` says which). Prices come from BILLING_PRICE_*_CENTS; features from the limits each tier enforces.',
        response: { 200: PricingReply },
      },
    }, async () => ({ success: true as const, billingAvailable: billing.billing.stripe !== undefined && billing.stripe !== undefined, pricing: pricingEntries(services.config.billing) }));

    app.post('/api/billing/create-checkout', {
      onRequest: configured,
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        tags: ['billing'],
        summary: 'Start buying a tier: a Stripe Checkout session to send the user to',
        description: `Subscription mode, the tier's STRIPE_PRICE_* price. The tier changes when Stripe reports the payment, not on this request. 409 while a subscription already grants a tier. ${NOT_CONFIGURED}`,
        security: bearer,
        body: CheckoutBody,
        response: { 200: ProviderSessionReply, ...errorResponses(400, 401, 409, 429, 503) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (session: ProviderSession) => ({ success: true as const, ...session }));
      await createCheckout(billing, currentUser(request), request.body, answer);
      return answer.send();
    });

    app.get('/api/billing/subscription', {
      onRequest: configured,
      preHandler: auth.requireUser,
      schema: {
        tags: ['billing'],
        summary: 'Your subscription as last reported by Stripe',
        description: `null when you have never subscribed. ${NOT_CONFIGURED}`,
        security: bearer,
        response: { 200: SubscriptionReply, ...errorResponses(401, 429, 503) },
      },
    }, async (request) => {
      const row = await readSubscription(billing, currentUser(request));
      return { success: true as const, subscription: row ? subscriptionView(row) : null };
    });

    app.post('/api/billing/cancel-subscription', {
      onRequest: configured,
      preHandler: auth.requireUser,
      schema: {
        tags: ['billing'],
        summary: 'Cancel at the end of the current period',
        description: `The subscription stays active, and the tier with it, until the period ends; then the account becomes free. Cancelling twice changes nothing. 404 without a subscription, 409 when it has ended. ${NOT_CONFIGURED}`,
        security: bearer,
        response: { 200: CancelReply, ...errorResponses(401, 404, 409, 429, 503) },
      },
    }, async (request) => {
      const { subscription, message } = await cancelSubscription(billing, currentUser(request));
      const view = subscriptionView(subscription);
      return { success: true as const, message, subscription: { status: view.status, cancelAtPeriodEnd: view.cancelAtPeriodEnd, currentPeriodEnd: view.currentPeriodEnd } };
    });

    app.post('/api/billing/reactivate-subscription', {
      onRequest: configured,
      preHandler: auth.requireUser,
      schema: {
        tags: ['billing'],
        summary: 'Take back a cancellation before the period ends',
        description: `409 once the period has ended (subscribe again instead); a subscription not set to cancel is left as it is. ${NOT_CONFIGURED}`,
        security: bearer,
        response: { 200: ReactivateReply, ...errorResponses(401, 404, 409, 429, 503) },
      },
    }, async (request) => {
      const { subscription, message } = await reactivateSubscription(billing, currentUser(request));
      const view = subscriptionView(subscription);
      return { success: true as const, message, subscription: { status: view.status, cancelAtPeriodEnd: view.cancelAtPeriodEnd } };
    });

    app.post('/api/billing/update-payment-method', {
      onRequest: configured,
      preHandler: auth.requireUser,
      schema: {
        tags: ['billing'],
        summary: 'A Stripe page to change the card (or other payment method) invoices are paid with',
        description: `A customer-portal session opened on "update payment method"; Stripe sends the user to successUrl when done, cancelUrl to go back. 404 before the first checkout. ${NOT_CONFIGURED}`,
        security: bearer,
        body: ReturnUrlsBody,
        response: { 200: ProviderSessionReply, ...errorResponses(400, 401, 404, 429, 503) },
      },
    }, async (request) => ({ success: true as const, ...(await changePaymentMethod(billing, currentUser(request), request.body)) }));

    app.get('/api/billing/invoices', {
      onRequest: configured,
      preHandler: auth.requireUser,
      schema: {
        tags: ['billing'],
        summary: 'Your invoices, newest first',
        description: `Read from Stripe; \`limit\` 1–100, default 10. ${NOT_CONFIGURED}`,
        security: bearer,
        querystring: InvoicesQuery,
        response: { 200: InvoicesReply, ...errorResponses(400, 401, 429, 503) },
      },
    }, async (request) => ({ success: true as const, invoices: await listInvoices(billing, currentUser(request), request.query) }));
  };
}
