// Hearing samples (a voice's on the voices page and in the hosts editor, a lexicon entry's
// on the pronunciation page): one <audio> per page, fed from a blob: URL (api/samples.ts
// fetches with the session and waits while a media worker makes the sample). What is
// happening is said in a status line: being made, playing, or why not.
import { useEffect, useRef, useState } from 'preact/hooks';
import { toStudioError, type StudioError } from '../api/errors.ts';
import { fetchSample } from '../api/samples.ts';
import { ErrorNotice } from './notice.tsx';

interface Playing {
  label: string;
  phase: 'loading' | 'waiting' | 'ready';
  src?: string;
}

export interface SamplePlayerState {
  playing: Playing | undefined;
  error: StudioError | undefined;
  /** Plays the sample at `path`; `version` names what it says, so a changed entry is fetched again. */
  play: (path: string, label: string, version?: string) => void;
  audio: { current: HTMLAudioElement | null };
}

export function useSamplePlayer(): SamplePlayerState {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<Playing | undefined>(undefined);
  const [error, setError] = useState<StudioError | undefined>(undefined);
  const fetched = useRef(new Map<string, string>());
  const loading = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => {
    loading.current?.abort();
    for (const url of fetched.current.values()) URL.revokeObjectURL(url);
  }, []);
  // A new source plays as soon as it is set (the person asked for it with a button).
  useEffect(() => {
    if (playing?.phase === 'ready' && audio.current) void audio.current.play().catch(() => undefined);
  }, [playing?.src]);

  const play = (path: string, label: string, version = '') => {
    loading.current?.abort();
    setError(undefined);
    const cacheKey = `${path}#${version}`;
    const known = fetched.current.get(cacheKey);
    if (known) {
      setPlaying({ label, phase: 'ready', src: known });
      if (audio.current && audio.current.src === known) {
        audio.current.currentTime = 0;
        void audio.current.play().catch(() => undefined);
      }
      return;
    }
    const controller = new AbortController();
    loading.current = controller;
    setPlaying({ label, phase: 'loading' });
    fetchSample(path, { signal: controller.signal, onWaiting: () => setPlaying({ label, phase: 'waiting' }) }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        const src = URL.createObjectURL(blob);
        fetched.current.set(cacheKey, src);
        setPlaying({ label, phase: 'ready', src });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setPlaying(undefined);
        setError(toStudioError(failure));
      },
    );
  };
  return { playing, error, play, audio };
}

const PHASE_WORDS = { loading: 'Fetching', waiting: 'Making', ready: 'Playing' } as const;

/** The page's sample player: what is playing (or being made), the browser's own controls, and any error. */
export function SamplePlayer({ player }: { player: SamplePlayerState }) {
  const { playing } = player;
  return (
    <div class="sample-player">
      <p class="hint" role="status">
        {playing ? `${PHASE_WORDS[playing.phase]} the sample: ${playing.label}${playing.phase === 'waiting' ? ' (a media worker is saying it; a few seconds)' : ''}` : ''}
      </p>
      <audio ref={player.audio} src={playing?.src} controls hidden={!playing?.src} aria-label={playing ? `Sample: ${playing.label}` : 'Sample'} />
      <ErrorNotice error={player.error} />
    </div>
  );
}
