// An RSS 2.0 or Atom document to entries, with @rowanmanning/feed-parser (lenient: a
// truncated or slightly broken feed still yields the entries it holds; it expands no
// custom XML entities, so an entity bomb stays text). Each entry's HTML becomes
// structured text through the project's HTML reader; entries with neither a title nor
// text, or with an address that is not http(s), are dropped or lose the address.
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseHTML } from 'linkedom';
import { PermanentError } from '@castwright/core/errors';
import { cleanBlocks } from '../text/clean-text.ts';
import { htmlBlocks } from '../text/html-blocks.ts';
import { formatStructuredText } from '../text/structured-text.ts';

export interface FeedEntry {
  /** The entry's guid (RSS) or id (Atom), when it has one. */
  guid: string | null;
  /** The article's address (http or https), when it has one. */
  url: string | null;
  title: string;
  /** Published, else updated; null when the feed gives neither. */
  published: Date | null;
  /** The entry's own text (content, else description), as structured text; '' when it has none. */
  text: string;
}

export interface FeedDocument {
  format: 'rss' | 'atom';
  title: string | null;
  entries: FeedEntry[];
}

export function readFeedDocument(xml: string): FeedDocument {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(xml);
  } catch (error) {
    throw new PermanentError('The feed could not be read as RSS or Atom', { cause: error });
  }
  const entries: FeedEntry[] = [];
  for (const item of feed.items) {
    const text = htmlToText(item.content ?? item.description ?? '');
    const title = oneLine(item.title ?? '') || firstWords(text);
    if (title === '') continue;
    entries.push({ guid: item.id?.trim() || null, url: webAddress(item.url), title, published: item.published ?? item.updated, text });
  }
  return { format: feed.meta.type === 'atom' ? 'atom' : 'rss', title: oneLine(feed.title ?? '') || null, entries };
}

/** Feed HTML (or plain text, which parses as one text node) to clean structured text. */
export function htmlToText(html: string): string {
  if (html.trim() === '') return '';
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return formatStructuredText(cleanBlocks(htmlBlocks(document.body)));
}

function webAddress(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

function firstWords(text: string): string {
  const words = text.replace(/^#+\s*/gm, '').split(/\s+/).filter(Boolean);
  return words.length === 0 ? '' : words.slice(0, 12).join(' ') + (words.length > 12 ? '…' : '');
}
