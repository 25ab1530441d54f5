// Cleaning shared by every source. `cleanText` normalises a whole text (Unicode NFC,
// no control characters, whitespace collapsed, paragraphs kept); `cleanInline` makes
// one paragraph speakable (no URLs, e-mail addresses, footnote markers or leftover
// markup); `isDiagramLine` spots ASCII/box-drawing art so readers can drop it; and
// `usableText` bounds what is stored.
import { MAX_SOURCE_CHARACTERS } from '@castwright/core/episode-options';
import { PermanentError } from '@castwright/core/errors';
import { formatStructuredText, type Block } from './structured-text.ts';

/** `keepTabs`: plain-text readers need tabs to tell table columns. */
export function cleanText(raw: string, options: { keepTabs?: boolean } = {}): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(options.keepTabs ? / *\t[ \t]*/g : /$^/g, '\t')
    .replace(options.keepTabs ? /[ \u00A0]+/g : /[ \t\u00A0]+/g, ' ')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const URL = /<?\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?'")\]]>?/giu;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/gu;
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const FOOTNOTE_MARKERS = /\[\^?[0-9]{1,3}\]|\[(?:note|fn)\s*[0-9]{1,3}\]|[\u00B9\u00B2\u00B3\u2070-\u2079\u2020\u2021]+/giu;
/** A note number glued to the punctuation after a word: "…the tower.12 Next". */
const GLUED_NOTE_NUMBER = /(\p{L}[.,;:!?"\u201D\u2019)])[0-9]{1,3}(?=\s|$)/gu;

/** One paragraph's text, fit to be spoken: nothing a voice would read as noise. */
export function cleanInline(raw: string): string {
  let text = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F\uE000]/g, ' ')
    .replace(FOOTNOTE_MARKERS, '')
    .replace(GLUED_NOTE_NUMBER, '$1')
    .replace(URL, '\uE000');
  // Only text with an "@" is searched for addresses: the pattern is slow on long runs of word characters.
  if (text.includes('@')) text = text.replace(EMAIL, '\uE000');
  if (text.includes('\uE000')) text = withoutAddressSentences(text.replace(/\(\s*\uE000\s*\)|\[\s*\uE000\s*\]/g, ''));
  return text
    // Emphasis and code marks that plain-text sources carry over from Markdown.
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])/g, '$1')
    .replace(/`+([^`]+)`+/g, '$1')
    // An arrow in running prose reads as "to"; anything else of the kind is dropped.
    .replace(/\s*[\u2192\u27F6\u2794\u279C]\s*/g, ' to ')
    .replace(/[\u2190-\u21FF\u27F0-\u27FF\u2900-\u297F\u2500-\u259F\u25A0-\u25FF]/g, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/([,;:])(?=[.!?])/g, '')
    .trim();
}

/**
 * A sentence built around a web or e-mail address ("See https://… for details",
 * "Write to a@b.org") says nothing once the address is gone, so it goes whole; an
 * address in brackets was removed before, leaving its sentence intact.
 */
function withoutAddressSentences(text: string): string {
  return [...sentenceSegmenter.segment(text)].map((part) => part.segment).filter((sentence) => !sentence.includes('\uE000')).join('').replaceAll('\uE000', '');
}

const DRAWING = /[\u2500-\u259F\u25A0-\u25FF]/u;
const ARROWS = /[\u2190-\u21FF\u27F0-\u27FF\u2900-\u297F]/u;
const ASCII_ART = /(?:[-=]{2,}>|<[-=]{2,}|\+[-=]{3,}|[-=]{3,}\+|^[|+][\s\S]*[|+]$)/u;

/** A line of a diagram or a rule: box drawing, ASCII art, arrows between boxes, mostly symbols. */
export function isDiagramLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '') return false;
  const nonSpace = trimmed.replace(/\s/g, '').length;
  const letters = (trimmed.match(/\p{L}/gu) ?? []).length;
  if (DRAWING.test(trimmed)) return true;
  if (ARROWS.test(trimmed) && letters / nonSpace < 0.8) return true;
  if (ASCII_ART.test(trimmed) && letters / nonSpace < 0.8) return true;
  return nonSpace >= 3 && letters / nonSpace < 0.4;
}

/** Blocks with speakable text only: cleaned, diagram-only and empty blocks dropped. */
export function cleanBlocks(blocks: readonly Block[]): Block[] {
  const cleaned: Block[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
      case 'paragraph': {
        const text = cleanInline(block.text);
        if (text !== '' && !isDiagramLine(text)) cleaned.push({ ...block, text });
        break;
      }
      case 'list': {
        const items = block.items.map(cleanInline).filter((item) => item !== '' && !isDiagramLine(item));
        if (items.length > 0) cleaned.push({ kind: 'list', items });
        break;
      }
      case 'table': {
        const rows = block.rows.map((row) => row.map(cleanInline)).filter((row) => row.some((cell) => cell !== ''));
        if (rows.length > 0) cleaned.push({ kind: 'table', rows });
        break;
      }
    }
  }
  // A heading directly followed by another of the same or a higher level heads nothing.
  return cleaned.filter((block, index) => {
    if (block.kind !== 'heading') return true;
    const next = cleaned[index + 1];
    return next !== undefined && (next.kind !== 'heading' || next.level > block.level);
  });
}

/** Clean structured text that is fit to script, or a PermanentError saying why not. */
export function usableText(blocks: readonly Block[]): string {
  const text = formatStructuredText(cleanBlocks(blocks));
  if (text.length === 0) throw new PermanentError('The content has no readable text');
  if (text.length > MAX_SOURCE_CHARACTERS) {
    throw new PermanentError(`The content is too long: ${text.length} characters (the limit is ${MAX_SOURCE_CHARACTERS})`);
  }
  return text;
}
