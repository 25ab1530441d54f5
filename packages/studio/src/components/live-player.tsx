// The episode while it is made: its live stream (previewUrl) from a signed address, in the
// browser's own <audio controls>. It plays from the start and on into lines voiced after
// playback started, as the stream grows; when the finished file replaces it at ready, the
// episode's player goes on from the same moment (the two have the same timings).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { handOff, listenLinks } from '../api/listen.ts';
import { toStudioError, type StudioError } from '../api/errors.ts';
import { spokenDuration } from '../format.ts';
import { ErrorNotice } from './notice.tsx';

export function LivePlayer(props: { episodeId: string; durationMs: number | null; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [src, setSrc] = useState<string | undefined>(undefined);
  const [error, setError] = useState<StudioError | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (src) void audio.current?.play().catch(() => undefined);
  }, [src]);
  // A layout cleanup: it runs while the element is still in the page, before its removal pauses it.
  useLayoutEffect(() => () => {
    const element = audio.current;
    if (element && !element.paused) handOff(props.episodeId, element.currentTime * 1000);
  }, []);
  const listen = async () => {
    setLoading(true);
    setError(undefined);
    try {
      const links = await listenLinks(props.episodeId);
      if (!links.live) throw new Error('Nothing of this episode can be heard yet');
      setSrc(links.live.url);
    } catch (failure) {
      setError(toStudioError(failure));
    } finally {
      setLoading(false);
    }
  };
  return (
    <div class="player live">
      <p role="status">You can listen while the rest is made: {spokenDuration(props.durationMs === null ? null : props.durationMs / 1000)} so far.</p>
      {!src && (
        <button type="button" class="primary play" onClick={() => void listen()} disabled={loading}>
          {loading ? 'Opening the stream…' : 'Listen while it is made'}
        </button>
      )}
      <audio ref={audio} src={src} controls={Boolean(src)} preload="none" hidden={!src} aria-label={`Live audio of ${props.title}`} />
      <ErrorNotice error={error} />
    </div>
  );
}
