// The RSS 2.0 document of a private feed, with the Apple Podcasts (`itunes`) and
// Podcasting 2.0 (`podcast`) namespaces. Built with xmlbuilder2, which escapes every
// text and attribute; characters XML cannot carry (control characters, lone
// surrogates) are dropped rather than producing a document apps refuse to parse.
import { create } from 'xmlbuilder2';

const NAMESPACES = {
  'xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  'xmlns:podcast': 'https://podcastindex.org/namespace/1.0',
  'xmlns:atom': 'http://www.w3.org/2005/Atom',
} as const;

export interface FeedChannel {
  title: string;
  description: string;
  /** A page for the show: the service's public address. */
  link: string;
  feedUrl: string;
  artworkUrl: string;
  /** Podcasting 2.0 GUID: stays the same when the token (and so the URL) changes. */
  guid: string;
  lastBuildDate: Date;
  /** The channel's `<language>`: the show's, or the playlist's most common episode language (feedLanguage). */
  language: string;
  /** `itunes:author`: the show's author; Castwright for a playlist. */
  author: string;
  /** `itunes:category`: a show's, one of Apple's top-level categories; none for a playlist. */
  category: string | null;
  /** `itunes:type`: a playlist is listened to in its order (serial), a show's newest episode first (episodic). */
  type: 'serial' | 'episodic';
}

export interface FeedItem {
  guid: string;
  title: string;
  description: string;
  pubDate: Date;
  /** The playlist position (apps show a serial feed in this order), or the episode's number in its show. */
  position: number;
  durationSeconds: number;
  audio: { url: string; bytes: number };
  transcriptVttUrl: string;
  transcriptJsonUrl: string;
  chaptersUrl: string | null;
  /** The episode's own language, which its transcripts carry. */
  language: string;
}

/**
 * A channel has one `<language>` and a playlist may mix them: the language most of its
 * episodes are in, the earliest in playlist order among equals; English for an empty
 * playlist. Each item's transcripts say their own.
 */
export function feedLanguage(items: readonly Pick<FeedItem, 'language'>[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.language, (counts.get(item.language) ?? 0) + 1);
  let best = 'en';
  let most = 0;
  for (const [language, count] of counts) {
    if (count > most) [best, most] = [language, count];
  }
  return best;
}

export function feedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele('rss', { version: '2.0', ...NAMESPACES });
  const rss = root.ele('channel');
  rss.ele('title').txt(channel.title);
  rss.ele('link').txt(channel.link);
  rss.ele('atom:link', { href: channel.feedUrl, rel: 'self', type: 'application/rss+xml' });
  rss.ele('description').txt(channel.description);
  rss.ele('language').txt(channel.language);
  rss.ele('lastBuildDate').txt(channel.lastBuildDate.toUTCString());
  rss.ele('generator').txt('Castwright');
  rss.ele('image').ele('url').txt(channel.artworkUrl).up().ele('title').txt(channel.title).up().ele('link').txt(channel.link);
  rss.ele('itunes:image', { href: channel.artworkUrl });
  rss.ele('itunes:author').txt(channel.author);
  if (channel.category) rss.ele('itunes:category', { text: channel.category });
  rss.ele('itunes:explicit').txt('false');
  rss.ele('itunes:type').txt(channel.type);
  // A private feed: podcast directories must not list it, nor other hosts import it.
  rss.ele('itunes:block').txt('Yes');
  rss.ele('podcast:locked').txt('yes');
  rss.ele('podcast:guid').txt(channel.guid);
  if (channel.author !== 'Castwright') rss.ele('podcast:person', { group: 'writing', role: 'author' }).txt(channel.author);
  for (const item of items) {
    const entry = rss.ele('item');
    entry.ele('title').txt(item.title);
    entry.ele('description').txt(item.description);
    entry.ele('guid', { isPermaLink: 'false' }).txt(item.guid);
    entry.ele('pubDate').txt(item.pubDate.toUTCString());
    entry.ele('enclosure', { url: item.audio.url, length: String(item.audio.bytes), type: 'audio/mpeg' });
    entry.ele('itunes:duration').txt(String(item.durationSeconds));
    entry.ele('itunes:episode').txt(String(item.position));
    entry.ele('itunes:episodeType').txt('full');
    entry.ele('itunes:explicit').txt('false');
    entry.ele('podcast:transcript', { url: item.transcriptVttUrl, type: 'text/vtt', language: item.language, rel: 'captions' });
    entry.ele('podcast:transcript', { url: item.transcriptJsonUrl, type: 'application/json', language: item.language });
    if (item.chaptersUrl) entry.ele('podcast:chapters', { url: item.chaptersUrl, type: 'application/json+chapters' });
  }
  return root.end({ prettyPrint: true });
}
