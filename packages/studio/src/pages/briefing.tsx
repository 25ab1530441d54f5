// `/briefings/:id`: sources (feeds and newsletter addresses), runs with their episodes,
// running now, pausing, the schedule and deletion.
import { useLocation, useRoute } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { BriefingForm, type BriefingFields } from '../components/briefing-form.tsx';
import { Choice } from '../components/choice.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CopyField } from '../components/copy-field.tsx';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { date } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

export function Briefing() {
  const submission = useSubmission();
  const { params } = useRoute();
  const { route } = useLocation();
  const id = params.id ?? '';
  const briefing = useResource(async () => ok(await api.GET('/api/briefings/{id}', { params: { path: { id } } })).briefing, [id]);
  const runs = useResource(async () => ok(await api.GET('/api/briefings/{id}/runs', { params: { path: { id }, query: { limit: 20, offset: 0 } } })).runs, [id]);
  useTitle(briefing.data?.name ?? 'Briefing');
  const runNow = useAction(async () => {
    const answer = await submission.send('run', async (header) => ok(await api.POST('/api/briefings/{id}/run', { params: { path: { id }, header } })));
    runs.reload();
    return answer.message;
  });
  const update = useAction(async (body: Partial<BriefingFields> & { is_active?: boolean }) => {
    ok(await api.PATCH('/api/briefings/{id}', { params: { path: { id } }, body }));
    briefing.reload();
    return 'Saved.';
  });
  const addSource = useAction(async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const type = String(data.get('source_type')) as 'rss' | 'email';
    const url = String(data.get('source_url') ?? '');
    const body = { source_type: type, source_name: String(data.get('source_name') ?? ''), ...(type === 'rss' ? { source_url: url } : {}) };
    await submission.send(body, async (header) => ok(await api.POST('/api/briefings/{id}/sources', { params: { path: { id }, header }, body })));
    form.reset();
    briefing.reload();
    return 'Source added.';
  });
  const removeSource = useAction(async (sourceId: string) => {
    ok(await api.DELETE('/api/briefings/{id}/sources/{sourceId}', { params: { path: { id, sourceId } } }));
    briefing.reload();
    return 'Source removed.';
  });
  const remove = useAction(async () => {
    ok(await api.DELETE('/api/briefings/{id}', { params: { path: { id } } }));
    route('/briefings');
  });
  const data = briefing.data;
  if (!data) {
    return (
      <section>
        <h1>Briefing</h1>
        {briefing.loading ? <Loading what="the briefing" /> : <ErrorNotice error={briefing.error} />}
      </section>
    );
  }
  return (
    <section>
      <p><a href="/briefings">All briefings</a></p>
      <h1>{data.name}</h1>
      <p class="meta">
        <span>{data.is_active ? `Next run ${date(data.next_run_at)}` : 'Paused'}</span>
        <span>Last run {date(data.last_run_at)}</span>
        <span>{data.schedule_frequency} at {data.schedule_time.slice(0, 5)} ({data.schedule_timezone})</span>
      </p>
      <div class="row">
        <button type="button" class="primary" onClick={() => void runNow.run()} disabled={runNow.busy}>Run now</button>
        <label class="switch">
          <input type="checkbox" role="switch" checked={data.is_active} onChange={(event) => void update.run({ is_active: event.currentTarget.checked })} />
          Scheduled
        </label>
      </div>
      <ErrorNotice error={runNow.error ?? update.error} />
      <DoneNotice message={runNow.done ?? update.done} />

      <h2>Sources</h2>
      {data.sources.length === 0 && <p>No sources yet: add a feed or a newsletter address.</p>}
      <ul class="sources">
        {data.sources.map((source) => (
          <li key={source.id}>
            <strong>{source.source_name}</strong> <span class="hint">{source.source_type === 'rss' ? 'Feed' : 'Newsletter address'}</span>
            {source.source_type === 'rss'
              ? <div class="hint">{source.source_url}</div>
              : <CopyField id={`source-${source.id}`} label="Forward newsletters to (POST address)" value={source.source_url} />}
            {source.last_error && <p class="notice error">Last fetch failed: {source.last_error}</p>}
            <button type="button" class="link" onClick={() => void removeSource.run(source.id)} aria-label={`Remove the source ${source.source_name}`}>Remove</button>
          </li>
        ))}
      </ul>
      <form class="stack card" onSubmit={(event) => { event.preventDefault(); void addSource.run(event.currentTarget); }}>
        <h3>Add a source</h3>
        <label for="source-type">Kind</label>
        <Choice id="source-type" name="source_type" initial="rss" options={[['rss', 'A news feed (RSS or Atom)'], ['email', 'A newsletter address']]} />
        <label for="source-name">Name</label>
        <input id="source-name" name="source_name" required maxLength={100} />
        <label for="source-url">Feed address <span class="hint">(feeds only)</span></label>
        <input id="source-url" name="source_url" type="url" />
        <ErrorNotice error={addSource.error ?? removeSource.error} />
        <DoneNotice message={addSource.done ?? removeSource.done} />
        <button disabled={addSource.busy}>Add source</button>
      </form>

      <h2>Runs</h2>
      <ErrorNotice error={runs.error} />
      {runs.data && runs.data.length === 0 && <p>No runs yet.</p>}
      {runs.data && runs.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Runs, newest first</caption>
          <thead><tr><th scope="col">Started</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Episode</th></tr></thead>
          <tbody>
            {runs.data.map((run) => (
              <tr key={run.id}>
                <td>{date(run.started_at)}</td>
                <td>{run.run_type}</td>
                <td>{run.status}{run.error ? `: ${run.error}` : ''}</td>
                <td>{run.episode_id ? <a href={`/episodes/${run.episode_id}`}>{run.episode_title ?? 'Episode'}</a> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Settings</h2>
      <BriefingForm initial={{ ...data, description: data.description ?? '' } as BriefingFields} submitLabel="Save" busy={update.busy} onSubmit={(fields) => void update.run(fields)} />
      <ConfirmButton label="Delete briefing" question={`Delete the briefing “${data.name}” and its sources? Episodes it made are kept.`} confirmLabel="Delete" onConfirm={() => void remove.run()} />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
