// The files a feed links to for one episode, reachable with the feed's token alone:
// the audio (HEAD and Range, for apps that check sizes and resume downloads), the
// transcript as WebVTT and Podcasting 2.0 JSON, and the JSON chapters.
import type { Db } from '@castwright/core/db/connect';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { openEpisodeAudio } from '../episodes/episode-audio.ts';
import { CHAPTERS_TYPE, podcastChapters } from '../episodes/episode-chapters.ts';
import { readTranscript } from '../episodes/episode-transcript.ts';
import type { ConditionalRequest, HttpAnswer } from '../http/conditional-get.ts';
import { openFeedEpisode, type FeedSource } from './feed-access.ts';

/**
 * Private: a shared cache must never answer for a token. no-cache: an app's own copy is
 * checked again before use, so a rotated or revoked token stops working at once.
 */
export const FEED_CACHE_CONTROL = 'private, no-cache';

export async function feedAudio(
  services: { db: Db; storage: ObjectStorage },
  source: FeedSource,
  episodeId: string,
  request: ConditionalRequest,
): Promise<HttpAnswer<200 | 206 | 304>> {
  const episode = await openFeedEpisode(services.db, source, episodeId);
  return openEpisodeAudio(services.storage, episode, request, FEED_CACHE_CONTROL);
}

export async function feedTranscript(db: Db, source: FeedSource, episodeId: string, format: 'vtt' | 'podcast-json') {
  const episode = await openFeedEpisode(db, source, episodeId);
  return readTranscript(db, episode, format);
}

export async function feedChapters(db: Db, source: FeedSource, episodeId: string) {
  const episode = await openFeedEpisode(db, source, episodeId);
  return { contentType: CHAPTERS_TYPE, body: podcastChapters(episode) };
}
