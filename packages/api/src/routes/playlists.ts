// The playlist endpoints (all owner-scoped: another user's playlist is a 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addPlaylistEpisode } from '../playlists/add-playlist-episode.ts';
import { createPlaylist, type CreatedPlaylist } from '../playlists/create-playlist.ts';
import { editPlaylist } from '../playlists/edit-playlist.ts';
import { PLAYLIST_LIMITS } from '../playlists/playlist-limits.ts';
import { listPlaylists, readPlaylist } from '../playlists/read-playlists.ts';
import { removePlaylistEpisode } from '../playlists/remove-playlist-episode.ts';
import { removePlaylist } from '../playlists/remove-playlist.ts';
import { reorderPlaylist } from '../playlists/reorder-playlist.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { viewEtag } from '../http/preconditions.ts';
import { errorResponses, IfMatchHeaders, MessageBody } from '../schemas/common.ts';
import {
  AddPlaylistEpisodeBody,
  CreatePlaylistBody,
  ListPlaylistsQuery,
  PlaylistDetailReply,
  PlaylistEpisodeParams,
  PlaylistList,
  PlaylistParams,
  PlaylistReply,
  ReorderPlaylistBody,
  UpdatePlaylistBody,
} from '../schemas/playlists.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function playlistRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['playlists'], security: bearer };
  return async (app) => {
    app.post('/api/playlists', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Create a playlist',
        description: `\`name\` 1–${PLAYLIST_LIMITS.nameMaxLength} characters, \`description\` up to ${PLAYLIST_LIMITS.descriptionMaxLength}. An account holds at most ${PLAYLIST_LIMITS.playlistsPerAccount} playlists (409 \`Limit reached\` beyond).`,
        body: CreatePlaylistBody,
        response: { 201: PlaylistReply, ...errorResponses(400, 401, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (playlist: CreatedPlaylist) => ({ success: true as const, playlist }));
      await createPlaylist(db, currentUser(request), request.body, answer);
      return answer.send();
    });

    app.get('/api/playlists', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The caller's playlists, newest first", description: 'Paginated with `limit` and `offset`; each playlist with its episode count.',
        querystring: ListPlaylistsQuery,
        response: { 200: PlaylistList, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listPlaylists(db, currentUser(request), request.query)) }));

    app.get('/api/playlists/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'One playlist with its episodes in order',
        description: 'The owner\'s playlist with its members by position; another user\'s playlist is a 404. `ETag` names this state: send it back in `If-Match` to change the playlist only if nothing changed since.',
        params: PlaylistParams,
        response: { 200: PlaylistDetailReply, ...errorResponses(401, 404, 429) },
      },
    }, async (request, reply) => {
      const playlist = await readPlaylist(db, currentUser(request), request.params.id);
      return reply.header('etag', viewEtag(playlist)).send({ success: true as const, playlist });
    });

    app.put('/api/playlists/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Change a playlist's name or description", description: 'Only the fields given change; a name must stay 1–200 characters. With `If-Match`, 412 when the playlist changed since that `ETag`.',
        params: PlaylistParams,
        headers: IfMatchHeaders,
        body: UpdatePlaylistBody,
        response: { 200: PlaylistReply, ...errorResponses(400, 401, 404, 412, 429) },
      },
    }, async (request) => ({ success: true as const, playlist: await editPlaylist(db, currentUser(request), request.params.id, request.body, request.headers['if-match']) }));

    app.delete('/api/playlists/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete a playlist (its episodes are kept; its feed stops working)',
        description: 'The playlist and its private feed token are deleted; the episodes stay in the account. With `If-Match`, 412 when the playlist changed since that `ETag`.',
        params: PlaylistParams,
        headers: IfMatchHeaders,
        response: { 200: MessageBody, ...errorResponses(401, 404, 412, 429) },
      },
    }, async (request) => {
      await removePlaylist(db, currentUser(request), request.params.id, request.headers['if-match']);
      return { success: true as const, message: 'Playlist deleted; its episodes were kept' };
    });

    app.post('/api/playlists/:id/episodes', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Add one of your episodes at the end of a playlist',
        description: `404 when the playlist or the episode is not yours; 409 when the episode is already there, or the playlist holds ${PLAYLIST_LIMITS.episodesPerPlaylist} episodes.`,
        params: PlaylistParams,
        body: AddPlaylistEpisodeBody,
        response: { 200: MessageBody, ...errorResponses(400, 401, 404, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, () => ({ success: true as const, message: 'Episode added to the playlist' }));
      await addPlaylistEpisode(db, currentUser(request), request.params.id, request.body.episodeId, answer);
      return answer.send();
    });

    app.delete('/api/playlists/:id/episodes/:episodeId', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Remove an episode from a playlist (the episode is kept)',
        description: "The episodes after it move up one position. `If-Match` takes the playlist's `ETag` (412 when it changed since).",
        params: PlaylistEpisodeParams,
        headers: IfMatchHeaders,
        response: { 200: MessageBody, ...errorResponses(401, 404, 412, 429) },
      },
    }, async (request) => {
      await removePlaylistEpisode(db, currentUser(request), request.params.id, request.params.episodeId, request.headers['if-match']);
      return { success: true as const, message: 'Episode removed from the playlist' };
    });

    app.put('/api/playlists/:id/reorder', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Put the playlist in a new order',
        description: "`episodeIds` must name each of the playlist's episodes exactly once; otherwise 400 listing the missing, extra and repeated ids. `If-Match` takes the playlist's `ETag` (412 when it changed since).",
        params: PlaylistParams,
        headers: IfMatchHeaders,
        body: ReorderPlaylistBody,
        response: { 200: MessageBody, ...errorResponses(400, 401, 404, 412, 429) },
      },
    }, async (request) => {
      await reorderPlaylist(db, currentUser(request), request.params.id, request.body.episodeIds, request.headers['if-match']);
      return { success: true as const, message: 'Playlist reordered' };
    });
  };
}
