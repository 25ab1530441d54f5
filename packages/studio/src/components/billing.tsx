// Plans and the subscription, when this server sells them (Stripe configured, as the
// pricing's `billingAvailable` says; the other billing endpoints would answer 503, so they
// are not asked, and the section says so). Buying and changing the card
// happen on Stripe's pages, which send the person back here.
import { useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { api, publicApi } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { date } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { DoneNotice, ErrorNotice, Loading } from './notice.tsx';

const money = (cents: number, currency = 'usd') => new Intl.NumberFormat([], { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const returnUrls = () => ({ successUrl: `${location.origin}/account?billing=done#plans`, cancelUrl: `${location.origin}/account#plans` });

export function Billing({ tier }: { tier: string }) {
  const submission = useSubmission();
  // Pricing says whether this server sells plans at all; the subscription is asked for only then (it would be a 503).
  const offer = useResource(async () => ok(await publicApi.GET('/api/billing/pricing')), []);
  const pricing = { ...offer, data: offer.data?.pricing };
  const subscription = useResource(async () => {
    if (!offer.data?.billingAvailable) return undefined;
    const answer = await api.GET('/api/billing/subscription');
    return answer.response.status === 503 ? undefined : ok(answer).subscription;
  }, [offer.data?.billingAvailable]);
  const configured = subscription.data !== undefined;
  const [showInvoices, setShowInvoices] = useState(false);
  const invoices = useResource(async () => (showInvoices ? ok(await api.GET('/api/billing/invoices', { params: { query: { limit: 10 } } })).invoices : []), [showInvoices]);
  const checkout = useAction(async (wanted: 'creator' | 'professional' | 'enterprise') => {
    const body = { tier: wanted, ...returnUrls() };
    location.assign((await submission.send(body, async (header) => ok(await api.POST('/api/billing/create-checkout', { params: { header }, body })))).url);
  });
  const paymentMethod = useAction(async () => {
    location.assign(ok(await api.POST('/api/billing/update-payment-method', { body: returnUrls() })).url);
  });
  const cancel = useAction(async () => {
    const answer = ok(await api.POST('/api/billing/cancel-subscription'));
    subscription.reload();
    return answer.message;
  });
  const reactivate = useAction(async () => {
    const answer = ok(await api.POST('/api/billing/reactivate-subscription'));
    subscription.reload();
    return answer.message;
  });
  return (
    <section id="plans" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans and billing</h2>
      {(pricing.loading || subscription.loading) && <Loading what="plans" />}
      <ErrorNotice error={pricing.error} />
      {offer.data?.billingAvailable === false && <p>This server does not sell plans (billing is not configured), so your plan is set by its administrator.</p>}
      {pricing.data && (
        <ul class="plans">
          {pricing.data.map((plan) => (
            <li key={plan.tier} class={plan.tier === tier ? 'current' : undefined}>
              <h3>{plan.name}</h3>
              <p class="price">{`${money(plan.price)} a month`}</p>
              <ul>{plan.features.map((feature) => <li key={feature}>{feature}</li>)}</ul>
              {plan.tier === tier
                ? <p><strong>Your plan</strong></p>
                : configured && plan.tier !== 'free' && !subscription.data && <button type="button" onClick={() => void checkout.run(plan.tier as 'creator')} disabled={checkout.busy}>Choose {plan.name}</button>}
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice error={checkout.error} />
      {subscription.data && (
        <div class="card">
          <h3>Your subscription</h3>
          <p>{subscription.data.tier}, {subscription.data.status}; {subscription.data.cancelAtPeriodEnd ? `ends on ${date(subscription.data.currentPeriodEnd)}` : `renews on ${date(subscription.data.currentPeriodEnd)}`}.</p>
          <div class="row">
            {subscription.data.cancelAtPeriodEnd
              ? <button type="button" onClick={() => void reactivate.run()} disabled={reactivate.busy}>Keep my subscription</button>
              : <button type="button" onClick={() => void cancel.run()} disabled={cancel.busy}>Cancel at the end of the period</button>}
            <button type="button" onClick={() => void paymentMethod.run()} disabled={paymentMethod.busy}>Change the card</button>
            <button type="button" onClick={() => setShowInvoices(true)} disabled={showInvoices}>Show invoices</button>
          </div>
          <ErrorNotice error={cancel.error ?? reactivate.error ?? paymentMethod.error ?? subscription.error ?? invoices.error} />
          <DoneNotice message={cancel.done ?? reactivate.done} />
          {showInvoices && invoices.data && (
            <table class="list">
              <caption>Invoices</caption>
              <thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">PDF</th></tr></thead>
              <tbody>
                {invoices.data.map((invoice) => (
                  <tr key={invoice.id}><td>{date(invoice.created)}</td><td>{money(invoice.amount, invoice.currency)}</td><td>{invoice.status}</td><td>{invoice.invoicePdf ? <a href={invoice.invoicePdf}>Download</a> : '—'}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
