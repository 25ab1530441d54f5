// A video played from a signed address (api/listen.ts), which the browser's <video> element
// streams with range requests: a whole episode's video starts at once and seeks anywhere,
// and is never fetched whole into the page. An address that expires while the page is open
// is signed again where playback stopped; one that never played shows why instead.
import { useEffect, useRef, useState } from 'preact/hooks';
import { toStudioError, type StudioError } from '../api/errors.ts';
import { ErrorNotice } from './notice.tsx';

export function SignedVideo({ sign, className, label }: { sign: () => Promise<string>; className?: string; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string | undefined>(undefined);
  const [error, setError] = useState<StudioError | undefined>(undefined);
  const failed = (failure: unknown) => setError(toStudioError(failure));
  useEffect(() => {
    void sign().then(setSrc, failed);
  }, []);
  useEffect(() => {
    const element = video.current;
    if (!element || !src) return;
    let played = false;
    const loaded = () => {
      played = true;
    };
    const renew = () => {
      if (!played) return failed(new Error('The video could not be played; reload the page to try again'));
      const at = element.currentTime;
      void sign().then((fresh) => {
        element.addEventListener('loadedmetadata', () => (element.currentTime = at), { once: true });
        setSrc(fresh);
      }, failed);
    };
    element.addEventListener('loadedmetadata', loaded);
    element.addEventListener('error', renew);
    return () => {
      element.removeEventListener('loadedmetadata', loaded);
      element.removeEventListener('error', renew);
    };
  }, [src]);
  return (
    <>
      {src && <video ref={video} class={className} controls src={src} aria-label={label} />}
      <ErrorNotice error={error} />
    </>
  );
}
