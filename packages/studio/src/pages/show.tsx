// `/shows/:id`: a show set up in one place — its sound (intro, music bed, sting, outro:
// uploaded, heard, replaced, removed) and cover, its settings (what podcast apps show,
// the defaults its episodes start from, the levels of its mix; saved with If-Match), its
// private podcast feed, and its deletion (its episodes are kept).
import { useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import type { Show as ShowData } from '../api/types.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CopyField } from '../components/copy-field.tsx';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { SamplePlayer, useSamplePlayer } from '../components/sample-player.tsx';
import { ShowSettings, type ShowChanges } from '../components/show-settings.tsx';
import { ShowCover, ShowSound } from '../components/show-sound.tsx';
import { date } from '../format.ts';
import { useAction, useResource, useTitle } from '../hooks.ts';

export function Show() {
  const submission = useSubmission();
  const { params } = useRoute();
  const { route } = useLocation();
  const id = params.id ?? '';
  // The show with the ETag it was read with: every change of the settings is sent with it.
  const read = async () => {
    const answer = await api.GET('/api/shows/{id}', { params: { path: { id } } });
    return { show: ok(answer).show, etag: answer.response.headers.get('etag') ?? undefined };
  };
  const show = useResource(read, [id]);
  // The settings form starts again from the show as it is now after a refused stale save.
  const [formVersion, setFormVersion] = useState(0);
  const readAgain = async () => {
    show.set(await read());
    setFormVersion((version) => version + 1);
  };
  const player = useSamplePlayer();
  const [feedUrl, setFeedUrl] = useState<string | undefined>(undefined);
  useTitle(show.data?.show.name ?? 'Show');
  const data = show.data?.show;
  // A file uploaded or removed answers with the show as it is now; it is shown at once, and read again for its new ETag.
  const changed = (next: ShowData) => {
    show.set({ show: next, etag: show.data?.etag });
    show.reload();
  };

  const save = async (changes: ShowChanges) => {
    const etag = show.data?.etag;
    ok(await api.PATCH('/api/shows/{id}', { params: { path: { id }, header: etag ? { 'if-match': etag } : {} }, body: changes as never }));
    show.reload();
  };
  const makeFeed = useAction(async () => {
    const feed = await submission.send('feed', async (header) => ok(await api.POST('/api/shows/{id}/feed', { params: { path: { id }, header } })));
    setFeedUrl(feed.feedUrl);
    show.reload();
    return feed.warning;
  });
  const dropFeed = useAction(async () => {
    ok(await api.DELETE('/api/shows/{id}/feed', { params: { path: { id } } }));
    setFeedUrl(undefined);
    show.reload();
    return 'The feed is off; its address no longer works.';
  });
  const remove = useAction(async () => {
    ok(await api.DELETE('/api/shows/{id}', { params: { path: { id } } }));
    route('/shows');
  });

  if (!data) {
    return (
      <section>
        <h1>Show</h1>
        {show.loading ? <Loading what="the show" /> : <ErrorNotice error={show.error} />}
      </section>
    );
  }
  return (
    <section>
      <p><a href="/shows">All shows</a></p>
      <h1>{data.name}</h1>
      <p class="meta"><span>{data.episodeCount} episodes</span><span>Changed {date(data.updatedAt)}</span></p>
      <p><a class="button" href={`/episodes/new?show=${encodeURIComponent(data.id)}`}>New episode in this show</a></p>

      <h2>Sound</h2>
      <p>Every episode in the show carries it: the intro first, the music bed under the voices (it dips while they speak), a sting between sections, the outro last. After a change, render an episode again to hear it: nothing is voiced again.</p>
      <ShowSound show={data} player={player} onChange={changed} />
      <SamplePlayer player={player} />

      <h2>Cover</h2>
      <ShowCover show={data} onChange={changed} />

      <h2>Settings</h2>
      <ShowSettings key={formVersion} show={data} onSave={save} onReadAgain={readAgain} />

      <h2>Private podcast feed</h2>
      <p>Give a podcast app this show's private address to subscribe to its episodes, newest first, with the show's name, cover and author. Anyone with the address can listen, so treat it like a password; making a new one turns the old one off.</p>
      {feedUrl && <CopyField id="feed-url" label="Feed address (shown only now)" value={feedUrl} />}
      {!feedUrl && data.feedEnabled && <p>The feed is on. Its address was shown when it was made; make a new one to see an address again.</p>}
      <div class="row">
        <button type="button" onClick={() => void makeFeed.run()} disabled={makeFeed.busy}>{data.feedEnabled ? 'Make a new address (rotate)' : 'Turn the feed on'}</button>
        {data.feedEnabled && <button type="button" onClick={() => void dropFeed.run()} disabled={dropFeed.busy}>Turn the feed off</button>}
      </div>
      <ErrorNotice error={makeFeed.error ?? dropFeed.error} />
      <DoneNotice message={makeFeed.done ?? dropFeed.done} />

      <h2>Delete</h2>
      <ConfirmButton label="Delete show" question={`Delete the show “${data.name}” with its sound, cover and feed? Its episodes are kept, outside any show.`} confirmLabel="Delete" onConfirm={() => void remove.run()} />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
