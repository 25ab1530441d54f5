// The show endpoints (all owner-scoped: another user's show is a 404): the show itself and
// its private feed switch. Its audio parts and cover are in routes/show-files.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOW_CATEGORIES, SHOW_LIMITS } from '@castwright/core/shows/show-options';
import type { EnabledFeed } from '../feeds/feed-token.ts';
import { viewEtag } from '../http/preconditions.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { errorResponses, IfMatchHeaders, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import { CreateShowBody, ListShowsQuery, ShowFeedReply, ShowList, ShowParams, ShowReply, UpdateShowBody } from '../schemas/shows.ts';
import type { ApiServices } from '../services.ts';
import { createShow } from '../shows/create-show.ts';
import { editShow } from '../shows/edit-show.ts';
import { listShows, readShow } from '../shows/read-shows.ts';
import { removeShow } from '../shows/remove-show.ts';
import { enableShowFeed, revokeShowFeed, SHOW_FEED_URL_WARNING } from '../shows/show-feed.ts';
import type { ShowView } from '../shows/show-views.ts';

const DEFAULTS_NOTE =
  'The defaults (`hostMode`, `hosts`, `voiceStyle`, `voicePair`, `ttsEngine`, `preset` or `durationMinutes`, `language`) are what an episode made with `showId` ' +
  'starts from; any of them given on the episode wins. `hosts` are checked as an episode\'s are (400 naming an unknown or unavailable voice). ' +
  `\`category\`: ${SHOW_CATEGORIES.join(', ')}. \`levels\`: the bed under speech and in the gaps (dB against the voices' loudness), the ducking's attack and release, the parts' level.`;

export function showRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, config } = services;
  const common = { tags: ['shows'], security: bearer };
  return async (app) => {
    app.post('/api/shows', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Create a show',
        description: `Only \`name\` is required. ${DEFAULTS_NOTE} An account holds at most ${SHOW_LIMITS.showsPerAccount} shows (409).`,
        body: CreateShowBody,
        response: { 201: ShowReply, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (show: ShowView) => ({ success: true as const, show }));
      await createShow(services, currentUser(request), request.body, answer);
      return answer.send();
    });

    app.get('/api/shows', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The caller's shows, newest first",
        description: 'Paginated with `limit` and `offset`; each with its parts, its episode count and whether its feed is on.',
        querystring: ListShowsQuery,
        response: { 200: ShowList, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listShows(db, currentUser(request), request.query)) }));

    app.get('/api/shows/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'One show',
        description: "Another user's show is a 404. `ETag` names this state (its parts and cover included): send it back in `If-Match` to change the show only if nothing changed since.",
        params: ShowParams,
        response: { 200: ShowReply, ...errorResponses(401, 404, 429) },
      },
    }, async (request, reply) => {
      const show = await readShow(db, currentUser(request), request.params.id);
      return reply.header('etag', viewEtag(show)).send({ success: true as const, show });
    });

    app.patch('/api/shows/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Change any subset of a show's fields",
        description:
          `Checked together with the stored fields; null clears a default. ${DEFAULTS_NOTE} New levels are heard in an episode when it is rendered again ` +
          '(POST /api/episodes/{id}/render), which voices no line. With `If-Match`, 412 when the show changed since that `ETag`.',
        params: ShowParams,
        headers: IfMatchHeaders,
        body: UpdateShowBody,
        response: { 200: ShowReply, ...errorResponses(400, 401, 403, 404, 412, 429) },
      },
    }, async (request) => ({ success: true as const, show: await editShow(services, currentUser(request), request.params.id, request.body, request.headers['if-match']) }));

    app.delete('/api/shows/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete a show with its parts, cover and feed',
        description: 'Its episodes and briefings are kept, outside any show (their published audio keeps its intro and music until rendered again). With `If-Match`, 412 when the show changed since that `ETag`.',
        params: ShowParams,
        headers: IfMatchHeaders,
        response: { 200: MessageBody, ...errorResponses(401, 404, 412, 429) },
      },
    }, async (request) => {
      await removeShow({ ...services, logger: request.log }, currentUser(request), request.params.id, request.headers['if-match']);
      return { success: true as const, message: 'Show deleted; its episodes were kept' };
    });

    app.post('/api/shows/:id/feed', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: "Create the show's private podcast feed, or replace its address",
        description:
          '`feedUrl` is an HTTPS address under PUBLIC_BASE_URL holding a new 256-bit token (stored only as a hash) for a podcast app to subscribe to: the show\'s ' +
          'episodes with published audio, newest first, with the show\'s name, description, author, category, language and cover. Calling again rotates the token: ' +
          'the previous address answers 404 at once.',
        params: ShowParams,
        response: { 200: ShowFeedReply, ...errorResponses(401, 404, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (feed: EnabledFeed) => ({ success: true as const, ...feed, warning: SHOW_FEED_URL_WARNING }));
      await enableShowFeed(db, config, currentUser(request), request.params.id, answer);
      return answer.send();
    });

    app.delete('/api/shows/:id/feed', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Turn the show's private feed off",
        description: 'Every address of the feed answers 404 from then on. 404 when the show has no feed.',
        params: ShowParams,
        response: { 200: MessageBody, ...errorResponses(401, 404, 429) },
      },
    }, async (request) => {
      await revokeShowFeed(db, currentUser(request), request.params.id);
      return { success: true as const, message: 'Feed turned off; its address no longer works' };
    });
  };
}
