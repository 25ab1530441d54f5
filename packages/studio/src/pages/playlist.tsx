// `/playlists/:id`: the episodes in order (reordered by drag or keyboard), adding and
// removing episodes, the private feed (its address shown when made or rotated), and the
// playlist's name, description and deletion.
import { useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CopyField } from '../components/copy-field.tsx';
import { formValues } from '../components/form.ts';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { ReorderList } from '../components/reorder-list.tsx';
import { date, spokenDuration, statusLabel } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

export function Playlist() {
  const submission = useSubmission();
  const { params } = useRoute();
  const { route } = useLocation();
  const id = params.id ?? '';
  const playlist = useResource(async () => ok(await api.GET('/api/playlists/{id}', { params: { path: { id } } })).playlist, [id]);
  const candidates = useResource(async () => ok(await api.GET('/api/episodes', { params: { query: { limit: 100, offset: 0 } } })).episodes, [id]);
  const [feedUrl, setFeedUrl] = useState<string | undefined>(undefined);
  useTitle(playlist.data?.name ?? 'Playlist');
  const data = playlist.data;

  const reorder = useAction(async (episodes: NonNullable<typeof data>['episodes']) => {
    if (!data) return;
    const before = data;
    playlist.set({ ...data, episodes: episodes.map((episode, index) => ({ ...episode, position: index + 1 })) });
    const saved = await api.PUT('/api/playlists/{id}/reorder', { params: { path: { id } }, body: { episodeIds: episodes.map((episode) => episode.id) } });
    if (!saved.response.ok) playlist.set(before);
    ok(saved);
  });
  const add = useAction(async (episodeId: string) => {
    await submission.send({ add: episodeId }, async (header) => ok(await api.POST('/api/playlists/{id}/episodes', { params: { path: { id }, header }, body: { episodeId } })));
    playlist.reload();
    return 'Episode added.';
  });
  const removeEpisode = useAction(async (episodeId: string) => {
    ok(await api.DELETE('/api/playlists/{id}/episodes/{episodeId}', { params: { path: { id, episodeId } } }));
    playlist.reload();
    return 'Episode removed from the playlist.';
  });
  const update = useAction(async (values: Record<string, string>) => {
    const saved = ok(await api.PUT('/api/playlists/{id}', { params: { path: { id } }, body: { name: values.name ?? '', description: values.description ?? '' } })).playlist;
    if (data) playlist.set({ ...data, ...saved });
    return 'Saved.';
  });
  const makeFeed = useAction(async () => {
    const feed = await submission.send('feed', async (header) => ok(await api.POST('/api/playlists/{id}/feed', { params: { path: { id }, header } })));
    setFeedUrl(feed.feedUrl);
    if (data) playlist.set({ ...data, feed: { enabled: true, createdAt: feed.createdAt } });
    return feed.warning;
  });
  const dropFeed = useAction(async () => {
    ok(await api.DELETE('/api/playlists/{id}/feed', { params: { path: { id } } }));
    setFeedUrl(undefined);
    if (data) playlist.set({ ...data, feed: { enabled: false, createdAt: null } });
    return 'The feed is off; its address no longer works.';
  });
  const remove = useAction(async () => {
    ok(await api.DELETE('/api/playlists/{id}', { params: { path: { id } } }));
    route('/playlists');
  });

  if (!data) {
    return (
      <section>
        <h1>Playlist</h1>
        {playlist.loading ? <Loading what="the playlist" /> : <ErrorNotice error={playlist.error} />}
      </section>
    );
  }
  const members = new Set(data.episodes.map((episode) => episode.id));
  const addable = (candidates.data ?? []).filter((episode) => !members.has(episode.id));
  return (
    <section>
      <p><a href="/playlists">All playlists</a></p>
      <h1>{data.name}</h1>
      <p class="meta"><span>{data.episodeCount} episodes</span><span>{spokenDuration(data.totalDuration)}</span><span>Changed {date(data.updatedAt)}</span></p>
      {data.description && <p>{data.description}</p>}

      <h2>Episodes</h2>
      {data.episodes.length === 0 && <p>No episodes in this playlist yet.</p>}
      {data.episodes.length > 0 && (
        <ReorderList
          items={data.episodes}
          label="Episodes in playing order"
          onReorder={(episodes) => void reorder.run(episodes)}
          render={(episode) => (
            <>
              <a href={`/episodes/${episode.id}`}>{episode.title || 'Untitled episode'}</a>
              <span class="hint">{episode.status === 'ready' ? spokenDuration(episode.audioDuration) : statusLabel(episode.status)}</span>
              <button type="button" class="link" onClick={() => void removeEpisode.run(episode.id)} aria-label={`Remove ${episode.title} from the playlist`}>Remove</button>
            </>
          )}
        />
      )}
      <ErrorNotice error={reorder.error ?? removeEpisode.error} />
      <DoneNotice message={removeEpisode.done ?? add.done} />
      <form class="row" onSubmit={(event) => void add.run(formValues(event).episodeId ?? '')}>
        <label for="add-episode">Add an episode</label>
        <select id="add-episode" name="episodeId" required>
          <option value="">Choose an episode…</option>
          {addable.map((episode) => <option key={episode.id} value={episode.id}>{episode.title || 'Untitled episode'}</option>)}
        </select>
        <button disabled={add.busy}>Add</button>
      </form>
      <ErrorNotice error={add.error} />

      <h2>Private podcast feed</h2>
      <p>Give a podcast app this playlist's private address to subscribe to it. Anyone with the address can listen, so treat it like a password; making a new one turns the old one off.</p>
      {feedUrl && <CopyField id="feed-url" label="Feed address (shown only now)" value={feedUrl} />}
      {!feedUrl && data.feed.enabled && <p>The feed is on since {date(data.feed.createdAt)}. Its address was shown when it was made; make a new one to see an address again.</p>}
      <div class="row">
        <button type="button" onClick={() => void makeFeed.run()} disabled={makeFeed.busy}>{data.feed.enabled ? 'Make a new address (rotate)' : 'Turn the feed on'}</button>
        {data.feed.enabled && <button type="button" onClick={() => void dropFeed.run()} disabled={dropFeed.busy}>Turn the feed off</button>}
      </div>
      <ErrorNotice error={makeFeed.error ?? dropFeed.error} />
      <DoneNotice message={makeFeed.done ?? dropFeed.done} />

      <h2>Details</h2>
      <form class="stack" onSubmit={(event) => void update.run(formValues(event))}>
        <label for="playlist-name">Name</label>
        <input id="playlist-name" name="name" required maxLength={100} defaultValue={data.name} />
        <label for="playlist-description">Description</label>
        <textarea id="playlist-description" name="description" rows={2} maxLength={500} defaultValue={data.description} />
        <ErrorNotice error={update.error} />
        <DoneNotice message={update.done} />
        <button disabled={update.busy}>Save</button>
      </form>
      <ConfirmButton label="Delete playlist" question={`Delete the playlist “${data.name}”? Its episodes are kept.`} confirmLabel="Delete" onConfirm={() => void remove.run()} />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
