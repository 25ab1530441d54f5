// A PDF's text pieces (with position and size, from pdf-text-worker.ts) back into
// structure. A PDF has no paragraphs, only positioned runs of glyphs, so:
//  - pieces on one baseline form a line; raised small digits on it (note markers) go;
//  - lines at the top or bottom of a page that repeat on other pages (running headers
//    and footers, with any number in them) and page numbers are dropped, and so are
//    small-print notes at the foot of a page;
//  - the title (pdf-title.ts: the Title field when it is a real title, else the
//    largest type on the first page) opens the text as its one level-1 heading, and
//    the byline under it (organisation, author) is left out;
//  - lines larger than the body text, short and unpunctuated, are headings (the
//    largest size level 1, below a title level 2); "•", "-" or "1." lines start list items; lines whose
//    pieces stand in columns (gaps of two em or more) are table rows;
//  - other lines join into paragraphs, across line AND page breaks, a word hyphenated
//    at a break rejoined; a paragraph ends at a wider gap, an indent, or a short line
//    that closes a sentence.
import { joinLines } from '../../text/plain-text-blocks.ts';
import type { Block } from '../../text/structured-text.ts';
import { frontMatter, pdfTitle, type PdfInfo } from './pdf-title.ts';

export interface PdfTextPiece {
  text: string;
  x: number;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  width: number;
  /** Font size (vertical scale of the text matrix). */
  size: number;
  endOfLine: boolean;
}

export interface PdfPage {
  bottom: number;
  top: number;
  pieces: PdfTextPiece[];
}

interface Line {
  text: string;
  /** The line's text split at wide gaps: more than one cell makes it a table row. */
  cells: string[];
  x: number;
  right: number;
  y: number;
  size: number;
  page: number;
}

const BULLET = /^(?:[\u2022\u25AA\u25E6\u2023\u2013*-]|\(?[0-9]{1,2}[.)])\s+/u;
const ENDS_SENTENCE = /[.!?:;"\u201D\u2019)]$/u;
const PAGE_NUMBER = /^(?:page\s*)?#(?:\s*(?:of|\/)\s*#)?$|^[-\u2013\u2014]\s*#\s*[-\u2013\u2014]$|^[ivxlcdm]{1,6}$/iu;

export function pdfBlocks(pages: readonly PdfPage[], info: PdfInfo = {}): Block[] {
  const pageLines = pages.map((page, index) => linesOf(page, index));
  const bodySize = mostCommonSize(pageLines.flat());
  // Read before running lines go: a title often runs at the head of every page too.
  const title = pdfTitle(pageLines[0] ?? [], info, bodySize);
  const text = dropRunningLines(pageLines, pages, bodySize).filter((line) => !title?.lines.has(line));
  const byline = frontMatter(text, (line) => isHeading(line, bodySize));
  const blocks = buildBlocks(text.filter((line) => !byline.has(line)), bodySize);
  if (!title) return blocks;
  const headings = blocks.map((block) => (block.kind === 'heading' ? { ...block, level: Math.min(3, block.level + 1) as 2 | 3 } : block));
  return [{ kind: 'heading', level: 1, text: title.text }, ...headings];
}

function linesOf(page: PdfPage, pageIndex: number): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  let mainSize = 0;
  const finish = () => {
    if (current && current.text.trim() !== '') {
      const cells = current.cells.map((cell) => cell.replace(/\s+/g, ' ').trim()).filter((cell) => cell !== '');
      lines.push({ ...current, text: cells.join(' '), cells });
    }
    current = undefined;
    mainSize = 0;
  };
  let columnGap = false;
  for (const piece of page.pieces) {
    if (current && Math.abs(piece.y - current.y) > 0.5 * Math.max(piece.size, mainSize)) finish();
    if (piece.text.trim() === '') {
      // pdf.js reports the space between positioned runs as a blank piece as wide as the gap.
      if (piece.width > 2 * piece.size) columnGap = true;
      else if (current && piece.text !== '') current.text += ' ';
    } else if (!current) {
      current = { text: piece.text, cells: [piece.text], x: piece.x, right: piece.x + piece.width, y: piece.y, size: piece.size, page: pageIndex };
      mainSize = piece.size;
    } else if (piece.size < 0.8 * mainSize && /^[\s0-9*\u2020\u2021,]+$/.test(piece.text)) {
      // A raised, smaller number on the line: a note marker, not a word.
    } else {
      const gap = piece.x - current.right;
      const spaced = /\s$/.test(current.text) || /^\s/.test(piece.text) || gap > 0.15 * piece.size;
      current.text += (spaced ? ' ' : '') + piece.text;
      // A gap of two em or more is a column gap, not a word space.
      if (columnGap || gap > 2 * piece.size) current.cells.push(piece.text);
      else current.cells[current.cells.length - 1] += (spaced ? ' ' : '') + piece.text;
      current.right = Math.max(current.right, piece.x + piece.width);
      if (piece.text.trim().length > 1 && piece.size > mainSize) [current.size, mainSize] = [piece.size, piece.size];
    }
    columnGap &&= piece.text.trim() === '';
    if (piece.endOfLine) {
      finish();
      columnGap = false;
    }
  }
  finish();
  return lines;
}

function mostCommonSize(lines: readonly Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + line.text.length);
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 12;
}

/** Running headers and footers, page numbers and foot-of-page notes removed. */
function dropRunningLines(pageLines: readonly Line[][], pages: readonly PdfPage[], bodySize: number): Line[] {
  const key = (line: Line) => line.text.toLowerCase().replace(/[0-9]+/g, '#').replace(/\s+/g, ' ').trim();
  const edgeLines = pageLines.map((lines) => edges(lines));
  const pagesWithKey = new Map<string, number>();
  for (const edge of edgeLines) for (const text of new Set([...edge].map(key))) pagesWithKey.set(text, (pagesWithKey.get(text) ?? 0) + 1);
  const repeatsFrom = Math.max(2, Math.ceil(pageLines.length * 0.4));
  const kept: Line[] = [];
  pageLines.forEach((lines, index) => {
    const page = pages[index] as PdfPage;
    const footY = page.bottom + (page.top - page.bottom) * 0.12;
    for (const line of lines) {
      if (edgeLines[index]?.has(line)) {
        const text = key(line);
        if (PAGE_NUMBER.test(text) || (pagesWithKey.get(text) ?? 0) >= repeatsFrom) continue;
      }
      if (line.y < footY && line.size < bodySize * 0.88 && /^[0-9*\u2020\u2021]/.test(line.text)) continue;
      kept.push(line);
    }
  });
  return kept;
}

/** The two highest and two lowest lines of a page: where running heads and feet sit. */
function edges(lines: readonly Line[]): Set<Line> {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  return new Set([...byHeight.slice(0, 2), ...byHeight.slice(-2)]);
}

function buildBlocks(lines: readonly Line[], bodySize: number): Block[] {
  const body = lines.filter((line) => Math.abs(line.size - bodySize) < 0.5);
  const leading = median(body.slice(1).map((line, n) => (line.page === body[n]?.page ? (body[n] as Line).y - line.y : 0)).filter((gap) => gap > 0)) ?? bodySize * 1.2;
  const left = mostCommon(body.map((line) => Math.round(line.x)));
  const right = percentile(body.map((line) => line.right), 0.9) ?? 0;
  const headingSizes = [...new Set(lines.filter((line) => isHeading(line, bodySize)).map((line) => Math.round(line.size)))].sort((a, b) => b - a);
  const hyphenated = new Set(lines.flatMap((line) => line.text.match(/\p{L}+-\p{L}+/gu) ?? []).map((word) => word.toLowerCase()));

  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  let item: Line[] | undefined;
  let items: string[] = [];
  const join = (group: readonly Line[]) => joinWithHyphens(group.map((line) => line.text), hyphenated);
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: join(paragraph) });
    paragraph = [];
  };
  const flushList = () => {
    if (item) items.push(join(item));
    if (items.length > 0) blocks.push({ kind: 'list', items });
    item = undefined;
    items = [];
  };
  let rows: string[][] = [];
  const flushTable = () => {
    if (rows.length > 0) blocks.push({ kind: 'table', rows });
    rows = [];
  };
  let previous: Line | undefined;
  for (const line of lines) {
    if (line.cells.length > 1) {
      flushParagraph();
      flushList();
      rows.push(line.cells);
      previous = line;
      continue;
    }
    flushTable();
    if (isHeading(line, bodySize)) {
      flushParagraph();
      flushList();
      const last = blocks.at(-1);
      const level = Math.min(3, headingSizes.indexOf(Math.round(line.size)) + 1) as 1 | 2 | 3;
      // A heading set over two lines is one heading.
      if (last?.kind === 'heading' && previous && isHeading(previous, bodySize) && Math.round(previous.size) === Math.round(line.size) && previous.page === line.page) {
        last.text = `${last.text} ${line.text}`;
      } else {
        blocks.push({ kind: 'heading', level, text: line.text });
      }
    } else if (BULLET.test(line.text)) {
      flushParagraph();
      if (item) items.push(join(item));
      item = [{ ...line, text: line.text.replace(BULLET, '') }];
    } else if (item && previous && !startsNewParagraph(previous, line, { leading, left: line.x, right })) {
      item.push(line);
    } else {
      flushList();
      if (previous && paragraph.length > 0 && startsNewParagraph(previous, line, { leading, left, right })) flushParagraph();
      paragraph.push(line);
    }
    previous = line;
  }
  flushParagraph();
  flushList();
  flushTable();
  return blocks;
}

function isHeading(line: Line, bodySize: number): boolean {
  return line.size >= bodySize * 1.15 && line.text.split(/\s+/).length <= 20 && !/[.!?,;]$/.test(line.text) && /\p{L}/u.test(line.text);
}

/** Whether `line` begins a new paragraph after `previous` (on the same page or the next). */
function startsNewParagraph(previous: Line, line: Line, layout: { leading: number; left: number; right: number }): boolean {
  const closed = ENDS_SENTENCE.test(previous.text);
  const shortLast = previous.right < layout.right * 0.85;
  if (previous.page !== line.page) {
    // Across a page break only the text can tell: an unfinished sentence, or a
    // lower-case start, carries on; a short line that closed a sentence ended it.
    if (!closed || /^\p{Ll}/u.test(line.text)) return false;
    return shortLast;
  }
  const gap = previous.y - line.y;
  if (gap > layout.leading * 1.5 || gap < 0) return true;
  if (line.x > layout.left + line.size) return true;
  return closed && shortLast;
}

/** Lines joined; a hyphen at a break is dropped unless the document spells the word with one. */
function joinWithHyphens(lines: readonly string[], hyphenated: ReadonlySet<string>): string {
  let text = '';
  for (const line of lines) {
    const tail = /(\p{L}+)-$/u.exec(text)?.[1];
    const head = /^(\p{Ll}+)/u.exec(line)?.[1];
    if (tail && head && hyphenated.has(`${tail}-${head}`.toLowerCase())) text = `${text}${line}`;
    else text = text === '' ? line : joinLines([text, line]);
  }
  return text;
}

function median(values: readonly number[]): number | undefined {
  return percentile(values, 0.5);
}

function percentile(values: readonly number[], fraction: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}
