// `/webhooks/:id` (the page the webhook e-mails link to): its health, a test delivery, the
// delivery log, and switching it on or off, changing or deleting it.
import { useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { date } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';
import { WEBHOOK_EVENTS, WebhookStatus } from './webhooks.tsx';

const PAGE_SIZE = 20;

export function Webhook() {
  const submission = useSubmission();
  const { params } = useRoute();
  const { route } = useLocation();
  const id = params.id ?? '';
  const [offset, setOffset] = useState(0);
  const webhook = useResource(async () => ok(await api.GET('/api/webhooks/{id}', { params: { path: { id } } })).webhook, [id]);
  const deliveries = useResource(async () => ok(await api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: PAGE_SIZE, offset } } })), [id, offset]);
  useTitle('Webhook');
  const test = useAction(async () => {
    const result = await submission.send('test', async (header) => ok(await api.POST('/api/webhooks/{id}/test', { params: { path: { id }, header } })));
    deliveries.reload();
    webhook.reload();
    const { delivery } = result;
    return delivery.success
      ? `Test delivered: your endpoint answered ${delivery.statusCode} in ${delivery.duration} ms.`
      : `Test failed: ${delivery.statusCode ? `your endpoint answered ${delivery.statusCode}` : delivery.error ?? 'no answer'} (${delivery.duration} ms).`;
  });
  const update = useAction(async (body: { is_active?: boolean; url?: string; events?: string[]; description?: string }) => {
    webhook.set(ok(await api.PATCH('/api/webhooks/{id}', { params: { path: { id } }, body })).webhook);
    return 'Saved.';
  });
  const remove = useAction(async () => {
    ok(await api.DELETE('/api/webhooks/{id}', { params: { path: { id } } }));
    route('/webhooks');
  });
  const data = webhook.data;
  if (!data) {
    return (
      <section>
        <h1>Webhook</h1>
        {webhook.loading ? <Loading what="the webhook" /> : <ErrorNotice error={webhook.error} />}
      </section>
    );
  }
  return (
    <section>
      <p><a href="/webhooks">All webhooks</a></p>
      <h1>Webhook</h1>
      <p class="meta"><WebhookStatus status={data.status} /><span>{data.url}</span><span>Created {date(data.createdAt)}</span></p>
      {data.status === 'failing' && <p class="notice error">Every attempt of {data.consecutiveFailedEvents} event(s) in a row failed since {date(data.failingSince)}. A successful test clears this.</p>}
      {data.deactivatedAt && <p class="notice error">Turned off after repeated failures on {date(data.deactivatedAt)}. Fix the endpoint, send a test, then turn it back on.</p>}
      <div class="row">
        <button type="button" class="primary" onClick={() => void test.run()} disabled={test.busy}>{test.busy ? 'Sending a test…' : 'Send a test'}</button>
        <label class="switch">
          <input type="checkbox" role="switch" checked={data.is_active} onChange={(event) => void update.run({ is_active: event.currentTarget.checked })} />
          Active
        </label>
      </div>
      <ErrorNotice error={test.error ?? update.error} />
      <DoneNotice message={test.done ?? update.done} />

      <h2>Deliveries</h2>
      <ErrorNotice error={deliveries.error} />
      {deliveries.data && deliveries.data.deliveries.length === 0 && <p>Nothing delivered yet.</p>}
      {deliveries.data && deliveries.data.deliveries.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Delivery attempts, newest first</caption>
          <thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Outcome</th><th scope="col">Time</th></tr></thead>
          <tbody>
            {deliveries.data.deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{date(delivery.deliveredAt)}</td>
                <td>{delivery.event}</td>
                <td>{delivery.attemptNumber}</td>
                <td>{delivery.success ? `Delivered (${delivery.statusCode})` : `Failed: ${delivery.statusCode ? `HTTP ${delivery.statusCode}` : delivery.error ?? 'no answer'}`}</td>
                <td>{delivery.duration} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deliveries.data && deliveries.data.pagination.total > PAGE_SIZE && (
        <nav class="row pager" aria-label="Delivery pages">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>Newer</button>
          <button type="button" disabled={offset + PAGE_SIZE >= deliveries.data.pagination.total} onClick={() => setOffset(offset + PAGE_SIZE)}>Older</button>
        </nav>
      )}

      <h2>Change</h2>
      <form class="stack" onSubmit={(event) => {
        event.preventDefault();
        const values = new FormData(event.currentTarget);
        void update.run({ url: String(values.get('url') ?? ''), events: values.getAll('events').map(String), description: String(values.get('description') ?? '') });
      }}>
        <label for="webhook-url">HTTPS address</label>
        <input id="webhook-url" name="url" type="url" required defaultValue={data.url} />
        <fieldset class="inline">
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map(([value, label]) => (
            <label key={value}><input type="checkbox" name="events" value={value} defaultChecked={data.events.includes(value)} /> {label}</label>
          ))}
        </fieldset>
        <label for="webhook-description">Description</label>
        <input id="webhook-description" name="description" maxLength={500} defaultValue={data.description} />
        <button disabled={update.busy}>Save</button>
      </form>
      <ConfirmButton label="Delete webhook" question="Delete this webhook and its delivery log?" confirmLabel="Delete" onConfirm={() => void remove.run()} />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
