// "Video": the episode as a captioned video in a shape (square, landscape, vertical). The
// first ask makes it on a media worker; the panel shows its progress, then plays it here and
// offers it to download. The file comes with the session, so it plays from a blob: URL.
import { useEffect, useState } from 'preact/hooks';
import { fileName, saveBlob } from '../api/files.ts';
import { fetchSample } from '../api/samples.ts';
import { useAction } from '../hooks.ts';
import { ErrorNotice } from './notice.tsx';

export const SHAPES = [['square', 'Square (1080 × 1080)'], ['landscape', 'Landscape (1920 × 1080)'], ['vertical', 'Vertical (1080 × 1920)']] as const;
export type Shape = (typeof SHAPES)[number][0];

/** A whole episode's video may take minutes to make. */
const VIDEO_WAIT_MS = 15 * 60_000;

/** A blob: URL for the component's life. */
export function useBlobUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

export function ShapeChoice({ name, value, onChange }: { name: string; value: Shape; onChange: (shape: Shape) => void }) {
  return (
    <fieldset class="shapes">
      <legend>Shape</legend>
      {SHAPES.map(([shape, label]) => (
        <label key={shape}>
          <input type="radio" name={name} value={shape} checked={value === shape} onChange={() => onChange(shape)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

export function VideoPanel({ episodeId, title }: { episodeId: string; title: string }) {
  const [shape, setShape] = useState<Shape>('square');
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const [video, setVideo] = useState<{ shape: Shape; blob: Blob } | undefined>(undefined);
  const url = useBlobUrl(video?.blob);
  const make = useAction(async () => {
    setPercent(0);
    const path = `/api/episodes/${encodeURIComponent(episodeId)}/video?shape=${shape}`;
    const blob = await fetchSample(path, { giveUpMs: VIDEO_WAIT_MS, onWaiting: (made) => setPercent(made ?? 0) });
    setPercent(undefined);
    setVideo({ shape, blob });
    return 'The video is ready.';
  });
  return (
    <section aria-labelledby="video-heading" class="video-panel">
      <h2 id="video-heading">Video</h2>
      <p class="hint">The episode with its artwork, title, chapters, moving level bars and captions, to post where podcasts are watched.</p>
      <ShapeChoice name="video-shape" value={shape} onChange={setShape} />
      <p class="row">
        <button type="button" class="primary" disabled={make.busy} onClick={() => void make.run()}>{make.busy ? 'Making the video…' : 'Make the video'}</button>
        {video && url && <button type="button" onClick={() => saveBlob(video.blob, fileName(`${title}-${video.shape}`, 'mp4'))}>Download MP4</button>}
      </p>
      {make.busy && percent !== undefined && (
        <div class="progress">
          <progress max={100} value={percent} aria-label="Progress of the video" aria-valuetext={`${percent}%`} />
          <span class="hint">{percent}% · made on a media worker</span>
        </div>
      )}
      <ErrorNotice error={make.error} />
      <p role="status" class="hint">{make.done ?? ''}</p>
      {video && url && <video class={`video-${video.shape}`} controls src={url} aria-label={`The episode as a ${video.shape} video`} />}
    </section>
  );
}
