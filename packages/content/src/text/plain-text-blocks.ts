// Plain text (typed text, .txt files, legacy .doc bodies, text/plain pages) to
// structure. Plain text has no markup, so the shape is read from the lines:
//  - blank lines separate blocks; inside a block, hard-wrapped lines are joined
//    (a word hyphenated across a line break is joined too);
//  - a short line without closing punctuation standing before prose is a heading,
//    so a title is never glued to the first sentence ("Coral reefs Coral reefs cover…");
//  - runs of "-", "*", "•" or "1." lines are lists; lines with tabs or " | " between
//    cells are tables; diagram lines (box drawing, ASCII art) are dropped.
import { cleanText, isDiagramLine } from './clean-text.ts';
import type { Block } from './structured-text.ts';

const LIST_MARKER = /^(?:[-*+\u2022\u25E6\u2023]|\(?[0-9]{1,2}[.)]|\(?[a-z][.)])\s+/u;
const CLOSING_PUNCTUATION = /[.!?:;,\u2026"\u201D\u2019)]$/u;

export function plainTextBlocks(raw: string, options: { linePerParagraph?: boolean } = {}): Block[] {
  const blocks: Block[] = [];
  for (const chunk of cleanText(raw, { keepTabs: true }).split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !isDiagramLine(line));
    if (lines.length === 0) continue;
    if (lines.every((line) => isTableLine(line)) && lines.length >= 2) {
      blocks.push({ kind: 'table', rows: lines.map(tableCells) });
      continue;
    }
    blocks.push(...linesToBlocks(lines, options.linePerParagraph ?? false));
  }
  return promoteHeadings(blocks);
}

/** Lines of one blank-line-separated chunk: headings, lists and paragraphs. */
export function linesToBlocks(lines: readonly string[], linePerParagraph: boolean): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: joinLines(paragraph) });
    paragraph = [];
  };
  const flushList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    list = [];
  };
  lines.forEach((line, index) => {
    const markdownHeading = /^#{1,6}\s+(.+?)[\s#]*$/.exec(line);
    if (markdownHeading) {
      flushParagraph();
      flushList();
      blocks.push({ kind: 'heading', level: Math.min(3, (/^#+/.exec(line)?.[0].length ?? 1)) as 1 | 2 | 3, text: markdownHeading[1] as string });
      return;
    }
    if (LIST_MARKER.test(line)) {
      flushParagraph();
      list.push(line.replace(LIST_MARKER, ''));
      return;
    }
    if (list.length > 0 && !linePerParagraph && !CLOSING_PUNCTUATION.test(list.at(-1) as string) && /^\p{Ll}/u.test(line)) {
      list[list.length - 1] = joinLines([list.at(-1) as string, line]);
      return;
    }
    flushList();
    const next = lines[index + 1];
    const previous = paragraph.at(-1) ?? (index > 0 ? lines[index - 1] : undefined);
    if (looksLikeHeading(line, next, previous)) {
      flushParagraph();
      blocks.push({ kind: 'heading', level: 2, text: line });
      return;
    }
    if (linePerParagraph) {
      paragraph.push(line);
      flushParagraph();
      return;
    }
    paragraph.push(line);
  });
  flushParagraph();
  flushList();
  // A chunk that is one short line is a heading only if prose follows in a later
  // chunk: promoteHeadings judges that once every chunk is read.
  return blocks;
}

/**
 * A short line without closing punctuation, followed by a line that starts a sentence
 * (and not continuing an unfinished previous line), is a heading.
 */
function looksLikeHeading(line: string, next: string | undefined, previous: string | undefined): boolean {
  if (next === undefined) return false;
  if (previous !== undefined && !CLOSING_PUNCTUATION.test(previous)) return false;
  return isHeadingLike(line) && /^[\p{Lu}\p{N}"\u201C]/u.test(next);
}

/** Short, capitalised and without closing punctuation: the shape of a title. */
function isHeadingLike(line: string): boolean {
  const words = line.split(/\s+/).length;
  return words <= 12 && line.length <= 90 && /^[\p{Lu}\p{N}]/u.test(line) && !CLOSING_PUNCTUATION.test(line) && /\p{L}{2}/u.test(line);
}

/** Paragraphs that are one heading-like line, directly before prose, become headings. */
export function promoteHeadings(blocks: readonly Block[]): Block[] {
  return blocks.map((block, index) => {
    const next = blocks[index + 1];
    if (block.kind === 'paragraph' && isHeadingLike(block.text) && next && next.kind !== 'heading') return { kind: 'heading', level: 2, text: block.text };
    return block;
  });
}

/** Hard-wrapped lines as one line; a word hyphenated across the break is rejoined. */
export function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    if (text === '') text = line;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else text = `${text} ${line}`;
  }
  return text;
}

function isTableLine(line: string): boolean {
  return line.includes('\t') || /\S\s+\|\s+\S/.test(line) || /^\|.*\|$/.test(line);
}

function tableCells(line: string): string[] {
  const cells = line.includes('\t') ? line.split('\t') : line.replace(/^\||\|$/g, '').split('|');
  return cells.map((cell) => cell.trim());
}
