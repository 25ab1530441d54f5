// What makes two items the same item within a briefing, as a SHA-256: the article's
// address (without its fragment and tracking parameters), else the feed's guid (only
// unique within its feed, so scoped by the source), else the newsletter's Message-ID,
// else the title and text themselves. An item seen again, in a later fetch or in a
// second feed, gets the same fingerprint and is stored once.
import { createHash } from 'node:crypto';

export interface ItemIdentity {
  sourceId: string;
  url?: string | null;
  guid?: string | null;
  messageId?: string | null;
  title: string;
  text: string;
}

export function itemFingerprint(item: ItemIdentity): string {
  const key = item.url
    ? `link:${canonicalLink(item.url)}`
    : item.guid
      ? `guid:${item.sourceId}:${item.guid}`
      : item.messageId
        ? `message:${item.messageId}`
        : `text:${item.sourceId}:${item.title}\n${item.text}`;
  return createHash('sha256').update(key).digest('hex');
}

function canonicalLink(value: string): string {
  try {
    const url = new URL(value);
    url.hash = '';
    for (const name of [...url.searchParams.keys()]) if (/^(?:utm_|mc_|fbclid$|gclid$)/i.test(name)) url.searchParams.delete(name);
    return url.href;
  } catch {
    return value;
  }
}
