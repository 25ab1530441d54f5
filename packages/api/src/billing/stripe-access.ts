// What every billing service needs: the database, the billing settings and a Stripe
// client, or a 503 naming the setting that is missing. Calls to Stripe go through
// `callStripe`, so an unreachable or overloaded Stripe is a 503, not a 500.
import type Stripe from 'stripe';
import { isStripeUnavailable } from '@castwright/core/billing/stripe-errors';
import type { BillingSettings, StripeSettings } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';

export interface BillingServices {
  db: Db;
  billing: BillingSettings;
  stripe: Stripe | undefined;
}

export interface ConfiguredBilling {
  db: Db;
  billing: BillingSettings;
  stripe: Stripe;
  settings: StripeSettings;
}

export function notConfigured(variable: string): AppError {
  return new AppError('unavailable', `Billing is not configured on this server: ${variable} is not set`);
}

/** The services with Stripe configured, or a 503 naming STRIPE_SECRET_KEY. */
export function requireStripe(services: BillingServices): ConfiguredBilling {
  const settings = services.billing.stripe;
  if (!settings || !services.stripe) throw notConfigured('STRIPE_SECRET_KEY');
  return { db: services.db, billing: services.billing, stripe: services.stripe, settings };
}

export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeUnavailable(error)) {
      const unavailable = new AppError('unavailable', 'The payment provider cannot be reached right now; try again shortly');
      unavailable.cause = error; // logged with the 503, never shown to the client
      throw unavailable;
    }
    throw error;
  }
}
