// "Video": the episode as a captioned video in a shape (square, landscape, vertical). The
// first ask makes it on a media worker; the panel shows its progress, then plays it here and
// offers it to download, both from a signed address (signed-video.tsx): however long the
// episode, the file never passes whole through the page.
import { useState } from 'preact/hooks';
import { fileName, saveUrl } from '../api/files.ts';
import { signedVideoUrl } from '../api/listen.ts';
import { untilMade } from '../api/samples.ts';
import { useAction } from '../hooks.ts';
import { ErrorNotice } from './notice.tsx';
import { SignedVideo } from './signed-video.tsx';

export const SHAPES = [['square', 'Square (1080 × 1080)'], ['landscape', 'Landscape (1920 × 1080)'], ['vertical', 'Vertical (1080 × 1920)']] as const;
export type Shape = (typeof SHAPES)[number][0];

/** A whole episode's video may take minutes to make. */
const VIDEO_WAIT_MS = 15 * 60_000;

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
  const [made, setMade] = useState<Shape | undefined>(undefined);
  const make = useAction(async () => {
    setPercent(0);
    const path = `/api/episodes/${encodeURIComponent(episodeId)}/video?shape=${shape}`;
    await untilMade(path, { giveUpMs: VIDEO_WAIT_MS, onWaiting: (done) => setPercent(done ?? 0) });
    setPercent(undefined);
    setMade(shape);
    return 'The video is ready.';
  });
  const download = useAction(async (of: Shape) => saveUrl(await signedVideoUrl(episodeId, of), fileName(`${title}-${of}`, 'mp4')));
  return (
    <section aria-labelledby="video-heading" class="video-panel">
      <h2 id="video-heading">Video</h2>
      <p class="hint">The episode with its artwork, title, chapters, moving level bars and captions, to post where podcasts are watched.</p>
      <ShapeChoice name="video-shape" value={shape} onChange={setShape} />
      <p class="row">
        <button type="button" class="primary" disabled={make.busy} onClick={() => void make.run()}>{make.busy ? 'Making the video…' : 'Make the video'}</button>
        {made && <button type="button" disabled={download.busy} onClick={() => void download.run(made)}>Download MP4</button>}
      </p>
      {make.busy && percent !== undefined && (
        <div class="progress">
          <progress max={100} value={percent} aria-label="Progress of the video" aria-valuetext={`${percent}%`} />
          <span class="hint">{percent}% · made on a media worker</span>
        </div>
      )}
      <ErrorNotice error={make.error ?? download.error} />
      <p role="status" class="hint">{make.done ?? ''}</p>
      {made && <SignedVideo key={made} sign={() => signedVideoUrl(episodeId, made)} className={`video-${made}`} label={`The episode as a ${made} video`} />}
    </section>
  );
}
