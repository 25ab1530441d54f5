// An inbound newsletter for an e-mail source: the webhook id in the path is the
// credential, looked up by its SHA-256 (an index probe that takes the same time whether
// or not the id exists, so guessing learns nothing from timing). The message is read
// (raw MIME or a provider's JSON or form fields), reduced to the newsletter's own text,
// and stored as one item of the source's briefing for its next run. The same message
// delivered twice (providers retry) is stored once: its Message-ID is its fingerprint.
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { insertItems } from '@castwright/core/repositories/briefing-items';
import { selectSourceByInboundHash } from '@castwright/core/repositories/briefing-sources';
import { hashSecret } from '@castwright/core/secret-hash';
import { itemFingerprint } from '@castwright/content/briefings/item-fingerprint';
import { readInboundEmail, UnreadableEmailError, type InboundPayload } from '@castwright/content/newsletters/inbound-email';
import { newsletterText } from '@castwright/content/newsletters/newsletter-text';

export interface ReceivedNewsletter {
  /** The matched source's name (the interface's `briefingSource`). */
  sourceName: string;
  title: string;
  /** False when the same message had been stored before. */
  stored: boolean;
}

/** The inbound webhook id's SHA-256: what rate limits and look-ups key on (never the id itself). */
export function inboundKey(webhookId: string): string {
  return hashSecret(webhookId);
}

export async function receiveNewsletter(db: Db, webhookId: string, payload: InboundPayload): Promise<ReceivedNewsletter> {
  const source = await selectSourceByInboundHash(db, inboundKey(webhookId));
  if (!source) throw new AppError('notFound', 'Unknown inbound address');
  let email;
  try {
    email = await readInboundEmail(payload);
  } catch (error) {
    if (error instanceof UnreadableEmailError) throw AppError.validation(error.message);
    throw error;
  }
  const newsletter = newsletterText(email);
  if (newsletter.text.trim() === '') throw AppError.validation('The message has no readable newsletter text once quotes and footers are removed');
  const inserted = await insertItems(db, [{
    briefing_id: source.briefing_id,
    source_id: source.id,
    fingerprint: itemFingerprint({ sourceId: source.id, messageId: email.messageId, title: newsletter.title, text: newsletter.text }),
    title: newsletter.title,
    url: null,
    // Dated by its arrival (first_seen_at): a sender's Date header is theirs to set.
    published_at: null,
    body: newsletter.text,
  }]);
  return { sourceName: source.source_name, title: newsletter.title, stored: inserted > 0 };
}
