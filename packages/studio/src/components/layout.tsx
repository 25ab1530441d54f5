// The frame of every page: a skip link, the header with the navigation (or sign-in links),
// a banner while the e-mail address is unconfirmed, and the main region.
import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import { api, signOut } from '../api/session.ts';
import { ok } from '../api/errors.ts';
import { useAction, useSession } from '../hooks.ts';
import { DoneNotice, ErrorNotice } from './notice.tsx';

const SECTIONS = [
  ['/episodes', 'Episodes'],
  ['/playlists', 'Playlists'],
  ['/webhooks', 'Webhooks'],
  ['/briefings', 'Briefings'],
  ['/voices', 'Voices'],
  ['/pronunciations', 'Pronunciation'],
  ['/account', 'Account'],
] as const;

const VISITOR_PAGES = [
  ['/sign-in', 'Sign in'],
  ['/sign-up', 'Sign up'],
] as const;

function VerifyBanner() {
  const resend = useAction(async () => ok(await api.POST('/api/auth/resend-verification')).message);
  return (
    <div class="banner" role="region" aria-label="E-mail confirmation">
      <p>Please confirm your e-mail address with the link we sent you.</p>
      <button type="button" onClick={() => void resend.run()} disabled={resend.busy}>Send the link again</button>
      <ErrorNotice error={resend.error} />
      <DoneNotice message={resend.done} />
    </div>
  );
}

export function Layout({ children }: { children: ComponentChildren }) {
  const session = useSession();
  const { path, route } = useLocation();
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/">Castwright</a>
        {session.kind === 'signed-in' ? (
          <nav aria-label="Studio">
            <ul>
              {SECTIONS.map(([href, label]) => (
                <li key={href}>
                  <a href={href} aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}>{label}</a>
                </li>
              ))}
            </ul>
            <button type="button" class="link" onClick={() => void signOut().then(() => route('/sign-in'))}>Sign out</button>
          </nav>
        ) : session.kind === 'signed-out' ? (
          <nav aria-label="Account">
            <ul>
              {VISITOR_PAGES.map(([href, label]) => <li key={href}><a href={href} aria-current={path === href ? 'page' : undefined}>{label}</a></li>)}
            </ul>
          </nav>
        ) : null}
      </header>
      {session.kind === 'signed-in' && !session.user.emailVerified && <VerifyBanner />}
      <main id="main" tabIndex={-1}>{children}</main>
    </>
  );
}
