// An HTML tree (a Readability article, or mammoth's rendering of a DOCX) to structure:
// h1–h6 as headings, p/div text as paragraphs, ul/ol as lists, tables as tables.
// Code blocks, figures, images, scripts and footnote references are not prose and are
// left out; links keep their words and lose their targets, and a sentence that is
// mostly a link ("Read more at our guide.") is left out as navigation.
import { isDiagramLine } from './clean-text.ts';
import { linesToBlocks, promoteHeadings } from './plain-text-blocks.ts';
import type { Block } from './structured-text.ts';

export interface HtmlNodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<HtmlNodeLike>;
  getAttribute?(name: string): string | null;
}

const SKIPPED = new Set([
  'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'PRE', 'SVG', 'CANVAS', 'IMG', 'PICTURE', 'VIDEO', 'AUDIO', 'IFRAME', 'OBJECT',
  'FIGURE', 'FIGCAPTION', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'FORM', 'MATH', 'NAV',
]);
const BLOCK = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FOOTER', 'HEADER', 'HR', 'MAIN', 'P',
  'SECTION', 'SUMMARY', 'LI', 'CAPTION',
]);
const HEADINGS: Record<string, 1 | 2 | 3> = { H1: 1, H2: 2, H3: 3, H4: 3, H5: 3, H6: 3 };

/** Private-use marks around a link's words while a block is collected (taken out of the page's own text). */
const LINK_START = '\uE001';
const LINK_END = '\uE002';
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * A line without the sentences that are mostly a link's words ("Read more at our
 * guide to booking."): navigation, not prose. Link marks are removed.
 */
function withoutLinkSentences(line: string): string {
  if (!line.includes(LINK_START)) return line;
  return [...sentenceSegmenter.segment(line)]
    .map((part) => part.segment)
    .filter((sentence) => {
      const letters = (sentence.match(/\p{L}/gu) ?? []).length;
      const linked = [...sentence.matchAll(/\uE001([^\uE002]*)\uE002?/g)].reduce((sum, match) => sum + ((match[1] ?? '').match(/\p{L}/gu) ?? []).length, 0);
      return letters === 0 || linked / letters < 0.5;
    })
    .join('')
    .replace(/[\uE001\uE002]/g, '');
}

export function htmlBlocks(root: HtmlNodeLike): Block[] {
  const blocks: Block[] = [];
  let buffer = '';
  const flush = () => {
    const lines = buffer
      .split('\n')
      .map((line) => withoutLinkSentences(line).replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '' && !isDiagramLine(line));
    if (lines.length > 0) blocks.push(...linesToBlocks(lines, true));
    buffer = '';
  };
  const walk = (node: HtmlNodeLike) => {
    if (node.nodeType === 3) {
      buffer += (node.textContent ?? '').replace(/\s+/g, ' ').replace(/[\uE001\uE002]/g, '');
      return;
    }
    if (node.nodeType !== 1 || isSkipped(node)) return;
    const name = node.nodeName.toUpperCase();
    const level = HEADINGS[name];
    if (level) {
      flush();
      const text = inlineText(node);
      if (text) blocks.push({ kind: 'heading', level, text });
    } else if (name === 'UL' || name === 'OL') {
      flush();
      const items = listItems(node);
      if (items.length > 0) blocks.push({ kind: 'list', items });
    } else if (name === 'TABLE') {
      flush();
      const rows = tableRows(node);
      if (rows.length > 0) blocks.push({ kind: 'table', rows });
    } else if (name === 'BR') {
      buffer += '\n';
    } else if (name === 'A') {
      buffer += LINK_START;
      for (const child of Array.from(node.childNodes)) walk(child);
      buffer += LINK_END;
    } else if (BLOCK.has(name)) {
      flush();
      for (const child of Array.from(node.childNodes)) walk(child);
      flush();
    } else {
      for (const child of Array.from(node.childNodes)) walk(child);
    }
  };
  walk(root);
  flush();
  return promoteHeadings(blocks);
}

/** Not prose: code, media, forms, and footnote references (a superscript number or a link to a note). */
function isSkipped(node: HtmlNodeLike): boolean {
  const name = node.nodeName.toUpperCase();
  if (SKIPPED.has(name)) return true;
  if (name === 'SUP') return /^[\s[\]()0-9*\u2020\u2021,-]*$/.test(node.textContent ?? '') || hasNoteLink(node);
  if (name === 'A') return (node.getAttribute?.('href') ?? '').startsWith('#') && /^[\s[\]()0-9*\u2020\u2021]*$/.test(node.textContent ?? '');
  if (name === 'LI') return /^(?:foot|end)note-/.test(node.getAttribute?.('id') ?? '');
  return false;
}

function hasNoteLink(node: HtmlNodeLike): boolean {
  return Array.from(node.childNodes).some((child) => child.nodeName.toUpperCase() === 'A' && (child.getAttribute?.('href') ?? '').startsWith('#'));
}

/** The words inside an element, with skipped parts left out, on one line. */
function inlineText(node: HtmlNodeLike, skipLists = false): string {
  const parts: string[] = [];
  const walk = (current: HtmlNodeLike) => {
    if (current.nodeType === 3) parts.push(current.textContent ?? '');
    if (current.nodeType !== 1 || isSkipped(current)) return;
    const name = current.nodeName.toUpperCase();
    if (skipLists && (name === 'UL' || name === 'OL')) return;
    if (name === 'BR' || BLOCK.has(name)) parts.push(' ');
    for (const child of Array.from(current.childNodes)) walk(child);
  };
  for (const child of Array.from(node.childNodes)) walk(child);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function listItems(list: HtmlNodeLike): string[] {
  const items: string[] = [];
  for (const child of Array.from(list.childNodes)) {
    if (child.nodeType !== 1 || child.nodeName.toUpperCase() !== 'LI' || isSkipped(child)) continue;
    const own = inlineText(child, true);
    if (own && !isDiagramLine(own)) items.push(own);
    for (const nested of descendants(child, (node) => ['UL', 'OL'].includes(node.nodeName.toUpperCase()))) items.push(...listItems(nested));
  }
  return items;
}

function tableRows(table: HtmlNodeLike): string[][] {
  return descendants(table, (node) => node.nodeName.toUpperCase() === 'TR')
    .map((row) => Array.from(row.childNodes).filter((cell) => ['TD', 'TH'].includes(cell.nodeName.toUpperCase())).map((cell) => inlineText(cell)))
    .filter((row) => row.some((cell) => cell !== ''));
}

/** The outermost descendants matching `match` (not looking inside a match). */
function descendants(node: HtmlNodeLike, match: (node: HtmlNodeLike) => boolean): HtmlNodeLike[] {
  const found: HtmlNodeLike[] = [];
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType !== 1) continue;
    if (match(child)) found.push(child);
    else found.push(...descendants(child, match));
  }
  return found;
}
