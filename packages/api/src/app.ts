// Builds the Fastify app from its services, without listening: tests inject requests
// into it, and server.ts puts it behind the TLS listener.
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerFactory } from 'fastify';
import type { Logger } from '@castwright/core/logger';
import { decoratePrefetchedEpisode, prefetchedEpisode } from './plugins/episode-prefetch.ts';
import { episodeForReader } from './episodes/readable-episode.ts';
import { registerAuthenticateFirst } from './plugins/authenticate-first.ts';
import { registerCors } from './plugins/cors.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHttpsOnly } from './plugins/https-only.ts';
import { registerIdempotency } from './plugins/idempotent-routes.ts';
import { registerKnownFields } from './plugins/known-fields.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { accountTokenRoutes } from './routes/account-tokens.ts';
import { DEFAULT_STUDIO_DIR, registerStudio } from './plugins/studio.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { authRoutes } from './routes/auth.ts';
import { browserSessionRoutes } from './routes/browser-session.ts';
import { billingWebhookRoutes } from './routes/billing-webhook.ts';
import { billingRoutes } from './routes/billing.ts';
import { briefingWebhookRoutes } from './routes/briefing-webhooks.ts';
import { briefingRoutes } from './routes/briefings.ts';
import { episodeAudioRoutes } from './routes/episode-audio.ts';
import { episodeVideoRoutes } from './routes/episode-videos.ts';
import { episodeListenRoutes } from './routes/episode-listen.ts';
import { episodeRevisionRoutes } from './routes/episode-revisions.ts';
import { episodeScriptRoutes } from './routes/episode-script.ts';
import { episodeSourceRoutes } from './routes/episode-sources.ts';
import { episodeShowNotesRoutes } from './routes/episode-show-notes.ts';
import { episodeStreamRoutes } from './routes/episode-stream.ts';
import { documentRoutes } from './routes/documents.ts';
import { episodeUploadRoutes } from './routes/episode-upload.ts';
import { episodeRoutes } from './routes/episodes.ts';
import { feedRoutes } from './routes/feeds.ts';
import { healthRoutes } from './routes/health.ts';
import { playlistFeedRoutes } from './routes/playlist-feed.ts';
import { playlistRoutes } from './routes/playlists.ts';
import { pronunciationRoutes } from './routes/pronunciations.ts';
import { showFileRoutes } from './routes/show-files.ts';
import { showRoutes } from './routes/shows.ts';
import { userAccountRoutes } from './routes/user-account.ts';
import { userProfileRoutes } from './routes/user-profile.ts';
import { voiceRoutes } from './routes/voices.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { ErrorBody } from './schemas/common.ts';
import type { ApiServices } from './services.ts';

export async function buildApp(
  services: ApiServices,
  options: {
    logger: Logger;
    serverFactory?: FastifyServerFactory;
    /** Told of every answered request (api-metrics.ts). */
    observeRequest?: (method: string, route: string, status: number, seconds: number) => void;
    /** The built studio (packages/studio/dist by default). */
    studioDir?: string;
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the app's default generic types.
    loggerInstance: options.logger as FastifyBaseLogger,
    // One trusted hop: the client address is what the nearest proxy saw, not what a client claims.
    trustProxy: services.config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    serverFactory: options.serverFactory,
    requestIdHeader: false,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', undefined);
  app.addSchema(ErrorBody);
  const { observeRequest } = options;
  if (observeRequest) {
    app.addHook('onResponse', async (request, reply) => {
      observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  registerErrorHandler(app);
  registerHttpsOnly(app, { trustProxy: services.config.trustProxy });
  await registerCors(app, services.config);
  // Before the OpenAPI plugin and the routes: it adds Idempotency-Key to the routes that opt in.
  registerIdempotency(app, services);
  // After it (it finds auth.requireUser among the preHandlers); credentials come before validation.
  decoratePrefetchedEpisode(app);
  registerAuthenticateFirst(app, services.auth, async (request) => {
    // The optionally authenticated routes are episode reads: an anonymous caller may read a public one.
    episodeForReader(await prefetchedEpisode(services.db, request), null);
  });
  // Before the OpenAPI plugin: the document shows every body closed to unknown fields.
  registerKnownFields(app);
  await registerOpenApi(app, services.config);
  const routePlugins = [
    healthRoutes,
    authRoutes,
    browserSessionRoutes,
    accountTokenRoutes,
    userProfileRoutes,
    userAccountRoutes,
    apiKeyRoutes,
    episodeRoutes,
    episodeUploadRoutes,
    episodeStreamRoutes,
    episodeAudioRoutes,
    episodeVideoRoutes,
    episodeListenRoutes,
    episodeScriptRoutes,
    episodeRevisionRoutes,
    episodeShowNotesRoutes,
    episodeSourceRoutes,
    documentRoutes,
    voiceRoutes,
    billingRoutes,
    billingWebhookRoutes,
    playlistRoutes,
    playlistFeedRoutes,
    feedRoutes,
    webhookRoutes,
    briefingRoutes,
    briefingWebhookRoutes,
    pronunciationRoutes,
    showRoutes,
    showFileRoutes,
  ];
  for (const routes of routePlugins) {
    await app.register(routes(services));
  }
  await registerStudio(app, { dir: options.studioDir ?? DEFAULT_STUDIO_DIR });
  return app;
}
