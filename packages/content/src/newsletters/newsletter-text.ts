// A newsletter e-mail's readable text: HTML through the project's HTML reader (plain
// text by the shape of its lines when there is no HTML), without what is not the
// newsletter: quoted replies (a forwarded newsletter keeps the message it forwards and
// loses the forwarding header), hidden preheaders, "view in browser" lines, signatures
// and the footer (unsubscribe, preferences, copyright and what follows them).
import { parseHTML } from 'linkedom';
import { cleanBlocks } from '../text/clean-text.ts';
import { htmlBlocks } from '../text/html-blocks.ts';
import { plainTextBlocks } from '../text/plain-text-blocks.ts';
import { formatStructuredText, type Block } from '../text/structured-text.ts';
import type { InboundEmail } from './inbound-email.ts';

export interface NewsletterText {
  title: string;
  /** Structured text (text/structured-text.ts); '' when nothing readable is left. */
  text: string;
}

/** An item longer than this is cut at a block boundary (about two hours of speech; a run uses far less). */
const MAX_NEWSLETTER_CHARACTERS = 100_000;

const SUBJECT_PREFIXES = /^(?:\s*(?:re|fwd?|fw|aw|wg)\s*:\s*)+/i;
const FORWARD_MARKER = /-{2,}\s*Forwarded message\s*-{2,}|Begin forwarded message:|-{2,}\s*Original Message\s*-{2,}/i;
const REPLY_ATTRIBUTION = /^On .{3,300} wrote:$/;
const HEADER_LINE = /^(?:from|sent|date|to|cc|subject)\s*:/i;
const FOOTER = /unsubscribe|you(?:'|\u2019| a)re receiving this|you received this (?:e-?mail|message)|no longer wish to receive|manage (?:your )?(?:e-?mail |subscription )?preferences|update (?:your )?(?:e-?mail |subscription )?preferences|sent from my (?:iphone|ipad|android|phone|mobile)|all rights reserved|copyright\s*(?:©|\(c\))|©\s*(?:19|20)[0-9]{2}/i;
const VIEW_IN_BROWSER = /^(?:(?:view|read|open|see) (?:this |the |our )?(?:e-?mail|newsletter|issue|message|post)? ?(?:in|on) (?:your |a |the )?(?:web ?)?browser|having trouble (?:viewing|reading) this|can['\u2019]t see this e-?mail)/i;

export function newsletterText(email: InboundEmail): NewsletterText {
  const forwarded = /^\s*(?:fwd?|fw|wg)\s*:/i.test(email.subject) || FORWARD_MARKER.test(email.text ?? '') || FORWARD_MARKER.test(email.html ?? '');
  const blocks = email.html?.trim() ? htmlMessageBlocks(email.html, forwarded) : textMessageBlocks(email.text ?? '', forwarded);
  const kept = cleanBlocks(withoutBoilerplate(blocks, forwarded));
  const title = email.subject.replace(SUBJECT_PREFIXES, '').replace(/\s+/g, ' ').trim().slice(0, 300) || firstHeading(kept) || 'Newsletter';
  return { title, text: bounded(kept) };
}

function htmlMessageBlocks(html: string, forwarded: boolean): Block[] {
  const { document } = parseHTML(/<body[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  const remove = ['[style*="display:none"]', '[style*="display: none"]', '[hidden]', '.gmail_attr', '.gmail_signature', '[data-smartmail="gmail_signature"]'];
  // In a reply the quote is someone else's earlier message; in a forward it IS the newsletter.
  if (!forwarded) remove.push('blockquote[type="cite"]', '.gmail_quote', '.yahoo_quoted', '#divRplyFwdMsg', '#appendonsend');
  for (const element of document.querySelectorAll(remove.join(', '))) element.remove();
  return document.body ? htmlBlocks(document.body) : [];
}

function textMessageBlocks(text: string, forwarded: boolean): Block[] {
  const lines: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    // A signature starts at "-- " (RFC 3676); nothing after it is the newsletter.
    if (raw === '-- ' || raw === '--') break;
    const quoted = /^\s*>/.test(raw);
    if (quoted && !forwarded) continue;
    const line = quoted ? raw.replace(/^(?:\s*>)+ ?/, '') : raw;
    if (!forwarded && REPLY_ATTRIBUTION.test(line.trim())) break;
    lines.push(line);
  }
  return plainTextBlocks(lines.join('\n'));
}

function withoutBoilerplate(blocks: readonly Block[], forwarded: boolean): Block[] {
  const textOf = (block: Block) => (block.kind === 'list' ? block.items.join(' ') : block.kind === 'table' ? block.rows.flat().join(' ') : block.text).trim();
  const kept: Block[] = [];
  for (const block of blocks) {
    const text = textOf(block);
    if (!forwarded && REPLY_ATTRIBUTION.test(text)) break;
    if (FORWARD_MARKER.test(text) && text.replace(FORWARD_MARKER, '').trim().length < 300 && !/[.!?]\s+\p{Lu}/u.test(text.replace(FORWARD_MARKER, ''))) continue;
    if (HEADER_LINE.test(text) && /\b(?:subject|date|sent)\s*:/i.test(text) && text.length < 600) continue;
    if (VIEW_IN_BROWSER.test(text)) continue;
    kept.push(block);
  }
  // The footer: from the first footer-like block in the second half of the message to the end.
  const footerAt = kept.findIndex((block, index) => index >= Math.floor(kept.length / 2) && FOOTER.test(textOf(block)));
  const body = footerAt >= 0 ? kept.slice(0, footerAt) : kept;
  // A short footer-like line earlier on ("Unsubscribe | Preferences") goes alone.
  return body.filter((block) => !(FOOTER.test(textOf(block)) && textOf(block).length < 200));
}

function firstHeading(blocks: readonly Block[]): string | undefined {
  const heading = blocks.find((block) => block.kind === 'heading');
  return heading?.kind === 'heading' ? heading.text : undefined;
}

function bounded(blocks: readonly Block[]): string {
  const parts: Block[] = [];
  let length = 0;
  for (const block of blocks) {
    const size = formatStructuredText([block]).length + 2;
    if (length + size > MAX_NEWSLETTER_CHARACTERS) break;
    parts.push(block);
    length += size;
  }
  return formatStructuredText(parts);
}
