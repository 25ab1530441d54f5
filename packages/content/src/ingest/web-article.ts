// A web page's article text: fetched through the SSRF-safe fetcher, decoded by its
// declared charset (header, then <meta>, then UTF-8), and reduced by Readability to the
// main article without navigation, footers or ads. Plain-text pages are taken whole.
// Paragraph breaks are kept (Readability's textContent would run them together).
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { PermanentError } from '@castwright/core/errors';
import { safeFetch } from '../fetch/safe-fetch.ts';
import type { OutboundPolicy } from '../fetch/outbound-policy.ts';
import { cleanText } from '../text/clean-text.ts';

export interface WebArticle {
  /** The article's title, or null when the page has none (plain text). */
  title: string | null;
  text: string;
}

export async function fetchArticleText(url: string, policy: OutboundPolicy): Promise<WebArticle> {
  const page = await safeFetch(url, policy);
  const mediaType = (page.contentType.split(';')[0] ?? '').trim().toLowerCase();
  const decoded = decode(page.body, page.contentType, mediaType === 'text/plain');
  const article = mediaType === 'text/plain' ? { title: null, text: cleanText(decoded) } : articleFromHtml(decoded);
  if (article.text.length === 0) throw new PermanentError('The page has no readable text');
  return article;
}

export function articleFromHtml(html: string): WebArticle {
  const { document } = parseHTML(html);
  const pageTitle = cleanText(document.title ?? '') || null;
  // Readability changes the document it is given; the fallback needs an unchanged one.
  const parsed = new Readability(parseHTML(html).document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  if (parsed?.content) {
    const text = blockText(parseHTML(`<!doctype html><html><body>${parsed.content}</body></html>`).document.body);
    if (text.length > 0) return { title: cleanText(parsed.title ?? '') || pageTitle, text };
  }
  // Too short or too odd for Readability: the body without the obvious boilerplate.
  for (const element of document.querySelectorAll('script, style, noscript, template, nav, header, footer, aside, form')) element.remove();
  return { title: pageTitle, text: document.body ? blockText(document.body) : '' };
}

const BLOCK_ELEMENTS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6',
  'HR', 'LI', 'MAIN', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TD', 'TH', 'TR', 'UL',
]);
const SKIPPED_ELEMENTS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

interface TextNodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<TextNodeLike>;
}

/** Text with a paragraph break around every block element, whitespace inside paragraphs collapsed. */
function blockText(root: TextNodeLike): string {
  const parts: string[] = [];
  const walk = (node: TextNodeLike) => {
    if (node.nodeType === 3) parts.push((node.textContent ?? '').replace(/\s+/g, ' '));
    if (node.nodeType !== 1 || SKIPPED_ELEMENTS.has(node.nodeName)) return;
    const block = BLOCK_ELEMENTS.has(node.nodeName);
    if (block) parts.push('\n\n');
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) parts.push('\n\n');
  };
  walk(root);
  return cleanText(parts.join(''));
}

/** The page's text by its charset: Content-Type's, else a <meta> one in the first 1024 bytes, else UTF-8. */
function decode(body: Buffer, contentType: string, plainText: boolean): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const meta = plainText ? undefined : /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
  for (const label of [declared, meta]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next source, then UTF-8.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
