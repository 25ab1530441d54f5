// `/verify-email?token=…`, the page the confirmation e-mail links to: it confirms the
// address at once (a link scanner that runs no script confirms nothing).
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { publicApi, updateSessionUser } from '../api/session.ts';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { useAction, useSession, useTitle } from '../hooks.ts';

export function VerifyEmail() {
  useTitle('Confirm your e-mail');
  const { query } = useLocation();
  const session = useSession();
  const token = query.token ?? '';
  const verify = useAction(async () => {
    const message = ok(await publicApi.POST('/api/auth/verify-email', { body: { token } })).message;
    updateSessionUser({ emailVerified: true });
    return message;
  });
  useEffect(() => {
    if (token) void verify.run();
  }, [token]);
  return (
    <section class="narrow">
      <h1>Confirm your e-mail</h1>
      {!token && <p class="notice error" role="alert">This link has no confirmation token. Open the link from the e-mail again.</p>}
      {verify.busy && <Loading what="the confirmation" />}
      <ErrorNotice error={verify.error} />
      <DoneNotice message={verify.done} />
      {verify.done && <p><a class="button primary" href={session.kind === 'signed-in' ? '/episodes' : '/sign-in'}>{session.kind === 'signed-in' ? 'Go to your episodes' : 'Sign in'}</a></p>}
    </section>
  );
}
