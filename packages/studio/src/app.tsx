// The studio's shell: the router with one lazily loaded page per resource. A page that
// needs an account waits for the session and sends a signed-out visitor to sign in. The
// api serves index.html at each of these paths (api/src/plugins/studio.ts, STUDIO_PAGES).
import type { AnyComponent } from 'preact';
import { useEffect } from 'preact/hooks';
import { ErrorBoundary, default as lazy } from 'preact-iso/lazy';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso/router';
import { Layout } from './components/layout.tsx';
import { Loading } from './components/notice.tsx';
import { useSession } from './hooks.ts';

const page = <P,>(load: () => Promise<AnyComponent<P>>) => lazy(load);

const Home = page(() => import('./pages/home.tsx').then((m) => m.Home));
const SignIn = page(() => import('./pages/sign-in.tsx').then((m) => m.SignIn));
const SignUp = page(() => import('./pages/sign-up.tsx').then((m) => m.SignUp));
const ForgotPassword = page(() => import('./pages/forgot-password.tsx').then((m) => m.ForgotPassword));
const ResetPassword = page(() => import('./pages/reset-password.tsx').then((m) => m.ResetPassword));
const VerifyEmail = page(() => import('./pages/verify-email.tsx').then((m) => m.VerifyEmail));
const Episodes = page(() => import('./pages/episodes.tsx').then((m) => m.Episodes));
const NewEpisode = page(() => import('./pages/new-episode.tsx').then((m) => m.NewEpisode));
const Episode = page(() => import('./pages/episode.tsx').then((m) => m.Episode));
const ScriptEditor = page(() => import('./pages/script-editor.tsx').then((m) => m.ScriptEditor));
const Playlists = page(() => import('./pages/playlists.tsx').then((m) => m.Playlists));
const Playlist = page(() => import('./pages/playlist.tsx').then((m) => m.Playlist));
const Webhooks = page(() => import('./pages/webhooks.tsx').then((m) => m.Webhooks));
const Webhook = page(() => import('./pages/webhook.tsx').then((m) => m.Webhook));
const Briefings = page(() => import('./pages/briefings.tsx').then((m) => m.Briefings));
const Briefing = page(() => import('./pages/briefing.tsx').then((m) => m.Briefing));
const Pronunciations = page(() => import('./pages/pronunciations.tsx').then((m) => m.Pronunciations));
const Voices = page(() => import('./pages/voices.tsx').then((m) => m.Voices));
const Shows = page(() => import('./pages/shows.tsx').then((m) => m.Shows));
const Show = page(() => import('./pages/show.tsx').then((m) => m.Show));
const Account = page(() => import('./pages/account.tsx').then((m) => m.Account));
const NotFound = page(() => import('./pages/not-found.tsx').then((m) => m.NotFound));

/** Pages for signed-in people; the episode page also shows public episodes to anyone. */
function signedIn<P>(Component: AnyComponent<P>): AnyComponent<P> {
  return function SignedIn(props: P) {
    const session = useSession();
    const { url, route } = useLocation();
    useEffect(() => {
      if (session.kind === 'signed-out') route(`/sign-in?next=${encodeURIComponent(url)}`, true);
    }, [session.kind]);
    if (session.kind !== 'signed-in') return <Loading what="your session" />;
    return <Component {...(props as P & object)} />;
  };
}

// Wrapped once, so each page keeps one component identity across renders.
const EpisodesPage = signedIn(Episodes);
const NewEpisodePage = signedIn(NewEpisode);
const ScriptEditorPage = signedIn(ScriptEditor);
const PlaylistsPage = signedIn(Playlists);
const PlaylistPage = signedIn(Playlist);
const WebhooksPage = signedIn(Webhooks);
const WebhookPage = signedIn(Webhook);
const BriefingsPage = signedIn(Briefings);
const BriefingPage = signedIn(Briefing);
const PronunciationsPage = signedIn(Pronunciations);
const VoicesPage = signedIn(Voices);
const ShowsPage = signedIn(Shows);
const ShowPage = signedIn(Show);
const AccountPage = signedIn(Account);

/** After navigation, focus moves to the new page's heading, so screen readers announce it. */
function focusHeading(): void {
  requestAnimationFrame(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    }
  });
}

let firstRoute = true;
const onRouteChange = () => {
  if (firstRoute) firstRoute = false;
  else focusHeading();
};

export function App() {
  return (
    <LocationProvider>
      <Layout>
        <ErrorBoundary>
          <Router onRouteChange={onRouteChange}>
            <Route path="/" component={Home} />
            <Route path="/sign-in" component={SignIn} />
            <Route path="/sign-up" component={SignUp} />
            <Route path="/forgot-password" component={ForgotPassword} />
            <Route path="/reset-password" component={ResetPassword} />
            <Route path="/verify-email" component={VerifyEmail} />
            <Route path="/episodes" component={EpisodesPage} />
            <Route path="/episodes/new" component={NewEpisodePage} />
            <Route path="/episodes/:id" component={Episode} />
            <Route path="/episodes/:id/script" component={ScriptEditorPage} />
            <Route path="/shows" component={ShowsPage} />
            <Route path="/shows/:id" component={ShowPage} />
            <Route path="/playlists" component={PlaylistsPage} />
            <Route path="/playlists/:id" component={PlaylistPage} />
            <Route path="/webhooks" component={WebhooksPage} />
            <Route path="/webhooks/:id" component={WebhookPage} />
            <Route path="/briefings" component={BriefingsPage} />
            <Route path="/briefings/:id" component={BriefingPage} />
            <Route path="/pronunciations" component={PronunciationsPage} />
            <Route path="/voices" component={VoicesPage} />
            <Route path="/account" component={AccountPage} />
            <Route default component={NotFound} />
          </Router>
        </ErrorBoundary>
      </Layout>
    </LocationProvider>
  );
}
