// `/briefings`: scheduled episodes from feeds and newsletters (creator tier and up).
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { BriefingForm, NEW_BRIEFING } from '../components/briefing-form.tsx';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { date } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

export function Briefings() {
  const submission = useSubmission();
  useTitle('Briefings');
  const { route } = useLocation();
  const list = useResource(async () => ok(await api.GET('/api/briefings', { params: { query: { limit: 100, offset: 0 } } })).briefings, []);
  const create = useAction(async (fields: typeof NEW_BRIEFING) => {
    const body = { ...fields, is_active: true };
    const { briefing } = await submission.send(body, async (header) => ok(await api.POST('/api/briefings', { params: { header }, body })));
    route(`/briefings/${briefing.id}`);
  });
  const refused = list.error?.status === 403;
  return (
    <section>
      <h1>Briefings</h1>
      <p>A briefing makes an episode on a schedule from its sources: news feeds and newsletters you forward to it.</p>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Loading what="briefings" />}
      {list.data && list.data.length === 0 && <p>No briefings yet.</p>}
      {list.data && list.data.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your briefings</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Sources</th><th scope="col">Next run</th><th scope="col">Runs</th></tr></thead>
          <tbody>
            {list.data.map((briefing) => (
              <tr key={briefing.id}>
                <td><a href={`/briefings/${briefing.id}`}>{briefing.name}</a>{!briefing.is_active && <span class="hint"> (paused)</span>}</td>
                <td>{briefing.source_count}</td>
                <td>{briefing.is_active ? date(briefing.next_run_at) : '—'}</td>
                <td>{briefing.completed_runs} made, {briefing.failed_runs} failed</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!refused && (
        <div class="card">
          <h2>New briefing</h2>
          <BriefingForm initial={NEW_BRIEFING} submitLabel="Create briefing" busy={create.busy} onSubmit={(fields) => void create.run(fields)} />
          <ErrorNotice error={create.error} />
        </div>
      )}
    </section>
  );
}
