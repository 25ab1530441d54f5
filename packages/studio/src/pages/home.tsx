// `/`: the episodes for a signed-in person, a short welcome otherwise.
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { Loading } from '../components/notice.tsx';
import { useSession, useTitle } from '../hooks.ts';

export function Home() {
  const session = useSession();
  const { route } = useLocation();
  useTitle('');
  useEffect(() => {
    if (session.kind === 'signed-in') route('/episodes', true);
  }, [session.kind]);
  if (session.kind !== 'signed-out') return <Loading what="your session" />;
  return (
    <section class="welcome">
      <h1>Turn what you read into a podcast</h1>
      <p>Paste text, give a web address or upload a document. Castwright writes a script for one or two hosts, records it, and gives you the audio, a timed transcript and show notes.</p>
      <p class="row">
        <a class="button primary" href="/sign-up">Create an account</a>
        <a class="button" href="/sign-in">Sign in</a>
      </p>
    </section>
  );
}
