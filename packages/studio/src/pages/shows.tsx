// `/shows`: the shows (each with its episodes and which of its sound it has), and a new one.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import type { Show } from '../api/types.ts';
import { formValues } from '../components/form.ts';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { date } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

const PART_NAMES = { intro: 'intro', bed: 'music bed', sting: 'sting', outro: 'outro' } as const;

/** "intro, music bed and outro", or "no sound yet". */
function soundOf(show: Show): string {
  const parts = (Object.keys(PART_NAMES) as (keyof typeof PART_NAMES)[]).filter((part) => show.parts[part]).map((part) => PART_NAMES[part]);
  if (parts.length === 0) return 'No sound yet';
  const listed = parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${listed[0]?.toUpperCase()}${listed.slice(1)}`;
}

export function Shows() {
  const submission = useSubmission();
  useTitle('Shows');
  const { route } = useLocation();
  const list = useResource(async () => ok(await api.GET('/api/shows', { params: { query: { limit: 100, offset: 0 } } })), []);
  const create = useAction(async (values: Record<string, string>) => {
    const body = { name: values.name ?? '', ...(values.description ? { description: values.description } : {}) };
    const { show } = await submission.send(body, async (header) => ok(await api.POST('/api/shows', { params: { header }, body })));
    route(`/shows/${show.id}`);
  });
  return (
    <section>
      <h1>Shows</h1>
      <p>A show is what its episodes have in common: an intro and outro, music under the voices, a sting between sections, a cover, its hosts and length, and its own podcast feed. Pick it when you make an episode.</p>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Loading what="shows" />}
      {list.data && list.data.shows.length === 0 && <p>No shows yet.</p>}
      {list.data && list.data.shows.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your shows</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Sound</th><th scope="col">Episodes</th><th scope="col">Changed</th></tr></thead>
          <tbody>
            {list.data.shows.map((show) => (
              <tr key={show.id}>
                <td><a href={`/shows/${show.id}`}>{show.name}</a></td>
                <td>{soundOf(show)}</td>
                <td>{show.episodeCount}</td>
                <td>{date(show.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form class="stack card" onSubmit={(event) => void create.run(formValues(event))}>
        <h2>New show</h2>
        <label for="show-name">Name</label>
        <input id="show-name" name="name" required maxLength={100} />
        <label for="show-description">Description <span class="hint">(optional; podcast apps show it)</span></label>
        <textarea id="show-description" name="description" rows={3} maxLength={4000} />
        <ErrorNotice error={create.error} />
        <button class="primary" disabled={create.busy}>Create show</button>
      </form>
    </section>
  );
}
