// The episode's player. It plays from a signed address (api/listen.ts) that the browser's
// <audio> element streams with range requests, so a two-hour episode starts at once and
// seeks anywhere; a public episode plays from its audio URL as it is. A signed address
// that expires while the page is open is signed again where playback stopped. It is the
// browser's own <audio controls>, keyboard-usable, and the page follows its clock for the
// transcript. Opened where a live stream was playing when the finished file replaced it,
// it goes on from there.
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { listenLinks, takeHandoff } from '../api/listen.ts';
import { toStudioError, type StudioError } from '../api/errors.ts';
import { spokenDuration } from '../format.ts';
import { ErrorNotice } from './notice.tsx';

async function signedAudio(id: string): Promise<string> {
  const links = await listenLinks(id);
  if (!links.audio) throw new Error('The audio of this episode is not available yet');
  return links.audio.url;
}

export function usePlayer(audio: RefObject<HTMLAudioElement | null>, episode: { id: string; isPublic: boolean; audioUrl: string | null }) {
  const [src, setSrc] = useState<string | undefined>(episode.isPublic && episode.audioUrl ? episode.audioUrl : undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<StudioError | undefined>(undefined);
  const [pending, setPending] = useState<number | undefined>(undefined);
  // Once the source is set, a waiting seek plays from its place.
  useEffect(() => {
    const element = audio.current;
    if (!element || !src || pending === undefined) return;
    element.currentTime = pending / 1000;
    setPending(undefined);
    void element.play().catch(() => undefined);
  }, [src, pending]);
  // A signed address that stopped serving (expired, typically) is signed again, where playback was.
  useEffect(() => {
    const element = audio.current;
    if (!element || !src || !src.includes('token=')) return;
    const renew = () => {
      const at = element.currentTime * 1000;
      void signedAudio(episode.id).then((fresh) => {
        setSrc(fresh);
        setPending(at);
      }, (failure: unknown) => setError(toStudioError(failure)));
    };
    element.addEventListener('error', renew);
    return () => element.removeEventListener('error', renew);
  }, [src]);

  const load = async (): Promise<void> => {
    if (src || loading) return;
    setLoading(true);
    setError(undefined);
    try {
      setSrc(await signedAudio(episode.id));
    } catch (failure) {
      setError(toStudioError(failure));
    } finally {
      setLoading(false);
    }
  };
  const seek = (ms: number) => {
    setPending(ms);
    if (!src) void load();
  };
  // Where a live stream was playing when this file replaced it.
  useEffect(() => {
    const ms = takeHandoff(episode.id);
    if (ms !== undefined) seek(ms);
  }, []);
  return { src, loading, error, load, seek, play: () => seek(audio.current?.currentTime ? audio.current.currentTime * 1000 : 0) };
}

export function Player(props: { audio: RefObject<HTMLAudioElement | null>; player: ReturnType<typeof usePlayer>; duration: number | null; title: string }) {
  const { player } = props;
  return (
    <div class="player">
      {!player.src && (
        <button type="button" class="primary play" onClick={() => player.play()} disabled={player.loading}>
          {player.loading ? 'Loading the audio…' : `Play (${spokenDuration(props.duration)})`}
        </button>
      )}
      <audio ref={props.audio} src={player.src} controls={Boolean(player.src)} preload={player.src ? 'auto' : 'none'} hidden={!player.src} aria-label={`Audio of ${props.title}`} />
      <ErrorNotice error={player.error} />
    </div>
  );
}

/** The audio's position in milliseconds, following it smoothly while it plays. */
export function useAudioClock(audio: RefObject<HTMLAudioElement | null>, src: string | undefined): number {
  const [ms, setMs] = useState(0);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    let frame = 0;
    const read = () => setMs(Math.round(element.currentTime * 1000));
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      read();
    };
    element.addEventListener('play', start);
    element.addEventListener('pause', stop);
    element.addEventListener('ended', stop);
    element.addEventListener('seeked', read);
    element.addEventListener('timeupdate', read);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('play', start);
      element.removeEventListener('pause', stop);
      element.removeEventListener('ended', stop);
      element.removeEventListener('seeked', read);
      element.removeEventListener('timeupdate', read);
    };
  }, [src]);
  return ms;
}
