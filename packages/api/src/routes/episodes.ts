// Creating, listing, reading and deleting episodes, and their transcripts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_EPISODE_SOURCE_CHARACTERS } from '@castwright/core/tiers';
import { createEpisode } from '../episodes/create-episode.ts';
import { episodeDetailOf, episodeDetailView } from '../episodes/episode-detail.ts';
import { editEpisode } from '../episodes/edit-episode.ts';
import { sourcesFromBody } from '../episodes/episode-source.ts';
import { readTranscript } from '../episodes/episode-transcript.ts';
import { acceptedEpisodeBody } from '../episodes/episode-views.ts';
import { listEpisodes } from '../episodes/list-episodes.ts';
import { prefetchedEpisode, prefetchEpisode } from '../plugins/episode-prefetch.ts';
import { episodeForReader, readableEpisode } from '../episodes/readable-episode.ts';
import { removeEpisode } from '../episodes/remove-episode.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { errorResponses, IdParams, MessageBody } from '../schemas/common.ts';
import { CreatedEpisode, CreateEpisodeBody, EpisodeList, EpisodeReply, ListEpisodesQuery, TranscriptQuery, transcriptFiles, UpdateEpisodeBody } from '../schemas/episodes.ts';
import { bearer, optionalBearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function episodeRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    app.post('/api/episodes', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      // Room for the longest `sources` any tier takes in multi-byte characters (with their addresses), and no more.
      bodyLimit: MAX_EPISODE_SOURCE_CHARACTERS * 4 + 262_144,
      schema: {
        tags: ['episodes'],
        summary: 'Create an episode from text, a web page address, or several sources',
        description:
          'Exactly one of `content`, `url` and `sources` (a list of `{content}`, `{url}` and `{documentId}` items, woven into one episode; duplicates merged; ' +
          'how many and how many typed characters are bounded by the tier: 403 `Source limit exceeded`; a document not yours is 404). ' +
          'The length is a `preset` or `durationMinutes`, not both (400); a preset or a length beyond the tier is 403. ' +
          '`hosts` names 1 to 4 hosts with voices from GET /api/voices (or Kokoro blends); an unknown or unavailable voice is a 400 naming it. ' +
          '`showId` makes it in one of your shows, starting from the show\'s defaults (404 for a show that is not yours). ' +
          '`format` (default `deep_dive`) builds the episode as a deep dive, brief, debate, critique or interview; `reactions` (default `some`) says how much the listening hosts react. ' +
          'Counts against the monthly quota once, whatever its length. Processing is asynchronous: follow /api/episodes/{id}/stream.',
        security: bearer,
        body: CreateEpisodeBody,
        response: { 202: CreatedEpisode, ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    }, async (request, reply) => {
      const { content, url, sources, ...choices } = request.body;
      const answer = idempotentAnswer(request, reply, 202, acceptedEpisodeBody);
      await createEpisode(services, currentUser(request), { sources: sourcesFromBody({ content, url, sources }), ...choices }, answer);
      return answer.send();
    });

    app.get('/api/episodes', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: "List the caller's episodes, newest first", description: 'Paginated with `limit` and `offset`; `status` filters. Each item is the episode without its script.',
        security: bearer,
        querystring: ListEpisodesQuery,
        response: { 200: EpisodeList, ...errorResponses(400, 401) },
      },
    }, async (request) => ({ success: true as const, ...(await listEpisodes(db, currentUser(request), request.query)) }));

    app.get('/api/episodes/:id', {
      // Read while the caller is identified (authenticate-first.ts runs auth after this hook).
      onRequest: prefetchEpisode(db),
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'One episode, with its script and progress', description: 'The owner\'s episode, or a public one; another user\'s private episode is a 404.',
        security: optionalBearer,
        params: IdParams,
        response: { 200: EpisodeReply, ...errorResponses(401, 404) },
      },
    }, async (request) => ({ success: true as const, episode: episodeDetailOf(episodeForReader(await prefetchedEpisode(db, request), request.user), request.user?.id ?? null) }));

    app.patch('/api/episodes/:id', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: "Edit an episode's title or description, or make it public or private (owner only)",
        description:
          'Any of `title` (1–200 characters), `description` (up to 2000) and `isPublic`. A public episode, its audio, transcript, ' +
          'show notes, chapters and transcript search are readable without credentials; making it private again takes effect at once. ' +
          'Title and description can be edited once the script is written (409 before). 404 for an episode that is not yours.',
        security: bearer,
        params: IdParams,
        body: UpdateEpisodeBody,
        response: { 200: EpisodeReply, ...errorResponses(400, 401, 404, 409) },
      },
    }, async (request) => ({ success: true as const, episode: await episodeDetailView(db, await editEpisode(db, currentUser(request), request.params.id, request.body)) }));

    app.delete('/api/episodes/:id', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: 'Delete an episode, its audio and its uploaded document (owner only)', description: 'Removes the row first, then its stored files; it leaves every playlist it was in, whose positions close up.',
        security: bearer,
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404) },
      },
    }, async (request) => {
      await removeEpisode({ db, storage, logger: request.log }, currentUser(request), request.params.id);
      return { success: true as const, message: 'Episode deleted' };
    });

    app.get('/api/episodes/:id/transcript', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'The timed transcript, as JSON, WebVTT or SubRip',
        description:
          'Segments are empty until the episode is ready. `format=json` (the default) is the Transcript object; `format=vtt` is ' +
          'WebVTT (`text/vtt`) with each speaker as a `<v Host 1>` voice tag; `format=srt` is SubRip (`application/x-subrip`) ' +
          'with the speaker before each line. All use the segment times measured from the rendered audio.',
        security: optionalBearer,
        params: IdParams,
        querystring: TranscriptQuery,
        response: { 200: transcriptFiles, ...errorResponses(400, 401, 404) },
      },
    }, async (request, reply) => {
      const transcript = await readTranscript(db, await readableEpisode(db, request.user, request.params.id), request.query.format);
      return reply.type(transcript.contentType).header('Content-Language', transcript.language).send(transcript.body);
    });
  };
}
