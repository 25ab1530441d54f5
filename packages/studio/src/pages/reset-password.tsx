// `/reset-password?token=…`, the page the reset e-mail links to: a new password, then sign in.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { forgetSession, publicApi } from '../api/session.ts';
import { formValues } from '../components/form.ts';
import { DoneNotice, ErrorNotice } from '../components/notice.tsx';
import { useAction, useTitle } from '../hooks.ts';
import { PASSWORD_RULES } from './sign-up.tsx';

export function ResetPassword() {
  useTitle('Choose a new password');
  const { query } = useLocation();
  const token = query.token ?? '';
  const reset = useAction(async (password: string) => {
    const message = ok(await publicApi.POST('/api/auth/reset-password', { body: { token, password } })).message;
    // A reset ends every session of the account, this browser's too.
    forgetSession();
    return message;
  });
  if (!token) {
    return (
      <section class="narrow">
        <h1>Choose a new password</h1>
        <p class="notice error" role="alert">This link has no reset token. Open the link from the e-mail again, or <a href="/forgot-password">ask for a new one</a>.</p>
      </section>
    );
  }
  return (
    <section class="narrow">
      <h1>Choose a new password</h1>
      {reset.done ? (
        <>
          <DoneNotice message={reset.done} />
          <p><a class="button primary" href="/sign-in">Sign in</a></p>
        </>
      ) : (
        <form onSubmit={(event) => void reset.run(formValues(event).password ?? '')}>
          <label for="password">New password</label>
          <input id="password" name="password" type="password" autocomplete="new-password" minLength={8} required aria-describedby="password-rules" />
          <p id="password-rules" class="hint">{PASSWORD_RULES}</p>
          <ErrorNotice error={reset.error} />
          {reset.error?.status === 400 && reset.error.details.length === 0 && <p><a href="/forgot-password">Ask for a new link</a></p>}
          <button class="primary" disabled={reset.busy}>Set the new password</button>
        </form>
      )}
    </section>
  );
}
