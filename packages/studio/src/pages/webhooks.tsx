// `/webhooks`: the webhooks with their health, and a new one (its signing secret shown once).
import { useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { CopyField } from '../components/copy-field.tsx';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { useAction, useResource, useTitle } from '../hooks.ts';

export const WEBHOOK_EVENTS = [
  ['episode.completed', 'An episode is ready'],
  ['episode.updated', 'An edited episode is published again'],
  ['episode.failed', 'An episode failed'],
] as const;

export function WebhookStatus({ status }: { status: string }) {
  const label = { active: 'Active', failing: 'Failing', inactive: 'Turned off' }[status] ?? status;
  return <span class={`status status-webhook-${status}`}>{label}</span>;
}

export function Webhooks() {
  const submission = useSubmission();
  useTitle('Webhooks');
  const list = useResource(async () => ok(await api.GET('/api/webhooks')).webhooks, []);
  const [created, setCreated] = useState<{ id: string; secret: string } | undefined>(undefined);
  const create = useAction(async (form: HTMLFormElement) => {
    const values = new FormData(form);
    const events = values.getAll('events').map(String);
    const description = String(values.get('description') ?? '');
    const body = { url: String(values.get('url') ?? ''), events, ...(description ? { description } : {}) };
    const { webhook } = await submission.send(body, async (header) => ok(await api.POST('/api/webhooks', { params: { header }, body })));
    setCreated({ id: webhook.id, secret: webhook.secret });
    form.reset();
    list.reload();
  });
  return (
    <section>
      <h1>Webhooks</h1>
      <p>Castwright calls your HTTPS address when an episode is ready or fails, signed with the webhook's secret.</p>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Loading what="webhooks" />}
      {list.data && list.data.length === 0 && <p>No webhooks yet.</p>}
      {list.data && list.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your webhooks</caption>
          <thead><tr><th scope="col">Address</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Deliveries</th></tr></thead>
          <tbody>
            {list.data.map((webhook) => (
              <tr key={webhook.id}>
                <td><a href={`/webhooks/${webhook.id}`}>{webhook.url}</a>{webhook.description && <div class="hint">{webhook.description}</div>}</td>
                <td>{webhook.events.join(', ')}</td>
                <td><WebhookStatus status={webhook.status} /></td>
                <td>{webhook.deliveryStats.successful} delivered, {webhook.deliveryStats.failed} failed</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {created && (
        <div class="notice done" role="status">
          <p>Webhook created. Its signing secret is shown only now: keep it where your receiver can read it.</p>
          <CopyField id="webhook-secret" label="Signing secret" value={created.secret} />
          <p><a href={`/webhooks/${created.id}`}>Open the webhook to send a test</a></p>
        </div>
      )}
      <form class="stack card" onSubmit={(event) => { event.preventDefault(); void create.run(event.currentTarget); }}>
        <h2>New webhook</h2>
        <label for="webhook-url">HTTPS address</label>
        <input id="webhook-url" name="url" type="url" required placeholder="https://example.com/castwright" />
        <fieldset class="inline">
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map(([value, label]) => (
            <label key={value}><input type="checkbox" name="events" value={value} defaultChecked /> {label}</label>
          ))}
        </fieldset>
        <label for="webhook-description">Description <span class="hint">(optional)</span></label>
        <input id="webhook-description" name="description" maxLength={500} />
        <ErrorNotice error={create.error} />
        <button class="primary" disabled={create.busy}>Create webhook</button>
      </form>
    </section>
  );
}
