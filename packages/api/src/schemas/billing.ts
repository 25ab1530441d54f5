// Shapes of the billing endpoints (the interface's Subscription, Pricing entry and Invoice).
import Type from 'typebox';
import { PAID_TIERS, PRESETS, TIERS } from '@castwright/core/tiers';
import { Nullable, Timestamp } from './common.ts';

/** An https address with a host; Stripe's `{CHECKOUT_SESSION_ID}` placeholder is allowed in it. */
const ReturnUrl = (description: string) => Type.String({ pattern: '^https://[^/?#\\s@]+([/?#]\\S*)?$', maxLength: 2048, description, examples: ['https://app.example.com/billing/done'] });

const SUCCESS_URL = 'https:// address the provider sends the user to when done';
const CANCEL_URL = 'https:// address the provider sends the user back to when they give up';

/** What a tier enforces, for a client to offer (the API still has the last word). */
const TierLimitsView = Type.Object({
  episodesPerMonth: Nullable(Type.Integer({ description: 'Episodes a calendar month (UTC); null is unlimited' })),
  requestsPerHour: Type.Integer(),
  presets: Type.Array(Type.Enum([...PRESETS]), { description: 'The presets this tier may ask for' }),
  maxDurationMinutes: Type.Integer({ description: 'The longest `durationMinutes` this tier may ask for' }),
  maxUploadBytes: Type.Integer({ description: 'The largest document this tier may upload' }),
  clipsPerEpisode: Type.Integer({ description: 'Video clips an episode may keep at once (POST /api/episodes/{id}/clips)' }),
  maxSources: Type.Integer({ description: 'The most sources one episode may be made from' }),
  maxSourceCharacters: Type.Integer({ description: "The most characters an episode's sources may hold together" }),
});

export const PricingReply = Type.Object({
  success: Type.Literal(true),
  billingAvailable: Type.Boolean({
    description: 'Whether this server sells plans (Stripe is configured). When false, every other billing endpoint answers 503 and a tier is set by the administrator: a client need not ask them',
  }),
  pricing: Type.Array(Type.Object({
    tier: Type.Enum([...TIERS]),
    name: Type.String(),
    price: Type.Integer({ description: 'USD cents a month' }),
    interval: Type.Literal('month'),
    features: Type.Array(Type.String(), { description: 'Written from the limits each tier enforces' }),
    limits: TierLimitsView,
  })),
});

export const CheckoutBody = Type.Object({
  tier: Type.Enum([...PAID_TIERS]),
  successUrl: ReturnUrl(SUCCESS_URL),
  cancelUrl: ReturnUrl(CANCEL_URL),
}, { additionalProperties: false });

export const ReturnUrlsBody = Type.Object({
  successUrl: ReturnUrl(SUCCESS_URL),
  cancelUrl: ReturnUrl(CANCEL_URL),
}, { additionalProperties: false });

export const ProviderSessionReply = Type.Object({
  success: Type.Literal(true),
  sessionId: Type.String(),
  url: Type.String({ description: 'Send the user here' }),
});

const SubscriptionStatus = Type.Enum(['active', 'canceled', 'past_due', 'unpaid']);

const SubscriptionView = Type.Object({
  id: Type.String(),
  tier: Type.Enum([...PAID_TIERS]),
  status: SubscriptionStatus,
  currentPeriodStart: Nullable(Timestamp),
  currentPeriodEnd: Nullable(Timestamp),
  cancelAtPeriodEnd: Type.Boolean(),
});

export const SubscriptionReply = Type.Object({
  success: Type.Literal(true),
  subscription: Nullable(SubscriptionView),
});

export const CancelReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  subscription: Type.Object({ status: SubscriptionStatus, cancelAtPeriodEnd: Type.Boolean(), currentPeriodEnd: Nullable(Timestamp) }),
});

export const ReactivateReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  subscription: Type.Object({ status: SubscriptionStatus, cancelAtPeriodEnd: Type.Boolean() }),
});

export const InvoicesQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) });

export const InvoicesReply = Type.Object({
  success: Type.Literal(true),
  invoices: Type.Array(Type.Object({
    id: Type.String(),
    amount: Type.Integer({ description: 'cents' }),
    currency: Type.String({ description: 'lowercase ISO code' }),
    status: Nullable(Type.String({ description: 'draft, open, paid, uncollectible or void' })),
    invoicePdf: Nullable(Type.String()),
    created: Timestamp,
  })),
});

export const WebhookHeaders = Type.Object({ 'stripe-signature': Type.String({ minLength: 1, maxLength: 4096 }) });

export const StripeEventReceipt = Type.Object({
  success: Type.Literal(true),
  received: Type.Literal(true),
  outcome: Type.Enum(['applied', 'duplicate', 'ignored'], { description: 'duplicate: this event id was applied before; ignored: not an event Castwright acts on' }),
});
