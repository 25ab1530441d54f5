// Ask for a password reset link; the answer is the same whether or not the account exists.
import { ok } from '../api/errors.ts';
import { publicApi } from '../api/session.ts';
import { formValues } from '../components/form.ts';
import { DoneNotice, ErrorNotice } from '../components/notice.tsx';
import { useAction, useTitle } from '../hooks.ts';

export function ForgotPassword() {
  useTitle('Forgot your password');
  const request = useAction(async (email: string) => ok(await publicApi.POST('/api/auth/request-password-reset', { body: { email } })).message);
  return (
    <section class="narrow">
      <h1>Forgot your password?</h1>
      <p>Give the e-mail address of your account: we send it a link to choose a new password.</p>
      <form onSubmit={(event) => void request.run(formValues(event).email ?? '')}>
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="email" required />
        <ErrorNotice error={request.error} />
        <DoneNotice message={request.done} />
        <button class="primary" disabled={request.busy}>Send the link</button>
      </form>
    </section>
  );
}
