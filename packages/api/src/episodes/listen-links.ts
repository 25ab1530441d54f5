// GET /api/episodes/:id/listen: signed addresses to play the episode from in a browser's
// <audio> element (which cannot send a bearer token) or hand to any player: its published
// file (range requests, so it starts at once and seeks anywhere) and, while it is made, its
// live stream. Each is bound to the episode, what it plays and the account that asked.
import type { UserRow } from '@castwright/core/db/schema';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { episodeAudioPath, episodeLivePath } from '@castwright/core/episode-states';
import type { AudioLinks } from './audio-links.ts';
import { previewOf } from './episode-views.ts';

export interface ListenLinks {
  audio: { url: string; revision: number; expiresAt: string } | null;
  live: { url: string; take: number; durationMs: number; expiresAt: string } | null;
}

export function listenLinks(links: AudioLinks, episode: EpisodeRow, reader: UserRow | null): ListenLinks {
  const signer = reader?.id ?? null;
  const at = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;
  const revision = episode.audio_key ? episode.published_revision : null;
  const preview = previewOf(episode);
  const audio = revision === null ? null : links.sign('audio', episode.id, revision, signer);
  const live = preview.previewUrl && episode.live_take !== null ? links.sign('live', episode.id, episode.live_take, signer) : null;
  return {
    audio: audio && revision !== null ? { url: at(episodeAudioPath(episode.id), audio.token), revision, expiresAt: audio.expiresAt.toISOString() } : null,
    live: live && episode.live_take !== null ? { url: at(episodeLivePath(episode.id), live.token), take: episode.live_take, durationMs: preview.previewDurationMs ?? 0, expiresAt: live.expiresAt.toISOString() } : null,
  };
}
