// Where a POST /api/episodes body says the episode's text comes from: exactly one of
// `content` (typed text, not blank), `url` (an http or https address) and `sources` (a
// list of such items and stored documents, each with exactly one of the three). The
// documents are resolved to the caller's own by the service (create-episode.ts).
import { AppError } from '@castwright/core/errors';

export type RequestedSource = { kind: 'text'; text: string } | { kind: 'url'; url: string } | { kind: 'document'; documentId: string };

interface SourceFields {
  content?: string | undefined;
  url?: string | undefined;
}

export function sourcesFromBody(body: SourceFields & { sources?: readonly (SourceFields & { documentId?: string | undefined })[] | undefined }): RequestedSource[] {
  const given = [body.content, body.url, body.sources].filter((value) => value !== undefined).length;
  if (given !== 1) {
    throw AppError.validation('Provide exactly one of content, url or sources', ['exactly one of content, url or sources is required']);
  }
  if (body.sources === undefined) return [sourceOf(body, '')];
  return body.sources.map((item, index) => sourceOf(item, `sources[${index}].`));
}

function sourceOf(item: SourceFields & { documentId?: string | undefined }, where: string): RequestedSource {
  const given = [item.content, item.url, item.documentId].filter((value) => value !== undefined).length;
  if (where !== '' && given !== 1) {
    throw AppError.validation(`${where.slice(0, -1)} must have exactly one of content, url or documentId`, [`${where}: exactly one of content, url or documentId is required`]);
  }
  if (item.documentId !== undefined) return { kind: 'document', documentId: item.documentId };
  if (item.content !== undefined) {
    const text = item.content.trim();
    if (text === '') throw AppError.validation(`${where}content must not be blank`);
    return { kind: 'text', text };
  }
  const url = item.url as string;
  if (!/^https?:\/\//i.test(url)) throw AppError.validation(`${where}url must be an http or https address`, [`${where}url must use http or https`]);
  return { kind: 'url', url };
}
