// The shape of every Castwright e-mail: plain text first (it is what most account mail is
// read as), with a minimal HTML part built from the same paragraphs and link.
import type { OutgoingMail } from '@castwright/core/mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);

export function composeMail(to: string, subject: string, paragraphs: string[], link: string): OutgoingMail {
  return {
    to,
    subject,
    text: [...paragraphs, link].join('\n\n'),
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
