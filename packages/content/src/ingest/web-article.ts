// A web page's article text: fetched through the SSRF-safe fetcher, decoded by its
// declared charset (header, then <meta>, then UTF-8), and reduced by Readability to the
// main article without navigation, footers or ads. Plain-text pages are taken whole.
// Headings, paragraphs, lists and tables are kept as structure (Readability's
// textContent would run them together); code, figures and footnote links are not.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { PermanentError } from '@castwright/core/errors';
import { contentTypeCharset, decodeBody } from '../fetch/decode-body.ts';
import { safeFetch } from '../fetch/safe-fetch.ts';
import type { OutboundPolicy } from '../fetch/outbound-policy.ts';
import { cleanBlocks, cleanText } from '../text/clean-text.ts';
import { htmlBlocks } from '../text/html-blocks.ts';
import { plainTextBlocks } from '../text/plain-text-blocks.ts';
import type { Block } from '../text/structured-text.ts';

export interface WebArticle {
  /** The article's title, or null when the page has none (plain text). */
  title: string | null;
  /** The article as structure: headings, paragraphs, lists, tables. */
  blocks: Block[];
}

export async function fetchArticleText(url: string, policy: OutboundPolicy): Promise<WebArticle> {
  const page = await safeFetch(url, policy);
  const mediaType = (page.contentType.split(';')[0] ?? '').trim().toLowerCase();
  const decoded = decode(page.body, page.contentType, mediaType === 'text/plain');
  const article = mediaType === 'text/plain' ? { title: null, blocks: plainTextBlocks(decoded) } : articleFromHtml(decoded);
  if (cleanBlocks(article.blocks).length === 0) throw new PermanentError('The page has no readable text');
  return article;
}

export function articleFromHtml(html: string): WebArticle {
  const { document } = parseHTML(html);
  const pageTitle = cleanText(document.title ?? '') || null;
  // Readability changes the document it is given; the fallback needs an unchanged one.
  const parsed = new Readability(parseHTML(html).document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  if (parsed?.content) {
    const blocks = htmlBlocks(parseHTML(`<!doctype html><html><body>${parsed.content}</body></html>`).document.body);
    if (cleanBlocks(blocks).length > 0) return { title: cleanText(parsed.title ?? '') || pageTitle, blocks };
  }
  // Too short or too odd for Readability: the body without the obvious boilerplate.
  for (const element of document.querySelectorAll('script, style, noscript, template, nav, header, footer, aside, form')) element.remove();
  return { title: pageTitle, blocks: document.body ? htmlBlocks(document.body) : [] };
}

/** The article under its title as a heading, unless it already opens with one. */
export function titledBlocks(article: WebArticle): Block[] {
  const first = article.blocks.find((block) => block.kind !== 'table');
  if (!article.title || (first?.kind === 'heading' && first.level === 1)) return article.blocks;
  const title = article.title.split(/\s+[|\u2013\u2014-]\s+/)[0]?.trim() ?? article.title;
  if (first?.kind === 'heading' && first.text === title) return article.blocks;
  return [{ kind: 'heading', level: 1, text: title }, ...article.blocks];
}

/** The page's text by its charset: Content-Type's, else a <meta> one in the first 1024 bytes, else UTF-8. */
function decode(body: Buffer, contentType: string, plainText: boolean): string {
  const meta = plainText ? undefined : /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
  return decodeBody(body, [contentTypeCharset(contentType), meta]);
}
