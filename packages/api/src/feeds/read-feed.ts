// GET /feeds/:token/feed.xml: the playlist's ready episodes in playlist order as RSS.
// The ETag is a hash of the document itself, so it changes exactly when the feed does
// (an add, removal, reorder, rename, an episode becoming ready, a new revision of it
// published, an episode edited or deleted); Last-Modified is the latest of the playlist's and its items' change times,
// which every one of those moves (membership changes move the playlist's by trigger).
import { publicBaseUrl, type Config } from '@castwright/core/config';
import { storedLanguage } from '@castwright/core/languages';
import type { Db } from '@castwright/core/db/connect';
import { selectSourceSummaries, type SourceSummary } from '@castwright/core/repositories/episode-sources';
import { updateEpisodeAudioBytes } from '@castwright/core/repositories/episodes';
import type { PlaylistMember } from '@castwright/core/repositories/playlist-episodes';
import { selectFeedEpisodes, type FeedPlaylist } from '@castwright/core/repositories/playlist-feeds';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { v5 as uuidv5 } from 'uuid';
import { audioSecondsOf } from '../episodes/episode-views.ts';
import { describedWithSources } from './feed-sources.ts';
import { isNotModified, notModified, validatorHeaders, type ConditionalRequest, type HttpAnswer, type Validators } from '../http/conditional-get.ts';
import { contentEtag } from '../http/preconditions.ts';
import { artworkVersion } from './feed-artwork.ts';
import { FEED_CACHE_CONTROL } from './feed-files.ts';
import { feedIdentity, feedUrls } from './feed-urls.ts';
import { feedLanguage, feedXml, type FeedItem } from './podcast-rss.ts';

/** The Podcasting 2.0 namespace for feed GUIDs (uuidv5 of the feed's address without its scheme). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

type SizedEpisode = PlaylistMember & { audio_bytes: number };

interface FeedServices {
  db: Db;
  config: Config;
  storage: ObjectStorage;
}

/** The feed's document; `token` is the one it was opened with, since every address in it carries that token. */
export async function readFeed(services: FeedServices, playlist: FeedPlaylist, token: string, request: ConditionalRequest): Promise<HttpAnswer> {
  const episodes = await withAudioBytes(services, await selectFeedEpisodes(services.db, playlist.id));
  const sources = Map.groupBy(await selectSourceSummaries(services.db, episodes.map((episode) => episode.id)), (source) => source.episode_id);
  const urls = feedUrls(services.config, token);
  const lastModified = new Date(Math.max(playlist.updated_at.getTime(), playlist.feed_created_at.getTime(), ...episodes.map((episode) => episode.updated_at.getTime())));
  const items = episodes.map((episode) => feedItem(episode, urls, sources.get(episode.id) ?? []));
  const xml = feedXml(
    {
      title: playlist.name,
      description: playlist.description || `The episodes of the playlist “${playlist.name}”, made with Castwright.`,
      link: publicBaseUrl(services.config),
      feedUrl: urls.feed,
      artworkUrl: urls.artwork(artworkVersion(playlist)),
      guid: podcastGuid(feedIdentity(services.config, playlist.id)),
      lastBuildDate: lastModified,
      language: feedLanguage(items),
    },
    items,
  );
  const validators: Validators = { etag: contentEtag(xml), lastModified };
  if (isNotModified(request, validators)) return notModified(validators, FEED_CACHE_CONTROL);
  return {
    status: 200,
    headers: { ...validatorHeaders(validators), 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': FEED_CACHE_CONTROL },
    body: xml,
  };
}

function feedItem(episode: SizedEpisode, urls: ReturnType<typeof feedUrls>, sources: readonly SourceSummary[]): FeedItem {
  const notes = episode.show_notes;
  const files = { id: episode.id, revision: episode.published_revision ?? 1 };
  return {
    guid: episode.id,
    title: episode.title,
    description: describedWithSources(episode.description || notes?.summary || episode.title, sources),
    pubDate: episode.completed_at ?? episode.created_at,
    position: episode.position,
    durationSeconds: audioSecondsOf(episode) ?? 0,
    audio: { url: urls.audio(files), bytes: episode.audio_bytes },
    transcriptVttUrl: urls.transcriptVtt(files),
    transcriptJsonUrl: urls.transcriptJson(files),
    chaptersUrl: notes && notes.chapters.length > 0 ? urls.chapters(files) : null,
    language: storedLanguage(episode.language),
  };
}

/** Storage look-ups at once while filling in sizes (an S3 HEAD each). */
const SIZE_LOOKUPS_AT_ONCE = 8;

/**
 * Enclosures need each file's exact size. It is read from storage once per episode and
 * kept on the row; an episode whose file is missing is left out rather than announced
 * with a wrong length.
 */
async function withAudioBytes(services: FeedServices, episodes: PlaylistMember[]): Promise<SizedEpisode[]> {
  const sizes = episodes.map((episode) => episode.audio_bytes);
  const unknown = episodes.flatMap((episode, index) => (episode.audio_bytes === null && episode.audio_key ? [{ episode, index, key: episode.audio_key }] : []));
  for (let start = 0; start < unknown.length; start += SIZE_LOOKUPS_AT_ONCE) {
    await Promise.all(unknown.slice(start, start + SIZE_LOOKUPS_AT_ONCE).map(async ({ episode, index, key }) => {
      const bytes = (await services.storage.stat(key))?.size ?? null;
      if (bytes !== null) await updateEpisodeAudioBytes(services.db, episode.id, bytes);
      sizes[index] = bytes;
    }));
  }
  return episodes.flatMap((episode, index) => {
    const bytes = sizes[index];
    return bytes === null || bytes === undefined ? [] : [{ ...episode, audio_bytes: bytes }];
  });
}

function podcastGuid(identity: string): string {
  return uuidv5(identity.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}
