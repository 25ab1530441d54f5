// An RSS 2.0 or Atom document to entries, with @rowanmanning/feed-parser (lenient: a
// slightly broken feed still yields the entries it holds). A feed that declares its own
// XML entities (a DOCTYPE internal subset: the "billion laughs" shape) is refused before
// parsing; one that yields no entries and is not well-formed XML is refused with the
// validator's reason, so a broken feed reads as broken, not as empty. Each entry's HTML becomes
// structured text through the project's HTML reader; entries with neither a title nor
// text, or with an address that is not http(s), are dropped or lose the address.
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
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

/** `<!DOCTYPE name [` : a DOCTYPE with an internal subset, where entities are declared. */
const INTERNAL_SUBSET = /<!DOCTYPE\s[^>[]*\[/i;

export function readFeedDocument(xml: string): FeedDocument {
  if (INTERNAL_SUBSET.test(xml)) throw new PermanentError('The feed declares its own XML entities (a DOCTYPE internal subset), which are refused');
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
  if (entries.length === 0) {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) throw new PermanentError(`The feed is not well-formed XML (it breaks off or is malformed at line ${valid.err.line})`);
  }
  return { format: feed.meta.type === 'atom' ? 'atom' : 'rss', title: oneLine(feed.title ?? '') || null, entries };
}

/** Feed HTML (or plain text, which parses as one text node) to clean structured text. */
function htmlToText(html: string): string {
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
