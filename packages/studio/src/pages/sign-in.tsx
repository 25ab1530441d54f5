// Sign in: e-mail and password; the session's refresh token is set as an httpOnly cookie.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { publicApi, startSession } from '../api/session.ts';
import { formValues, nextPath } from '../components/form.ts';
import { ErrorNotice } from '../components/notice.tsx';
import { useAction, useTitle } from '../hooks.ts';

export function SignIn() {
  useTitle('Sign in');
  const { query, route } = useLocation();
  const signIn = useAction(async (email: string, password: string) => {
    startSession(ok(await publicApi.POST('/api/auth/browser/login', { body: { email, password } })));
    route(nextPath(query));
  });
  return (
    <section class="narrow">
      <h1>Sign in</h1>
      <form onSubmit={(event) => {
        const { email = '', password = '' } = formValues(event);
        void signIn.run(email, password);
      }}>
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <ErrorNotice error={signIn.error} />
        <button class="primary" disabled={signIn.busy}>{signIn.busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <p><a href="/forgot-password">Forgot your password?</a> · <a href="/sign-up">Create an account</a></p>
    </section>
  );
}
