// The frame of every page: a skip link, the header with the navigation (or sign-in links),
// a banner while the e-mail address is unconfirmed, and the main region. On a phone the
// sections sit behind a Menu button (a disclosure: eight links and Sign out do not fit a
// row, and a row that scrolls sideways hides most of them and the current one).
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { api, signOut } from '../api/session.ts';
import { ok } from '../api/errors.ts';
import { useAction, useSession } from '../hooks.ts';
import { DoneNotice, ErrorNotice } from './notice.tsx';

const SECTIONS = [
  ['/episodes', 'Episodes'],
  ['/shows', 'Shows'],
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

function StudioNav({ path, onSignOut }: { path: string; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // A section chosen closes the menu (the new page is what the person wanted to see).
  useEffect(() => setOpen(false), [path]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <nav aria-label="Studio" class={open ? 'open' : undefined} onKeyDown={(event) => { if (event.key === 'Escape' && open) close(); }}>
      <button type="button" ref={toggle} class="menu-toggle" aria-expanded={open} aria-controls="studio-sections" onClick={() => setOpen(!open)}>Menu</button>
      <div id="studio-sections" class="sections">
        <ul>
          {SECTIONS.map(([href, label]) => (
            <li key={href}>
              <a href={href} aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}>{label}</a>
            </li>
          ))}
        </ul>
        <button type="button" class="link" onClick={onSignOut}>Sign out</button>
      </div>
    </nav>
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
          <StudioNav path={path} onSignOut={() => void signOut().then(() => route('/sign-in'))} />
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
