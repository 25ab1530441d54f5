// Every address a private feed hands out, all under /feeds/<token>/ on the API's public
// base (PUBLIC_BASE_URL), so a podcast app needs nothing but the feed URL: no header,
// no login. The token is the only credential, and it reaches only its own playlist.
import { publicBaseUrl, type Config } from '@castwright/core/config';

export function feedUrls(config: Config, token: string) {
  const base = `${publicBaseUrl(config)}/feeds/${token}`;
  const episode = (id: string) => `${base}/episodes/${encodeURIComponent(id)}`;
  return {
    feed: `${base}/feed.xml`,
    /** `version` changes with the artwork, so apps that cache images by address fetch the new one. */
    artwork: (version: string) => `${base}/artwork.png?v=${version}`,
    audio: (id: string) => `${episode(id)}/audio.mp3`,
    transcriptVtt: (id: string) => `${episode(id)}/transcript.vtt`,
    transcriptJson: (id: string) => `${episode(id)}/transcript.json`,
    chapters: (id: string) => `${episode(id)}/chapters.json`,
  };
}

/** A stable address naming the playlist's feed whatever its current token, for `podcast:guid`. */
export function feedIdentity(config: Config, playlistId: string): string {
  return `${publicBaseUrl(config)}/playlists/${playlistId}`;
}

/** Feed URLs carry a credential: logs show the route, never the token. */
export function redactFeedToken(url: string): string {
  return url.replace(/^\/feeds\/[^/?#]+/, '/feeds/[redacted]');
}
