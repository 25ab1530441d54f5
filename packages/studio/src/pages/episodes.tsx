// `/episodes`: the list, newest first, with status, duration and live progress.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { MAX_FOLLOWED, needsFollowing, useProgress } from '../api/progress.ts';
import { api } from '../api/session.ts';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { date, spokenDuration, STATUS_LABELS, statusLabel } from '../format.ts';
import { useResource, useTitle } from '../hooks.ts';

const PAGE_SIZE = 20;
type Status = 'queued' | 'ingesting' | 'generating_script' | 'review_script' | 'generating_audio' | 'ready' | 'error';

interface Row {
  id: string;
  title: string;
  status: string;
  audioDuration: number | null;
  createdAt: string;
}

function EpisodeRow({ episode, follow }: { episode: Row; follow: boolean }) {
  const live = useProgress(episode.id, follow);
  const status = live?.status ?? episode.status;
  const duration = live?.audioDuration ?? episode.audioDuration;
  return (
    <tr>
      <td><a href={`/episodes/${episode.id}`}>{episode.title || 'Untitled episode'}</a></td>
      <td>
        {follow && live && status !== 'ready' && status !== 'error'
          ? <ProgressBar percent={live.progressPercent} status={status} label={`Progress of ${episode.title || 'the episode'}`} />
          : <span class={`status status-${status}`}>{statusLabel(status)}</span>}
      </td>
      <td>{spokenDuration(duration)}</td>
      <td>{date(episode.createdAt)}</td>
    </tr>
  );
}

export function Episodes() {
  useTitle('Episodes');
  const { query, route } = useLocation();
  const status = (query.status ?? '') as Status | '';
  const offset = Math.max(0, Number(query.offset ?? 0) || 0);
  const list = useResource(async () => ok(await api.GET('/api/episodes', { params: { query: { limit: PAGE_SIZE, offset, ...(status ? { status } : {}) } } })), [status, offset]);
  const go = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams({ ...(status ? { status } : {}), offset: String(offset), ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, String(v)])) });
    for (const [key, value] of [...params]) if (!value || value === '0') params.delete(key);
    route(`/episodes${params.size ? `?${params}` : ''}`);
  };
  let followed = 0;
  return (
    <section>
      <div class="heading-row">
        <h1>Episodes</h1>
        <a class="button primary" href="/episodes/new">New episode</a>
      </div>
      <div class="row">
        <label for="status-filter">Show</label>
        <select id="status-filter" class="fit" value={status} onChange={(event) => go({ status: event.currentTarget.value, offset: 0 })}>
          <option value="">All episodes</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </div>
      <ErrorNotice error={list.error} />
      {list.loading && !list.data && <Loading what="episodes" />}
      {list.data && list.data.episodes.length === 0 && <p>No episodes yet. <a href="/episodes/new">Make your first one</a>.</p>}
      {list.data && list.data.episodes.length > 0 && (
        <table class="list">
          <caption class="visually-hidden">Your episodes, newest first</caption>
          <thead><tr><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Created</th></tr></thead>
          <tbody>
            {list.data.episodes.map((episode) => {
              const follow = needsFollowing(episode.status) && followed++ < MAX_FOLLOWED;
              return <EpisodeRow key={episode.id} episode={episode} follow={follow} />;
            })}
          </tbody>
        </table>
      )}
      {list.data && list.data.pagination.total > PAGE_SIZE && (
        <nav class="row pager" aria-label="Pages">
          <button type="button" disabled={offset === 0} onClick={() => go({ offset: Math.max(0, offset - PAGE_SIZE) })}>Newer</button>
          <span>{offset + 1}–{Math.min(offset + PAGE_SIZE, list.data.pagination.total)} of {list.data.pagination.total}</span>
          <button type="button" disabled={offset + PAGE_SIZE >= list.data.pagination.total} onClick={() => go({ offset: offset + PAGE_SIZE })}>Older</button>
        </nav>
      )}
    </section>
  );
}
