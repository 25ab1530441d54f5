// GET /api/episodes/:id/listen: signed addresses to play the episode from in a browser's
// <audio> or <video> element (which cannot send a bearer token) or hand to any player: its
// published file (range requests, so it starts at once and seeks anywhere), while it is
// made its live stream, its video in every shape and (for its owner) its clips. Each is
// bound to the episode, what it plays and the account that asked.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow, EpisodeVideoRow, UserRow } from '@castwright/core/db/schema';
import { selectEpisodeClips } from '@castwright/core/repositories/episode-videos';
import { episodeAudioPath, episodeLivePath } from '@castwright/core/episode-states';
import { VIDEO_SHAPES, type VideoShape } from '@castwright/core/video/video-shapes';
import type { AudioLinks } from './audio-links.ts';
import { readableEpisode } from './readable-episode.ts';
import { clipVideoPath, episodeVideoPath } from './video-views.ts';
import { previewOf } from './episode-views.ts';

export interface ListenLinks {
  audio: { url: string; revision: number; expiresAt: string } | null;
  live: { url: string; take: number; durationMs: number; expiresAt: string } | null;
  videos: { shape: VideoShape; url: string; revision: number; expiresAt: string }[];
  clips: { id: string; url: string; expiresAt: string }[];
}

/** The links of episode `id` for `reader` (null: no credentials), under the episode's access rules. */
export async function readListenLinks(db: Db, links: AudioLinks, reader: UserRow | null, id: string): Promise<ListenLinks> {
  const episode = await readableEpisode(db, reader, id);
  // Only the owner may list an episode's clips; anyone who may read it may watch one they were given.
  const clips = reader?.id === episode.user_id ? await selectEpisodeClips(db, episode.id) : [];
  return listenLinks(links, episode, reader, clips);
}

/** `clips`: the episode's clips when `reader` owns it, else none. */
function listenLinks(links: AudioLinks, episode: EpisodeRow, reader: UserRow | null, clips: readonly EpisodeVideoRow[]): ListenLinks {
  const signer = reader?.id ?? null;
  // A path with a query of its own (a video's shape) takes the token after it.
  const at = (path: string, token: string) => `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  const revision = episode.audio_key ? episode.published_revision : null;
  const preview = previewOf(episode);
  const audio = revision === null ? null : links.sign('audio', episode.id, revision, signer);
  const live = preview.previewUrl && episode.live_take !== null ? links.sign('live', episode.id, episode.live_take, signer) : null;
  return {
    audio: audio && revision !== null ? { url: at(episodeAudioPath(episode.id), audio.token), revision, expiresAt: audio.expiresAt.toISOString() } : null,
    live: live && episode.live_take !== null ? { url: at(episodeLivePath(episode.id), live.token), take: episode.live_take, durationMs: preview.previewDurationMs ?? 0, expiresAt: live.expiresAt.toISOString() } : null,
    videos: revision === null ? [] : VIDEO_SHAPES.map((shape) => {
      const video = links.sign(`video:${shape}`, episode.id, revision, signer);
      return { shape, url: at(episodeVideoPath(episode.id, shape), video.token), revision, expiresAt: video.expiresAt.toISOString() };
    }),
    clips: clips.map((clip) => {
      const video = links.sign(`clip:${clip.id}`, episode.id, clip.revision, signer);
      return { id: clip.id, url: at(clipVideoPath(episode.id, clip.id), video.token), expiresAt: video.expiresAt.toISOString() };
    }),
  };
}
