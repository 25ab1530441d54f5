// What an inbound-mail provider posted, as the newsletter reader takes it: bytes of raw
// MIME, or the fields of a JSON object or a form.
import { AppError } from '@castwright/core/errors';
import type { InboundPayload } from '@castwright/content/newsletters/inbound-email';

/** Newsletters are tens to hundreds of kilobytes; attachments make up the rest of the room. */
export const MAX_INBOUND_BYTES = 5 * 1024 * 1024;

export const INBOUND_CONTENT_TYPES = ['message/rfc822', 'application/json', 'application/x-www-form-urlencoded'] as const;

export function inboundPayload(body: unknown): InboundPayload {
  if (Buffer.isBuffer(body)) return { kind: 'mime', raw: body };
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { kind: 'fields', fields: { ...body } };
  throw AppError.validation(`The body must be a MIME message or a JSON object; send one of: ${INBOUND_CONTENT_TYPES.join(', ')}`);
}
