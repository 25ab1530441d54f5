// Where a POST /api/episodes body says the episode's text comes from: exactly one of
// `content` (typed text, not blank) and `url` (an http or https address).
import { AppError } from '@castwright/core/errors';
import type { EpisodeSource } from '@castwright/core/episodes/accept-episode';

export function sourceFromBody(body: { content?: string | undefined; url?: string | undefined }): EpisodeSource {
  const content = body.content?.trim();
  if ((content === undefined) === (body.url === undefined)) {
    throw AppError.validation('Provide exactly one of content or url', ['exactly one of content or url is required']);
  }
  if (content !== undefined) {
    if (content === '') throw AppError.validation('content must not be blank');
    return { type: 'text', text: content };
  }
  const url = body.url as string;
  if (!/^https?:\/\//i.test(url)) throw AppError.validation('url must be an http or https address', ['url must use http or https']);
  return { type: 'url', url };
}
