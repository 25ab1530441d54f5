// Who is calling is the first question a route asks, before its body is parsed or any of
// the request is validated: a request without valid credentials to a route that needs
// them is a 401 whatever else is wrong with it (a 400 would tell an anonymous caller
// what the operation accepts, and make a client fix its body before it learns it is
// not signed in). Routes keep writing `preHandler: auth.requireUser` (or `optionalUser`):
// this rule moves that hook to the route's onRequest hooks for every route, so none can
// forget it. A route's own onRequest hooks still come first: they say whether the
// operation exists on this server at all (billing without Stripe is a 503 for everyone). An anonymous request to an optionally authenticated route (an
// episode read, which may be public) then passes `anonymousAccess` first, so a request
// for a private episode is the same 401 before its query is looked at. A route that plays
// from signed links (`config.signedLink`, signed-link-access.ts) skips both for a request
// that carries one: the token alone decides, in its handler.
// Registered after idempotent-routes.ts, which finds `requireUser` among the preHandlers
// to put its key claim right after it; the claim stays the first preHandler.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import type { Authenticator } from './authentication.ts';
import { carriesSignedLink } from './signed-link-access.ts';

/** `hook`, except for a request with a signed link's token, which has no caller. */
function unlessSignedLink(hook: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (request, reply) {
    if (carriesSignedLink(request)) request.user = null;
    else await hook.call(this, request, reply);
  };
}

export function registerAuthenticateFirst(app: FastifyInstance, auth: Authenticator, anonymousAccess: (request: FastifyRequest) => Promise<void>): void {
  const anonymous: onRequestAsyncHookHandler = async (request) => {
    if (request.user === null) await anonymousAccess(request);
  };
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const identify = preHandlers.filter((hook) => hook === auth.requireUser || hook === auth.optionalUser);
    if (identify.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !identify.includes(hook));
    const first: (onRequestHookHandler | onRequestAsyncHookHandler)[] = identify.map((hook) => hook as onRequestAsyncHookHandler);
    if (identify.includes(auth.optionalUser)) first.push(anonymous);
    const signedLink = route.config?.signedLink === true;
    route.onRequest = [...[route.onRequest ?? []].flat(), ...(signedLink ? first.map((hook) => unlessSignedLink(hook as onRequestAsyncHookHandler)) : first)];
  });
}
