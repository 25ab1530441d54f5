// `/account`: profile, plan and quota, usage by month, the API key (shown once), the data
// export, the password, plans and billing, and deleting the account.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { fetchBlob, saveBlob } from '../api/files.ts';
import { api, forgetSession, updateSessionUser } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import { Billing } from '../components/billing.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CopyField } from '../components/copy-field.tsx';
import { formValues } from '../components/form.ts';
import { DoneNotice, ErrorNotice, Loading } from '../components/notice.tsx';
import { UsageChart } from '../components/usage-chart.tsx';
import { date } from '../format.ts';
import type { UserProfile } from '../api/types.ts';
import { useAction, useResource, useTitle, type Resource } from '../hooks.ts';
import { PASSWORD_RULES } from './sign-up.tsx';


function Profile({ profile }: { profile: Resource<UserProfile> }) {
  const save = useAction(async (values: Record<string, string>) => {
    const { name = '', bio = '', avatarUrl = '' } = values;
    const user = ok(await api.PUT('/api/user/profile', { body: { name, bio, ...(avatarUrl ? { avatarUrl } : {}) } })).user;
    profile.set(user);
    updateSessionUser({ name: user.name });
    return 'Profile saved.';
  });
  const user = profile.data;
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <ErrorNotice error={profile.error} />
      {!user && profile.loading && <Loading what="your profile" />}
      {user && (
        <>
          <p class="meta"><span>{user.email}</span><span>{user.emailVerified ? 'Confirmed' : 'Not confirmed yet'}</span><span>Member since {date(user.createdAt)}</span></p>
          <form class="stack" onSubmit={(event) => void save.run(formValues(event))}>
            <label for="profile-name">Name</label>
            <input id="profile-name" name="name" maxLength={100} defaultValue={user.name ?? ''} autocomplete="name" />
            <label for="profile-bio">About you</label>
            <textarea id="profile-bio" name="bio" rows={2} maxLength={500} defaultValue={user.bio ?? ''} />
            <label for="profile-avatar">Picture (an https:// address)</label>
            <input id="profile-avatar" name="avatarUrl" type="url" pattern="https://.*" defaultValue={user.avatarUrl ?? ''} />
            <ErrorNotice error={save.error} />
            <DoneNotice message={save.done} />
            <button disabled={save.busy}>Save profile</button>
          </form>
        </>
      )}
    </section>
  );
}

function PlanAndUsage({ tier }: { tier: string }) {
  const stats = useResource(async () => ok(await api.GET('/api/user/stats')).stats, []);
  const usage = useResource(async () => ok(await api.GET('/api/user/usage', { params: { query: { months: 12 } } })).usage, []);
  const month = stats.data?.currentMonth;
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Plan and usage</h2>
      <ErrorNotice error={stats.error ?? usage.error} />
      {month && (
        <>
          <p>Your plan: <strong>{tier}</strong>. This month: {month.episodesUsed} of {month.episodesLimit ?? 'unlimited'} episodes.</p>
          {month.episodesLimit !== null && <progress max={100} value={month.quotaPercentage} aria-label="Monthly quota used" aria-valuetext={`${Math.round(month.quotaPercentage)}% used`} />}
          <p class="hint">{stats.data?.completedEpisodes} of {stats.data?.totalEpisodes} episodes finished in all; cost so far {stats.data?.totalCost.toFixed(2)} USD.</p>
        </>
      )}
      {usage.data && <UsageChart usage={usage.data} />}
    </section>
  );
}

function ApiKey() {
  const submission = useSubmission();
  const [key, setKey] = useState<{ apiKey: string; warning: string } | undefined>(undefined);
  const create = useAction(async () => {
    setKey(await submission.send('api-key', async (header) => ok(await api.POST('/api/user/api-key', { params: { header } }))));
  });
  const revoke = useAction(async () => {
    const answer = ok(await api.DELETE('/api/user/api-key'));
    setKey(undefined);
    return answer.message;
  });
  return (
    <section aria-labelledby="key-heading">
      <h2 id="key-heading">API key</h2>
      <p>Programs use an API key instead of your password. Making a new key revokes the previous one.</p>
      {key && (
        <div class="notice done" role="status">
          <p>{key.warning}</p>
          <CopyField id="api-key" label="Your new API key (shown only now)" value={key.apiKey} />
        </div>
      )}
      <div class="row">
        <button type="button" onClick={() => void create.run()} disabled={create.busy}>Make a new key</button>
        <button type="button" onClick={() => void revoke.run()} disabled={revoke.busy}>Revoke the key</button>
      </div>
      <ErrorNotice error={create.error ?? revoke.error} />
      <DoneNotice message={revoke.done} />
    </section>
  );
}

function Password() {
  const change = useAction(async (values: Record<string, string>, form: HTMLFormElement) => {
    const answer = ok(await api.POST('/api/user/change-password', { body: { currentPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' } }));
    form.reset();
    return answer.message;
  });
  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <form class="stack" onSubmit={(event) => void change.run(formValues(event), event.currentTarget as HTMLFormElement)}>
        <label for="current-password">Current password</label>
        <input id="current-password" name="currentPassword" type="password" autocomplete="current-password" required />
        <label for="new-password">New password</label>
        <input id="new-password" name="newPassword" type="password" autocomplete="new-password" minLength={8} required aria-describedby="new-password-rules" />
        <p id="new-password-rules" class="hint">{PASSWORD_RULES} Your other sessions are signed out.</p>
        <ErrorNotice error={change.error} />
        <DoneNotice message={change.done} />
        <button disabled={change.busy}>Change password</button>
      </form>
    </section>
  );
}

function DeleteAccount() {
  const { route } = useLocation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const remove = useAction(async () => {
    ok(await api.DELETE('/api/user/account', { body: { password, confirm } }));
    forgetSession();
    route('/');
  });
  return (
    <section aria-labelledby="delete-heading" class="danger-zone">
      <h2 id="delete-heading">Delete the account</h2>
      <p>This deletes your account and every episode, playlist, webhook and briefing in it, at once and for good. You may want to export your data first.</p>
      <label for="delete-password">Password</label>
      <input id="delete-password" type="password" autocomplete="current-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
      <label for="delete-confirm">Type DELETE to confirm</label>
      <input id="delete-confirm" value={confirm} onInput={(event) => setConfirm(event.currentTarget.value)} autocomplete="off" />
      <ConfirmButton label="Delete my account" question="Delete your account and everything in it? This cannot be undone." confirmLabel="Delete everything" disabled={confirm !== 'DELETE' || !password || remove.busy} onConfirm={() => void remove.run()} />
      <ErrorNotice error={remove.error} />
    </section>
  );
}

export function Account() {
  useTitle('Account');
  const profile = useResource(async () => ok(await api.GET('/api/user/profile')).user, []);
  const tier = profile.data?.tier;
  const exportData = useAction(async () => {
    saveBlob(await fetchBlob('/api/user/export'), `castwright-export-${new Date().toISOString().slice(0, 10)}.json`);
    return 'Your data was downloaded.';
  });
  return (
    <section class="account">
      <h1>Account</h1>
      <Profile profile={profile} />
      {tier && <PlanAndUsage tier={tier} />}
      {tier && <Billing tier={tier} />}
      <ApiKey />
      <section aria-labelledby="export-heading">
        <h2 id="export-heading">Your data</h2>
        <p>Download everything Castwright holds about you, as JSON.</p>
        <button type="button" onClick={() => void exportData.run()} disabled={exportData.busy}>Export my data</button>
        <ErrorNotice error={exportData.error} />
        <DoneNotice message={exportData.done} />
      </section>
      <Password />
      <DeleteAccount />
    </section>
  );
}
