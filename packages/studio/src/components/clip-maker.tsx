// "Clip this": a passage of the transcript (from one line to another, at most 90 seconds) as
// a captioned video to share. The clips made are listed with their progress (asked again
// while any is being made), to watch, download or delete.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { fileName, saveUrl } from '../api/files.ts';
import { signedClipUrl } from '../api/listen.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { clock } from '../format.ts';
import { useAction, useResource } from '../hooks.ts';
import { ErrorNotice, Loading } from './notice.tsx';
import type { Segment } from './transcript.tsx';
import { SignedVideo } from './signed-video.tsx';
import { ShapeChoice, type Shape } from './video-panel.tsx';

const MAX_CLIP_MS = 90_000;
const POLL_MS = 3_000;

const lineLabel = (segment: Segment) => `${clock(segment.startTimeMs / 1000)} ${segment.speakerName ?? segment.speaker}: ${segment.text.slice(0, 60)}${segment.text.length > 60 ? '…' : ''}`;

/** A made clip, watched and downloaded from its signed address (signed-video.tsx). */
function ClipPlayer({ episodeId, clipId, label }: { episodeId: string; clipId: string; label: string }) {
  const [watching, setWatching] = useState(false);
  const download = useAction(async () => saveUrl(await signedClipUrl(episodeId, clipId), fileName(label, 'mp4')));
  return (
    <>
      {!watching && <button type="button" onClick={() => setWatching(true)}>Watch</button>}
      <button type="button" disabled={download.busy} onClick={() => void download.run()}>Download MP4</button>
      <ErrorNotice error={download.error} />
      {watching && <SignedVideo sign={() => signedClipUrl(episodeId, clipId)} label={`Clip: ${label}`} />}
    </>
  );
}

export function ClipMaker({ episodeId, title, segments }: { episodeId: string; title: string; segments: Segment[] }) {
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(Math.min(2, segments.length - 1));
  const [shape, setShape] = useState<Shape>('vertical');
  const clips = useResource(async () => ok(await api.GET('/api/episodes/{id}/clips', { params: { path: { id: episodeId } } })), [episodeId]);
  const making = clips.data?.clips.some((clip) => clip.status === 'queued' || clip.status === 'rendering') ?? false;
  useEffect(() => {
    if (!making) return;
    const timer = setTimeout(clips.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [clips.data]);
  const first = segments[Math.min(from, to)];
  const last = segments[Math.max(from, to)];
  const lengthMs = first && last ? last.endTimeMs - first.startTimeMs : 0;
  const tooLong = lengthMs > MAX_CLIP_MS;
  const submission = useSubmission();
  const create = useAction(async () => {
    remove.clear();
    if (!first || !last) return;
    const body = { startMs: first.startTimeMs, endMs: last.endTimeMs, shape };
    const made = await submission.send(body, (headers) =>
      api.POST('/api/episodes/{id}/clips', { params: { path: { id: episodeId }, header: headers }, body }).then(ok));
    clips.reload();
    return `Clip of ${Math.round(made.clip.durationMs / 1000)} s asked for; it is made on a media worker.`;
  });
  const remove = useAction(async (clipId: string) => {
    create.clear();
    ok(await api.DELETE('/api/episodes/{id}/clips/{clipId}', { params: { path: { id: episodeId, clipId } } }));
    clips.reload();
    return 'Clip deleted.';
  });
  const options = useMemo(() => segments.map((segment, index) => <option key={segment.id} value={index}>{lineLabel(segment)}</option>), [segments]);
  return (
    <section aria-labelledby="clips-heading" class="clips">
      <h2 id="clips-heading">Clip this</h2>
      <p class="hint">Choose a passage of the transcript, up to 90 seconds: a captioned video to share.</p>
      <form class="stack" onSubmit={(event) => {
        event.preventDefault();
        void create.run();
      }}>
        <label for="clip-from">From the line</label>
        <select id="clip-from" value={String(from)} onChange={(event) => setFrom(Number(event.currentTarget.value))}>{options}</select>
        <label for="clip-to">To the line</label>
        <select id="clip-to" value={String(to)} onChange={(event) => setTo(Number(event.currentTarget.value))}>{options}</select>
        <p class={tooLong ? 'notice error' : 'hint'} role={tooLong ? 'alert' : undefined}>
          {first && last ? `${clock(first.startTimeMs / 1000)} to ${clock(last.endTimeMs / 1000)}: ${Math.round(lengthMs / 1000)} s` : ''}
          {tooLong ? ' — a clip is at most 90 seconds; choose fewer lines.' : ''}
        </p>
        <ShapeChoice name="clip-shape" value={shape} onChange={setShape} />
        <p><button class="primary" disabled={create.busy || tooLong}>Clip this</button></p>
      </form>
      <ErrorNotice error={create.error ?? remove.error} />
      <p role="status" class="hint">{create.done ?? remove.done ?? ''}</p>
      {clips.loading && !clips.data && <Loading what="the clips" />}
      <ErrorNotice error={clips.error} />
      {clips.data && clips.data.clips.length > 0 && (
        <ul class="clip-list" aria-label="Clips">
          {clips.data.clips.map((clip) => {
            const label = `${title} ${clock(clip.startMs / 1000)}–${clock(clip.endMs / 1000)} ${clip.shape}`;
            return (
              <li key={clip.id}>
                <span>{clock(clip.startMs / 1000)}–{clock(clip.endMs / 1000)} · {clip.shape} · {clip.status === 'ready' ? 'ready' : clip.status === 'failed' ? `failed: ${clip.error ?? ''}` : `being made, ${clip.progressPercent}%`}</span>
                {clip.status === 'ready' && <ClipPlayer episodeId={episodeId} clipId={clip.id} label={label} />}
                <button type="button" class="danger" disabled={remove.busy} onClick={() => void remove.run(clip.id)} aria-label={`Delete the clip ${clock(clip.startMs / 1000)}–${clock(clip.endMs / 1000)}`}>Delete</button>
              </li>
            );
          })}
        </ul>
      )}
      {clips.data && <p class="hint">{clips.data.clips.length} of {clips.data.limit} clips this episode may keep.</p>}
    </section>
  );
}
