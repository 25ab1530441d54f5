// Every address a private feed hands out, all under /feeds/<token>/ on the API's public
// base (PUBLIC_BASE_URL), so a podcast app needs nothing but the feed URL: no header,
// no login. The token is the only credential, and it reaches only its own playlist.
import { publicBaseUrl, type Config } from '@castwright/core/config';

/** An episode as its feed addresses name it: its id and published revision. */
interface FeedEpisode {
  id: string;
  revision: number;
}

export function feedUrls(config: Config, token: string) {
  const base = `${publicBaseUrl(config)}/feeds/${token}`;
  // An episode's files carry its published revision: apps that cache by address (every
  // podcast app does for enclosures) fetch the new audio, transcript and chapters after an edit.
  const file = (episode: FeedEpisode, name: string) => `${base}/episodes/${encodeURIComponent(episode.id)}/${name}?v=${episode.revision}`;
  return {
    feed: `${base}/feed.xml`,
    /** `version` changes with the artwork, so apps that cache images by address fetch the new one. */
    artwork: (version: string) => `${base}/artwork.png?v=${version}`,
    /** A show's own cover, kept as a JPEG. */
    artworkJpeg: (version: string) => `${base}/artwork.jpg?v=${version}`,
    audio: (episode: FeedEpisode) => file(episode, 'audio.mp3'),
    transcriptVtt: (episode: FeedEpisode) => file(episode, 'transcript.vtt'),
    transcriptJson: (episode: FeedEpisode) => file(episode, 'transcript.json'),
    chapters: (episode: FeedEpisode) => file(episode, 'chapters.json'),
  };
}

/** A stable address naming the playlist's (or show's) feed whatever its current token, for `podcast:guid`. */
export function feedIdentity(config: Config, kind: 'playlists' | 'shows', id: string): string {
  return `${publicBaseUrl(config)}/${kind}/${id}`;
}

/** Feed URLs carry a credential: logs show the route, never the token. */
export function redactFeedToken(url: string): string {
  return url.replace(/^\/feeds\/[^/?#]+/, '/feeds/[redacted]');
}
