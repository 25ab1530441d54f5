// A show's sound and cover on its page: each part (intro, music bed, sting, outro) with
// what it is, a Listen button (the kept file, fetched with the session and played by the
// page's player), an upload that replaces it and a Remove button; the cover shown and
// replaced the same way. The server checks every file (real audio, its length, its size;
// a square image of the right size) and says in words why it refused one.
import { useEffect, useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { fetchBlob } from '../api/files.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import type { Show, ShowPart } from '../api/types.ts';
import { clock } from '../format.ts';
import { useAction } from '../hooks.ts';
import { DoneNotice, ErrorNotice } from './notice.tsx';
import type { SamplePlayerState } from './sample-player.tsx';

type PartKind = 'intro' | 'bed' | 'sting' | 'outro';

/** In the order a listener hears them. */
const PARTS: readonly { kind: PartKind; name: string; plays: string; length: string }[] = [
  { kind: 'intro', name: 'Intro', plays: 'First, from the very start; the first line follows it.', length: '1 to 60 seconds' },
  { kind: 'bed', name: 'Music bed', plays: 'Under each section, looped, dipping under the voices and rising in the pauses.', length: '5 seconds to 5 minutes' },
  { kind: 'sting', name: 'Sting', plays: 'At the start of every section after the first.', length: '0.3 to 10 seconds' },
  { kind: 'outro', name: 'Outro', plays: 'Last, after the final line.', length: '1 to 60 seconds' },
];

const AUDIO_FILES = '.wav,.mp3,.flac,audio/wav,audio/mpeg,audio/flac';

function PartRow({ show, kind, name, plays, length, player, onChange }: { show: Show; kind: PartKind; name: string; plays: string; length: string; player: SamplePlayerState; onChange: (show: Show) => void }) {
  const submission = useSubmission();
  const part: ShowPart | null = show.parts[kind];
  const upload = useAction(async (form: HTMLFormElement) => {
    const body = new FormData();
    body.set('file', new FormData(form).get('file') as File);
    const saved = await submission.send(body, async (header) => ok(await api.POST('/api/shows/{id}/audio/{part}', { params: { path: { id: show.id, part: kind }, header }, body: body as never })));
    form.reset();
    onChange(saved.show);
    return `${name} saved.`;
  });
  const remove = useAction(async () => {
    onChange(ok(await api.DELETE('/api/shows/{id}/audio/{part}', { params: { path: { id: show.id, part: kind } } })).show);
    return `${name} removed.`;
  });
  const headingId = `part-${kind}`;
  return (
    <li class="card stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p class="hint">{plays} {length}.</p>
      {part ? (
        <div class="row">
          <span>{part.filename || 'Uploaded'} · {clock(Math.round(part.durationMs / 1000))}</span>
          <button type="button" onClick={() => player.play(part.url, `${name.toLowerCase()} of ${show.name}`, part.uploadedAt)} aria-label={`Listen to the ${name.toLowerCase()}`}>Listen</button>
          <button type="button" class="link" onClick={() => void remove.run()} disabled={remove.busy} aria-label={`Remove the ${name.toLowerCase()}`}>Remove</button>
        </div>
      ) : <p>None yet.</p>}
      <form class="row" aria-label={`Upload the ${name.toLowerCase()}`} onSubmit={(event) => { event.preventDefault(); void upload.run(event.currentTarget); }}>
        <label for={`${kind}-file`}>{part ? 'Replace it' : 'Add one'} <span class="hint">(WAV, MP3 or FLAC)</span></label>
        <input id={`${kind}-file`} name="file" type="file" required accept={AUDIO_FILES} />
        <button disabled={upload.busy}>{upload.busy ? 'Checking…' : 'Upload'}</button>
      </form>
      <ErrorNotice error={upload.error ?? remove.error} />
      <DoneNotice message={upload.done ?? remove.done} />
    </li>
  );
}

export function ShowSound({ show, player, onChange }: { show: Show; player: SamplePlayerState; onChange: (show: Show) => void }) {
  return (
    <ul class="plain parts" aria-label="The show's sound">
      {PARTS.map((part) => <PartRow key={part.kind} show={show} {...part} player={player} onChange={onChange} />)}
    </ul>
  );
}

/** The cover: shown from a blob: URL (an <img> cannot send the session's token), uploaded, removed. */
export function ShowCover({ show, onChange }: { show: Show; onChange: (show: Show) => void }) {
  const submission = useSubmission();
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!show.artworkUrl) return setSrc(undefined);
    const controller = new AbortController();
    let url: string | undefined;
    fetchBlob(show.artworkUrl, controller.signal).then((blob) => setSrc((url = URL.createObjectURL(blob))), () => setSrc(undefined));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [show.artworkUrl]);
  const upload = useAction(async (form: HTMLFormElement) => {
    const body = new FormData();
    body.set('file', new FormData(form).get('file') as File);
    const saved = await submission.send(body, async (header) => ok(await api.POST('/api/shows/{id}/artwork', { params: { path: { id: show.id }, header }, body: body as never })));
    form.reset();
    onChange(saved.show);
    return 'Cover saved.';
  });
  const remove = useAction(async () => {
    onChange(ok(await api.DELETE('/api/shows/{id}/artwork', { params: { path: { id: show.id } } })).show);
    return 'Cover removed: the feed draws one from the name.';
  });
  return (
    <div class="stack">
      {src ? <img class="cover" src={src} alt={`The cover of ${show.name}`} width={200} height={200} /> : <p>No cover yet: the feed draws one from the show's name.</p>}
      <form class="row" aria-label="Upload the cover" onSubmit={(event) => { event.preventDefault(); void upload.run(event.currentTarget); }}>
        <label for="cover-file">{show.artworkUrl ? 'Replace it' : 'Add one'} <span class="hint">(a square PNG or JPEG, 1400 to 3000 pixels)</span></label>
        <input id="cover-file" name="file" type="file" required accept=".png,.jpg,.jpeg,image/png,image/jpeg" />
        <button disabled={upload.busy}>{upload.busy ? 'Checking…' : 'Upload'}</button>
        {show.artworkUrl && <button type="button" class="link" onClick={() => void remove.run()} disabled={remove.busy}>Remove the cover</button>}
      </form>
      <ErrorNotice error={upload.error ?? remove.error} />
      <DoneNotice message={upload.done ?? remove.done} />
    </div>
  );
}
