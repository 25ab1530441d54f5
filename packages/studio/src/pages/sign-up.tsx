// Sign up: a free account, signed in at once; a confirmation link goes to the address.
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { publicApi, startSession } from '../api/session.ts';
import { formValues } from '../components/form.ts';
import { ErrorNotice } from '../components/notice.tsx';
import { useAction, useTitle } from '../hooks.ts';

export const PASSWORD_RULES = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

export function SignUp() {
  useTitle('Create an account');
  const { route } = useLocation();
  const signUp = useAction(async (values: Record<string, string>) => {
    const { email = '', password = '', name = '' } = values;
    startSession(ok(await publicApi.POST('/api/auth/browser/register', { body: { email, password, ...(name.trim() ? { name: name.trim() } : {}) } })));
    route('/episodes');
  });
  return (
    <section class="narrow">
      <h1>Create an account</h1>
      <form onSubmit={(event) => void signUp.run(formValues(event))}>
        <label for="name">Name <span class="hint">(optional)</span></label>
        <input id="name" name="name" autocomplete="name" maxLength={100} />
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="email" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="new-password" minLength={8} required aria-describedby="password-rules" />
        <p id="password-rules" class="hint">{PASSWORD_RULES}</p>
        <ErrorNotice error={signUp.error} />
        <button class="primary" disabled={signUp.busy}>{signUp.busy ? 'Creating…' : 'Create account'}</button>
      </form>
      <p>Already have an account? <a href="/sign-in">Sign in</a></p>
    </section>
  );
}
