// The signed-in session. The access token lives in this module's memory only; the refresh
// token is an httpOnly cookie the page never sees (POST /api/auth/browser/*). A page load
// renews the session from the cookie when the readable `signed-in` cookie says there may be
// one (a visitor's page asks nothing); a token about to expire is renewed before a request,
// and a 401 is answered by one renewal and one retry. Renewals are serialised across tabs
// (Web Locks), because a refresh token works once and a second use ends the login.
import { createCastwrightClient, type CastwrightClient } from '@castwright/client/api-client';

interface SessionReply {
  user: SessionUser;
  accessToken: string;
  expiresIn: number;
}
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  tier: string;
  emailVerified: boolean;
}

export type SessionState = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'signed-in'; user: SessionUser };

let state: SessionState = { kind: 'loading' };
let accessToken: string | undefined;
let expiresAt = 0;
const listeners = new Set<() => void>();

export const sessionState = (): SessionState => state;
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Updates what the header shows after a profile change or e-mail confirmation. */
export function updateSessionUser(changes: Partial<SessionUser>): void {
  if (state.kind === 'signed-in') setState({ kind: 'signed-in', user: { ...state.user, ...changes } });
}

const origin = () => location.origin;
/** Without credentials: session endpoints and pages anyone may open. */
export const publicApi: CastwrightClient = createCastwrightClient({ baseUrl: origin() });

function adopt(reply: SessionReply): void {
  accessToken = reply.accessToken;
  // Renewed a minute early, so a request never leaves with a token about to lapse.
  expiresAt = Date.now() + (reply.expiresIn - 60) * 1000;
  setState({ kind: 'signed-in', user: reply.user });
}

export function startSession(reply: SessionReply): void {
  adopt(reply);
}

let renewing: Promise<boolean> | undefined;

/**
 * The cookie the API sets beside the refresh cookie (no secret in it): without it there is
 * no session to renew, and asking would only be a 401 (logged in the console) for a visitor.
 */
const mayHaveSession = () => document.cookie.split(/;\s*/).includes('__Secure-castwright-signed-in=1');

async function renewOnce(): Promise<boolean> {
  const renew = async () => {
    const { data } = mayHaveSession() ? await publicApi.POST('/api/auth/browser/refresh', {}).catch(() => ({ data: undefined })) : { data: undefined };
    if (data) adopt(data);
    else {
      accessToken = undefined;
      setState({ kind: 'signed-out' });
    }
    return Boolean(data);
  };
  return navigator.locks ? navigator.locks.request('castwright-session', renew) : renew();
}

/** Renews the session from the cookie; one renewal at a time. */
export function renewSession(): Promise<boolean> {
  renewing ??= renewOnce().finally(() => (renewing = undefined));
  return renewing;
}

async function withToken(request: Request): Promise<Request> {
  // A request made while the session is being renewed (the page load) waits for it.
  if (renewing) await renewing;
  if (accessToken && Date.now() > expiresAt) await renewSession();
  if (accessToken) request.headers.set('authorization', `Bearer ${accessToken}`);
  return request;
}

/** fetch with the session's access token, renewing it once on a 401. */
export async function sessionFetch(request: Request): Promise<Response> {
  const retry = request.clone();
  const response = await fetch(await withToken(request));
  if (response.status !== 401 || !accessToken) return response;
  if (!(await renewSession())) return response;
  return fetch(await withToken(retry));
}

/** The typed client with the session's credentials. */
export const api: CastwrightClient = createCastwrightClient({ baseUrl: origin(), fetch: sessionFetch });

export async function signOut(): Promise<void> {
  await publicApi.POST('/api/auth/browser/logout', {}).catch(() => undefined);
  accessToken = undefined;
  setState({ kind: 'signed-out' });
}

/** Drops the session locally (the account was deleted, or the password reset ended it). */
export function forgetSession(): void {
  accessToken = undefined;
  setState({ kind: 'signed-out' });
}
