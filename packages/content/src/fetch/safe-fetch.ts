// Fetching a page (or a feed) through the outbound guard: redirects followed and checked
// hop by hop, then the answer judged. Bad input (refused address, 4xx, too large, too
// slow, wrong type) is a PermanentError with a message for the user; network trouble,
// 408, 429 and 5xx stay plain Errors so the job is retried.
import { PermanentError } from '@castwright/core/errors';
import type { OutboundPolicy } from './outbound-policy.ts';
import { sendOutbound } from './outbound-request.ts';

export interface FetchedResource {
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** The Content-Type header as sent (with parameters such as charset), '' when absent. */
  contentType: string;
  body: Buffer;
}

export async function safeFetch(target: string | URL, policy: OutboundPolicy): Promise<FetchedResource> {
  const response = await sendOutbound(target, policy, { describedAs: 'The page', headers: { accept: `${policy.allowedContentTypes.join(', ')}, */*;q=0.1` } });
  const host = new URL(response.finalUrl).hostname;
  if (response.status < 200 || response.status > 299) {
    const message = `HTTP ${response.status} from ${host}`;
    // Server trouble and rate limits may pass; anything else in 4xx will not.
    if (response.status >= 500 || response.status === 429 || response.status === 408) throw new Error(message);
    throw new PermanentError(message);
  }
  const contentType = response.headers.get('content-type') ?? '';
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (!policy.allowedContentTypes.includes(mediaType)) throw new PermanentError(`The page is not HTML or text (${mediaType || 'no content type'})`);
  return { finalUrl: response.finalUrl, status: response.status, contentType, body: response.body };
}
