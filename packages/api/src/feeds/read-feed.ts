// GET /feeds/:token/feed.xml: a playlist's ready episodes in playlist order, or a show's
// episodes with published audio newest first, as RSS. The ETag is a hash of the document
// itself, so it changes exactly when the feed does (an add, removal, reorder, rename, an
// episode becoming ready, a new revision of it published, an episode edited or deleted,
// a show's fields or cover changed); Last-Modified is the latest of the playlist's (or
// show's) and its items' change times, which every one of those moves (membership changes
// move the playlist's by trigger).
import { publicBaseUrl, type Config } from '@castwright/core/config';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { storedLanguage } from '@castwright/core/languages';
import type { Db } from '@castwright/core/db/connect';
import { selectSourceSummaries, type SourceSummary } from '@castwright/core/repositories/episode-sources';
import { updateEpisodeAudioBytes } from '@castwright/core/repositories/episodes';
import { selectFeedEpisodes } from '@castwright/core/repositories/playlist-feeds';
import { selectShowFeedEpisodes } from '@castwright/core/repositories/show-feeds';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { v5 as uuidv5 } from 'uuid';
import { audioSecondsOf } from '../episodes/episode-views.ts';
import { describedWithSources } from './feed-sources.ts';
import { isNotModified, notModified, validatorHeaders, type ConditionalRequest, type HttpAnswer, type Validators } from '../http/conditional-get.ts';
import { contentEtag } from '../http/preconditions.ts';
import type { FeedSource } from './feed-access.ts';
import { artworkVersion } from './feed-artwork.ts';
import { FEED_CACHE_CONTROL } from './feed-files.ts';
import { feedIdentity, feedUrls } from './feed-urls.ts';
import { feedLanguage, feedXml, type FeedChannel, type FeedItem } from './podcast-rss.ts';

/** The Podcasting 2.0 namespace for feed GUIDs (uuidv5 of the feed's address without its scheme). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** An episode as the feed lists it: its place (the playlist position, or its number in the show) and its file's size. */
type PlacedEpisode = EpisodeRow & { position: number };
type SizedEpisode = PlacedEpisode & { audio_bytes: number };

interface FeedServices {
  db: Db;
  config: Config;
  storage: ObjectStorage;
}

/** The feed's document; `token` is the one it was opened with, since every address in it carries that token. */
export async function readFeed(services: FeedServices, source: FeedSource, token: string, request: ConditionalRequest): Promise<HttpAnswer> {
  const urls = feedUrls(services.config, token);
  const listed = await feedEpisodes(services.db, source);
  const episodes = await withAudioBytes(services, listed);
  const sources = Map.groupBy(await selectSourceSummaries(services.db, episodes.map((episode) => episode.id)), (source) => source.episode_id);
  const owner = source.kind === 'playlist' ? source.playlist : source.show;
  const lastModified = new Date(Math.max(owner.updated_at.getTime(), owner.feed_created_at.getTime(), ...episodes.map((episode) => episode.updated_at.getTime())));
  const items = episodes.map((episode) => feedItem(episode, urls, sources.get(episode.id) ?? []));
  const xml = feedXml({ ...channelOf(services.config, source, urls, items), lastBuildDate: lastModified }, items);
  const validators: Validators = { etag: contentEtag(xml), lastModified };
  if (isNotModified(request, validators)) return notModified(validators, FEED_CACHE_CONTROL);
  return {
    status: 200,
    headers: { ...validatorHeaders(validators), 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': FEED_CACHE_CONTROL },
    body: xml,
  };
}

/** A playlist's members in its order; a show's episodes newest first, numbered from the oldest. */
async function feedEpisodes(db: Db, source: FeedSource): Promise<PlacedEpisode[]> {
  if (source.kind === 'playlist') return selectFeedEpisodes(db, source.playlist.id);
  const episodes = await selectShowFeedEpisodes(db, source.show.id);
  return episodes.map((episode, index) => ({ ...episode, position: episodes.length - index }));
}

/** The channel: a playlist's is made up from its name; a show's says what the show says about itself. */
function channelOf(config: Config, source: FeedSource, urls: ReturnType<typeof feedUrls>, items: readonly FeedItem[]): Omit<FeedChannel, 'lastBuildDate'> {
  const link = publicBaseUrl(config);
  if (source.kind === 'playlist') {
    const { playlist } = source;
    return {
      title: playlist.name,
      description: playlist.description || `The episodes of the playlist “${playlist.name}”, made with Castwright.`,
      link,
      feedUrl: urls.feed,
      artworkUrl: urls.artwork(artworkVersion(playlist)),
      guid: podcastGuid(feedIdentity(config, 'playlists', playlist.id)),
      language: feedLanguage(items),
      author: 'Castwright',
      category: null,
      type: 'serial',
    };
  }
  const { show } = source;
  return {
    title: show.name,
    description: show.description || `The episodes of “${show.name}”, made with Castwright.`,
    link,
    feedUrl: urls.feed,
    artworkUrl: show.artwork_sha256 ? urls.artworkJpeg(show.artwork_sha256.slice(0, 16)) : urls.artwork(artworkVersion(show)),
    guid: podcastGuid(feedIdentity(config, 'shows', show.id)),
    language: show.language ?? feedLanguage(items),
    author: show.author || 'Castwright',
    category: show.category,
    type: 'episodic',
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
async function withAudioBytes(services: FeedServices, episodes: PlacedEpisode[]): Promise<SizedEpisode[]> {
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
