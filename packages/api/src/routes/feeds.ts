// The private podcast feed routes. Podcast apps call them with nothing but the URL: the
// token in the path is the credential, so there is no bearer header, no user rate limit
// (a per-token one instead), and the token never reaches the logs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { readArtwork, readUploadedArtwork } from '../feeds/feed-artwork.ts';
import { FEED_CACHE_CONTROL, feedAudio, feedChapters, feedTranscript } from '../feeds/feed-files.ts';
import { redactFeedToken } from '../feeds/feed-urls.ts';
import { readFeed } from '../feeds/read-feed.ts';
import { conditionalRequest } from '../http/conditional-get.ts';
import { currentFeed, feedTokenCheck } from '../plugins/feed-token-check.ts';
import { errorResponses } from '../schemas/common.ts';
import { binaryAudio } from '../schemas/episodes.ts';
import { VersionQuery, FeedEpisodeParams, FeedParams, fileResponse, NotModified } from '../schemas/feeds.ts';
import { chaptersFile } from '../schemas/show-notes.ts';
import type { ApiServices } from '../services.ts';

const TOKEN_NOTE = 'No Authorization header: the token in the path is the credential (see POST /api/playlists/{id}/feed and POST /api/shows/{id}/feed).';

export function feedRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, config, storage } = services;
  const tags = ['feeds'];
  const common = {
    preHandler: feedTokenCheck(services),
    // The default request serializer logs the URL, which here holds the feed token.
    logSerializers: { req: (request: FastifyRequest) => ({ method: request.method, url: redactFeedToken(request.url), remoteAddress: request.ip }) },
  };
  return async (app) => {
    app.decorateRequest('feedSource', null);
    app.get('/feeds/:token/feed.xml', {
      ...common,
      schema: {
        tags,
        summary: "A playlist's or a show's private podcast feed (RSS 2.0 with the itunes and podcast namespaces)",
        description:
          'One item per episode with published audio: a playlist\'s in playlist order (`itunes:type` serial), a show\'s newest first (episodic) with the show\'s ' +
          'name, description, author, category, language and cover. An edited episode keeps its item (`guid`), with a new enclosure address and length once its new ' +
          `revision is published. ETag and Last-Modified; 304 on a matching If-None-Match or If-Modified-Since. ${TOKEN_NOTE}`,
        params: FeedParams,
        response: { 200: fileResponse('The RSS document', 'application/rss+xml'), 304: NotModified, ...errorResponses(404, 429) },
      },
    }, async (request, reply) => {
      const feed = await readFeed({ db, config, storage }, currentFeed(request), request.params.token, conditionalRequest(request.method, request.headers));
      return reply.status(feed.status).headers(feed.headers).send(feed.body);
    });

    app.get('/feeds/:token/artwork.png', {
      ...common,
      schema: {
        tags,
        summary: "The feed's cover: a generated 1400 × 1400 PNG",
        description: TOKEN_NOTE,
        params: FeedParams,
        querystring: VersionQuery,
        response: { 200: fileResponse('PNG image', 'image/png', { type: 'string', format: 'binary' }), 304: NotModified, ...errorResponses(404, 429) },
      },
    }, async (request, reply) => {
      const artwork = readArtwork(currentFeed(request), conditionalRequest(request.method, request.headers));
      return reply.status(artwork.status).headers(artwork.headers).send(artwork.body);
    });

    app.get('/feeds/:token/artwork.jpg', {
      ...common,
      schema: {
        tags,
        summary: "A show's own cover, as its owner uploaded it (a square JPEG)",
        description: `404 for a playlist's feed, or a show without an uploaded cover (its feed names artwork.png then). ${TOKEN_NOTE}`,
        params: FeedParams,
        querystring: VersionQuery,
        response: { 200: fileResponse('JPEG image', 'image/jpeg', { type: 'string', format: 'binary' }), 304: NotModified, ...errorResponses(404, 429) },
      },
    }, async (request, reply) => {
      const artwork = await readUploadedArtwork(storage, currentFeed(request), conditionalRequest(request.method, request.headers));
      return reply.status(artwork.status).headers(artwork.headers).send(artwork.body);
    });

    // HEAD is declared, not derived from GET: Fastify's derived HEAD would read the whole file to discard it.
    app.route({
      ...common,
      method: ['GET', 'HEAD'],
      url: '/feeds/:token/episodes/:episodeId/audio.mp3',
      schema: {
        tags,
        summary: "An episode's MP3 through the feed (HEAD, Range, If-Range, conditional GET)",
        description: `Only episodes in the token's playlist whose audio is published; 404 for anything else. The feed's address carries \`?v=\` the revision, so apps download the file again after an edit. ${TOKEN_NOTE}`,
        params: FeedEpisodeParams,
        querystring: VersionQuery,
        response: {
          200: binaryAudio('The whole file'),
          206: binaryAudio('The requested byte range'),
          304: NotModified,
          ...errorResponses(404, 416, 429),
        },
      },
      handler: async (request, reply) => {
        const audio = await feedAudio({ db, storage }, currentFeed(request), request.params.episodeId, conditionalRequest(request.method, request.headers));
        return reply.status(audio.status).headers(audio.headers).send(audio.body);
      },
    });

    const transcriptFiles = [
      { file: 'transcript.vtt', format: 'vtt', mediaType: 'text/vtt', summary: "An episode's transcript as WebVTT with speaker voice tags" },
      {
        file: 'transcript.json',
        format: 'podcast-json',
        mediaType: 'application/json',
        summary: "An episode's transcript as Podcasting 2.0 JSON (`version`, `segments[]` with speaker, startTime, endTime, body)",
      },
    ] as const;
    for (const { file, format, mediaType, summary } of transcriptFiles) {
      app.get(`/feeds/:token/episodes/:episodeId/${file}`, {
        ...common,
        schema: {
          tags,
          summary,
          description: TOKEN_NOTE,
          params: FeedEpisodeParams,
          querystring: VersionQuery,
          response: { 200: fileResponse(summary, mediaType), ...errorResponses(404, 429) },
        },
      }, async (request, reply) => {
        const transcript = await feedTranscript(db, currentFeed(request), request.params.episodeId, format);
        return reply.type(transcript.contentType).header('Content-Language', transcript.language).header('Cache-Control', FEED_CACHE_CONTROL).send(transcript.body);
      });
    }

    app.get('/feeds/:token/episodes/:episodeId/chapters.json', {
      ...common,
      schema: {
        tags,
        summary: "An episode's chapters as Podcasting 2.0 JSON chapters",
        description: TOKEN_NOTE,
        params: FeedEpisodeParams,
        querystring: VersionQuery,
        response: { 200: chaptersFile, ...errorResponses(404, 409, 429) },
      },
    }, async (request, reply) => {
      const chapters = await feedChapters(db, currentFeed(request), request.params.episodeId);
      return reply.type(chapters.contentType).header('Cache-Control', FEED_CACHE_CONTROL).send(chapters.body);
    });
  };
}
