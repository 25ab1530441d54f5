// Fetches a feed through the outbound guard with a conditional GET: the validators of
// the last 200 go out as If-None-Match / If-Modified-Since, and a 304 means nothing
// changed. The body is capped and timed by the policy and decoded by its declared
// charset (Content-Type, else the XML declaration, else UTF-8). 4xx and unreadable
// feeds are PermanentErrors; network trouble, 408, 429 and 5xx are plain Errors (a
// later fetch may succeed).
import { PermanentError } from '@castwright/core/errors';
import { contentTypeCharset, decodeBody } from '../fetch/decode-body.ts';
import type { OutboundPolicy } from '../fetch/outbound-policy.ts';
import { sendOutbound } from '../fetch/outbound-request.ts';
import { readFeedDocument, type FeedDocument } from './parse-feed.ts';

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchedFeed = { kind: 'not-modified' } | ({ kind: 'fetched'; document: FeedDocument } & FeedValidators);

const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';

export async function fetchFeed(url: string, validators: FeedValidators, policy: OutboundPolicy, signal?: AbortSignal): Promise<FetchedFeed> {
  const headers: Record<string, string> = { accept: FEED_ACCEPT };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const response = await sendOutbound(url, policy, { headers, describedAs: 'The feed', ...(signal && { signal }) });
  if (response.status === 304) return { kind: 'not-modified' };
  if (response.status < 200 || response.status > 299) {
    const message = `HTTP ${response.status} from ${new URL(response.finalUrl).hostname}`;
    if (response.status >= 500 || response.status === 429 || response.status === 408) throw new Error(message);
    throw new PermanentError(message);
  }
  const document = readFeedDocument(decodeFeed(response.body, response.headers.get('content-type') ?? ''));
  return { kind: 'fetched', document, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
}

function decodeFeed(body: Buffer, contentType: string): string {
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(body.subarray(0, 200).toString('latin1'))?.[1];
  return decodeBody(body, [contentTypeCharset(contentType), declared]);
}
