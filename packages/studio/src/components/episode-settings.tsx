// What the owner can do with an episode: downloads, the public switch, title and
// description, and deleting it.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { fetchBlob, fileName, saveBlob, saveUrl } from '../api/files.ts';
import { listenLinks } from '../api/listen.ts';
import { api } from '../api/session.ts';
import { useAction } from '../hooks.ts';
import type { EpisodeDetail } from '../api/types.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { DoneNotice, ErrorNotice } from './notice.tsx';

type Editable = EpisodeDetail;

export function Downloads({ episode }: { episode: Editable }) {
  const download = useAction(async (path: string, extension: string) => {
    // The MP3 goes straight to the browser's downloads from a signed address, never whole through page memory.
    if (extension === 'mp3') {
      const audio = (await listenLinks(episode.id)).audio;
      if (audio) return saveUrl(audio.url, fileName(episode.title, extension));
    }
    saveBlob(await fetchBlob(path), fileName(episode.title, extension));
  });
  const base = `/api/episodes/${encodeURIComponent(episode.id)}`;
  return (
    <div class="downloads">
      <div class="row" role="group" aria-labelledby="downloads-label">
        <span id="downloads-label">Download</span>
        <button type="button" onClick={() => void download.run(`${base}/audio`, 'mp3')} disabled={download.busy} aria-label="Download MP3">MP3</button>
        <button type="button" onClick={() => void download.run(`${base}/transcript?format=vtt`, 'vtt')} disabled={download.busy} aria-label="Download the transcript as WebVTT">WebVTT</button>
        <button type="button" onClick={() => void download.run(`${base}/transcript?format=srt`, 'srt')} disabled={download.busy} aria-label="Download the transcript as SubRip">SubRip</button>
      </div>
      <ErrorNotice error={download.error} />
    </div>
  );
}

export function EpisodeSettings({ episode, onChange }: { episode: Editable; onChange: (episode: Editable) => void }) {
  const { route } = useLocation();
  const id = episode.id;
  const update = useAction(async (body: { title?: string; description?: string; isPublic?: boolean }) => {
    const updated = ok(await api.PATCH('/api/episodes/{id}', { params: { path: { id } }, body })).episode;
    onChange(updated);
    return body.isPublic === undefined ? 'Saved.' : updated.isPublic ? 'The episode is public: anyone with its address can listen.' : 'The episode is private.';
  });
  const remove = useAction(async () => {
    ok(await api.DELETE('/api/episodes/{id}', { params: { path: { id } } }));
    route('/episodes');
  });
  const written = !['queued', 'ingesting', 'generating_script'].includes(episode.status);
  return (
    <section aria-labelledby="settings-heading" class="settings">
      <h2 id="settings-heading">Settings</h2>
      <label class="switch">
        <input type="checkbox" role="switch" checked={episode.isPublic} disabled={update.busy} onChange={(event) => void update.run({ isPublic: event.currentTarget.checked })} />
        Public: anyone with the address can listen, read the transcript and the notes
      </label>
      {written && (
        <form class="stack" onSubmit={(event) => {
          event.preventDefault();
          const values = new FormData(event.currentTarget);
          void update.run({ title: String(values.get('title') ?? ''), description: String(values.get('description') ?? '') });
        }}>
          <label for="episode-title">Title</label>
          <input id="episode-title" name="title" defaultValue={episode.title} required maxLength={200} />
          <label for="episode-description">Description</label>
          <textarea id="episode-description" name="description" rows={3} maxLength={2000} defaultValue={episode.description} />
          <button disabled={update.busy}>Save</button>
        </form>
      )}
      <ErrorNotice error={update.error} />
      <DoneNotice message={update.done} />
      <ConfirmButton label="Delete episode" question={`Delete “${episode.title || 'this episode'}”, its audio and transcript? This cannot be undone.`} confirmLabel="Delete" onConfirm={() => void remove.run()} disabled={remove.busy} />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
