// A newsletter e-mail as inbound-mail providers deliver it, read into one shape. Three
// payloads are understood:
// - raw MIME (`message/rfc822`): what Cloudflare Email Workers, SES or SendGrid's "raw"
//   mode forward; parsed with mailparser;
// - Postmark's inbound JSON (`HtmlBody`, `TextBody`, `Subject`, `From`, `Date`,
//   `Headers[]`, `MessageID`);
// - Mailgun's parsed message, as JSON or as the form fields its routes post
//   (`body-html`, `body-plain`, `subject`, `from`, `Date`, `Message-Id`, `message-headers`).
// Attachments are never read (mailparser buffers them, bounded by the request's size cap).
import { simpleParser } from 'mailparser';
import { PermanentError } from '@castwright/core/errors';

export type InboundPayload = { kind: 'mime'; raw: Buffer } | { kind: 'fields'; fields: Record<string, unknown> };

export interface InboundEmail {
  /** The Message-ID header without angle brackets, when there is one. */
  messageId: string | null;
  subject: string;
  from: string | null;
  date: Date | null;
  html: string | null;
  text: string | null;
}

/** The payload is none of the shapes above, or holds no message. */
export class UnreadableEmailError extends PermanentError {}

export async function readInboundEmail(payload: InboundPayload): Promise<InboundEmail> {
  const email = payload.kind === 'mime' ? await fromMime(payload.raw) : fromProviderFields(payload.fields);
  if (!email.html?.trim() && !email.text?.trim()) throw new UnreadableEmailError('The message has no text or HTML body');
  return email;
}

async function fromMime(raw: Buffer): Promise<InboundEmail> {
  if (raw.length === 0) throw new UnreadableEmailError('The message is empty');
  let mail;
  try {
    mail = await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch (error) {
    throw new UnreadableEmailError('The message could not be read as MIME', { cause: error });
  }
  if (mail.headers.size === 0) throw new UnreadableEmailError('The body is not a MIME message (it has no headers)');
  return {
    messageId: bareMessageId(mail.messageId),
    subject: mail.subject ?? '',
    from: mail.from?.text ?? null,
    date: validDate(mail.date),
    html: typeof mail.html === 'string' ? mail.html : null,
    text: mail.text ?? null,
  };
}

function fromProviderFields(fields: Record<string, unknown>): InboundEmail {
  if ('HtmlBody' in fields || 'TextBody' in fields) return fromPostmark(fields);
  if ('body-html' in fields || 'body-plain' in fields || 'stripped-text' in fields) return fromMailgun(fields);
  throw new UnreadableEmailError('The JSON is neither a Postmark inbound message (HtmlBody/TextBody) nor a Mailgun parsed message (body-html/body-plain)');
}

function fromPostmark(fields: Record<string, unknown>): InboundEmail {
  const headers = Array.isArray(fields.Headers) ? fields.Headers : [];
  const header = (name: string) => {
    const found = headers.find((entry): entry is { Name: string; Value: string } => isRecord(entry) && typeof entry.Name === 'string' && entry.Name.toLowerCase() === name && typeof entry.Value === 'string');
    return found?.Value;
  };
  const fromFull = isRecord(fields.FromFull) ? text(fields.FromFull.Email) : undefined;
  return {
    // Postmark's own MessageID is its id for the delivery; the sender's Message-ID header identifies the message.
    messageId: bareMessageId(header('message-id') ?? text(fields.MessageID)),
    subject: text(fields.Subject) ?? '',
    from: text(fields.From) ?? fromFull ?? null,
    date: validDate(text(fields.Date)),
    html: text(fields.HtmlBody) ?? null,
    text: text(fields.TextBody) ?? null,
  };
}

function fromMailgun(fields: Record<string, unknown>): InboundEmail {
  let headers: unknown[] = [];
  try {
    const parsed: unknown = typeof fields['message-headers'] === 'string' ? JSON.parse(fields['message-headers']) : fields['message-headers'];
    if (Array.isArray(parsed)) headers = parsed;
  } catch {
    // Headers are only a fallback for the Message-Id; a message without them is still read.
  }
  const header = (name: string) => {
    const found = headers.find((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && entry[0].toLowerCase() === name && typeof entry[1] === 'string');
    return found?.[1];
  };
  return {
    messageId: bareMessageId(text(fields['Message-Id']) ?? text(fields['message-id']) ?? header('message-id')),
    subject: text(fields.subject) ?? text(fields.Subject) ?? '',
    from: text(fields.from) ?? text(fields.From) ?? text(fields.sender) ?? null,
    date: validDate(text(fields.Date) ?? text(fields.date) ?? header('date')),
    html: text(fields['body-html']) ?? text(fields['stripped-html']) ?? null,
    text: text(fields['body-plain']) ?? text(fields['stripped-text']) ?? null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function bareMessageId(value: string | undefined): string | null {
  const bare = value?.trim().replace(/^<|>$/g, '').trim();
  return bare ? bare.slice(0, 500) : null;
}

function validDate(value: Date | string | undefined): Date | null {
  if (value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
