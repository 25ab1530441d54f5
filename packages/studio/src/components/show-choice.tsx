// The show a new episode is made in (the new-episode form): none, or one of the person's
// shows, whose sound it carries and whose defaults it starts from. With a show, the length,
// voices, format and reactions are the show's unless the person chooses to set them for
// this episode.
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useResource } from '../hooks.ts';
import { ErrorNotice } from './notice.tsx';

export function ShowChoice({ showId, onShow, own, onOwn }: { showId: string; onShow: (id: string) => void; own: boolean; onOwn: (own: boolean) => void }) {
  const shows = useResource(async () => ok(await api.GET('/api/shows', { params: { query: { limit: 100, offset: 0 } } })).shows, []);
  const list = shows.data ?? [];
  if (!shows.loading && list.length === 0 && !showId) return null;
  return (
    <fieldset>
      <legend>Show</legend>
      <label for="show">Make it in</label>
      {/* `selected` on the option, not `value` on the select: the shows arrive after the select is drawn. */}
      <select id="show" name="showId" onChange={(event) => onShow(event.currentTarget.value)} aria-describedby="show-hint">
        <option value="" selected={showId === ''}>No show</option>
        {list.map((show) => <option key={show.id} value={show.id} selected={show.id === showId}>{show.name}</option>)}
      </select>
      <p id="show-hint" class="hint">An episode in a show carries its intro, music, stings and outro, appears in its feed and starts from its length, voices, format and reactions.</p>
      {showId && (
        <label class="check"><input type="checkbox" checked={own} onChange={(event) => onOwn(event.currentTarget.checked)} /> Choose the length, language, voices, format and reactions for this episode myself</label>
      )}
      <ErrorNotice error={shows.error} />
    </fieldset>
  );
}
