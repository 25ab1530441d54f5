// `/playlists`: the playlists, and a new one.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { formValues } from '../components/form.ts';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { date, spokenDuration } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

export function Playlists() {
  const submission = useSubmission();
  useTitle('Playlists');
  const { route } = useLocation();
  const list = useResource(async () => ok(await api.GET('/api/playlists', { params: { query: { limit: 100, offset: 0 } } })), []);
  const create = useAction(async (values: Record<string, string>) => {
    const body = { name: values.name ?? '', ...(values.description ? { description: values.description } : {}) };
    const { playlist } = await submission.send(body, async (header) => ok(await api.POST('/api/playlists', { params: { header }, body })));
    route(`/playlists/${playlist.id}`);
  });
  return (
    <section>
      <h1>Playlists</h1>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Loading what="playlists" />}
      {list.data && list.data.playlists.length === 0 && <p>No playlists yet.</p>}
      {list.data && list.data.playlists.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your playlists</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Episodes</th><th scope="col">Length</th><th scope="col">Changed</th></tr></thead>
          <tbody>
            {list.data.playlists.map((playlist) => (
              <tr key={playlist.id}>
                <td><a href={`/playlists/${playlist.id}`}>{playlist.name}</a></td>
                <td>{playlist.episodeCount}</td>
                <td>{spokenDuration(playlist.totalDuration)}</td>
                <td>{date(playlist.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form class="stack card" onSubmit={(event) => void create.run(formValues(event))}>
        <h2>New playlist</h2>
        <label for="playlist-name">Name</label>
        <input id="playlist-name" name="name" required maxLength={100} />
        <label for="playlist-description">Description <span class="hint">(optional)</span></label>
        <textarea id="playlist-description" name="description" rows={2} maxLength={500} />
        <ErrorNotice error={create.error} />
        <button class="primary" disabled={create.busy}>Create playlist</button>
      </form>
    </section>
  );
}
