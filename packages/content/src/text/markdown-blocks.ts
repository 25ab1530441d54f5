// Markdown to structure through marked's lexer (CommonMark + GFM tables): headings
// as headings, paragraphs, lists and tables as such; code blocks, raw HTML, images,
// rules and link targets are dropped. A paragraph's own lines still go through the
// plain-text rules, so an unmarked title line is not glued to the text under it.
import { Lexer, type Token, type Tokens } from 'marked';
import { isDiagramLine } from './clean-text.ts';
import { linesToBlocks, promoteHeadings } from './plain-text-blocks.ts';
import type { Block } from './structured-text.ts';

export function markdownBlocks(markdown: string): Block[] {
  const tokens = new Lexer({ gfm: true }).lex(markdown.replace(/\r\n?/g, '\n'));
  return promoteHeadings(blocksOf(tokens));
}

/** Whether typed text uses Markdown enough to be read as Markdown rather than plain text. */
export function looksLikeMarkdown(text: string): boolean {
  return /^(?:#{1,6}\s|```|~~~|\|.*\|\s*$|\s*[-*+]\s+\S)|\]\([^)]*\)|\*\*\S/m.test(text);
}

function blocksOf(tokens: readonly Token[]): Block[] {
  const blocks: Block[] = [];
  for (const token of tokens as Tokens.Generic[]) {
    switch (token.type) {
      case 'heading': {
        const text = inlineText((token as Tokens.Heading).tokens).replace(/\s+/g, ' ').trim();
        if (text) blocks.push({ kind: 'heading', level: Math.min(3, (token as Tokens.Heading).depth) as 1 | 2 | 3, text });
        break;
      }
      case 'paragraph':
      case 'text': {
        const inner = (token as Tokens.Paragraph).tokens ?? [];
        const lines = inlineText(inner).split('\n').map((line) => line.trim()).filter((line) => line !== '' && !isDiagramLine(line));
        if (lines.length > 0) blocks.push(...linesToBlocks(lines, false));
        break;
      }
      case 'list': {
        const items = listItems(token as Tokens.List);
        if (items.length > 0) blocks.push({ kind: 'list', items });
        break;
      }
      case 'table': {
        const table = token as Tokens.Table;
        const rows = [table.header, ...table.rows].map((row) => row.map((cell) => inlineText(cell.tokens).replace(/\s+/g, ' ').trim()));
        blocks.push({ kind: 'table', rows });
        break;
      }
      case 'blockquote':
        blocks.push(...blocksOf((token as Tokens.Blockquote).tokens));
        break;
      // code (fenced or indented), html, hr, def, space: nothing to say aloud.
    }
  }
  return blocks;
}

/** Every item's text, nested lists flattened in reading order. */
function listItems(list: Tokens.List): string[] {
  const items: string[] = [];
  for (const item of list.items) {
    const own: string[] = [];
    for (const child of item.tokens as Tokens.Generic[]) {
      if (child.type === 'list') {
        if (own.length > 0) items.push(own.splice(0).join(' '));
        items.push(...listItems(child as Tokens.List));
      } else if (child.type === 'text' || child.type === 'paragraph') {
        own.push(inlineText((child as Tokens.Text).tokens ?? [{ type: 'text', raw: child.raw, text: (child as Tokens.Text).text }]).replace(/\s+/g, ' ').trim());
      }
    }
    if (own.length > 0) items.push(own.join(' '));
  }
  return items.filter((item) => item !== '' && !isDiagramLine(item));
}

function inlineText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens as Tokens.Generic[]) {
    switch (token.type) {
      case 'text':
      case 'escape':
        text += token.tokens ? inlineText(token.tokens) : decodeEntities(String(token.text));
        break;
      case 'strong':
      case 'em':
      case 'del':
        text += inlineText(token.tokens ?? []);
        break;
      case 'link':
        // The words of a link are prose and its target is not; a bare address stays as
        // written so that cleanInline drops the sentence built around it.
        text += (token as Tokens.Link).autolink ? (token as Tokens.Link).href : inlineText(token.tokens ?? []);
        break;
      case 'codespan':
        text += decodeEntities(String(token.text));
        break;
      case 'br':
        text += '\n';
        break;
      // image, html tags, checkbox: not spoken.
    }
  }
  return text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
