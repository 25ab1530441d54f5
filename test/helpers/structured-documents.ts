// Real documents with structure, built in memory for tests and the writer evaluation:
// a multi-page PDF report typeset like a real one (a running header and footer with
// page numbers, larger bold headings, paragraphs wrapped at the margin with words
// hyphenated across line ends, paragraphs running over page breaks, superscript note
// markers with the note in small print at the foot of the page), and a DOCX with
// Word heading styles and a table. No binary fixtures.
import { deflatedEntry, pdfFile, zipArchive } from './test-documents.ts';

export type DocumentBlock =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; rows: string[][] };

/** Blocks from a tiny markup: `# ` and `## ` lines are headings, `|` lines table rows, other lines paragraphs. */
export function documentBlocks(source: string): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  for (const line of source.split('\n').map((entry) => entry.trim()).filter(Boolean)) {
    const heading = /^(#{1,2}) (.+)$/.exec(line);
    if (heading) blocks.push({ kind: 'heading', level: (heading[1] as string).length as 1 | 2, text: heading[2] as string });
    else if (line.startsWith('|')) {
      const row = line.replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
      const last = blocks.at(-1);
      if (last?.kind === 'table') last.rows.push(row);
      else blocks.push({ kind: 'table', rows: [row] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

interface PdfLine {
  text: string;
  /** Table cells, set in columns, instead of `text`. */
  cells?: string[];
  size: number;
  bold: boolean;
  x: number;
  /** A note marker set small and raised after this line's text. */
  note?: string;
}

const PAGE = { width: 612, height: 792, margin: 72 };
const BODY = 11;
const LEADING = 14;
/** Characters of 11 pt Helvetica that fit the text width, near enough for wrapping. */
const LINE_CHARACTERS = 86;
const COLUMN_WIDTH = 160;

/**
 * A report PDF: `header` on every page's top, "Page N of M" and `footer` at its foot.
 * In paragraph text, `^n` marks a note: a raised small "n" in the text, and
 * `notes[n]` in small print at the foot of that page.
 */
export function reportPdf(blocks: readonly DocumentBlock[], options: { header: string; footer: string; notes?: Record<string, string> }): Buffer {
  const pages: { lines: (PdfLine & { y: number })[]; notes: string[] }[] = [{ lines: [], notes: [] }];
  let y = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + 30;
  const place = (line: PdfLine, gapBefore: number) => {
    if (y - gapBefore - line.size < bottom) {
      pages.push({ lines: [], notes: [] });
      y = PAGE.height - PAGE.margin;
    } else {
      y -= gapBefore;
    }
    const page = pages.at(-1) as (typeof pages)[number];
    page.lines.push({ ...line, y });
    if (line.note && options.notes?.[line.note]) page.notes.push(`${line.note} ${options.notes[line.note]}`);
    y -= line.size <= BODY ? LEADING : line.size + 6;
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      place({ text: block.text, size: block.level === 1 ? 18 : 14, bold: true, x: PAGE.margin }, block.level === 1 ? 0 : 12);
    } else if (block.kind === 'paragraph') {
      wrap(block.text).forEach((line, index) => place({ ...line, size: BODY, bold: false, x: PAGE.margin }, index === 0 ? 8 : 0));
    } else {
      for (const row of block.rows) place({ text: '', cells: row, size: BODY, bold: false, x: PAGE.margin }, 4);
    }
  }
  const streams = pages.map((page, index) => {
    const parts = [
      text(PAGE.margin, PAGE.height - 40, 9, false, options.header),
      ...page.lines.flatMap((line) => {
        if (line.cells) return line.cells.map((cell, column) => text(line.x + column * COLUMN_WIDTH, line.y, line.size, line.bold, cell));
        const own = text(line.x, line.y, line.size, line.bold, line.text);
        // The marker sits just after the line's text, raised and small, as typesetters set it.
        return line.note ? [own, text(line.x + line.text.length * line.size * 0.5, line.y + 4, 7, false, line.note)] : [own];
      }),
      ...page.notes.map((note, n) => text(PAGE.margin, PAGE.margin + 8 - n * 10, 8, false, note)),
      text(PAGE.margin, 40, 9, false, `Page ${index + 1} of ${pages.length}`),
      text(PAGE.width - PAGE.margin - options.footer.length * 4.5, 40, 9, false, options.footer),
    ];
    return parts.join('\n');
  });
  return pdfDocument(streams);
}

/** Lines of at most LINE_CHARACTERS; a long word that would overflow is hyphenated across the break. */
function wrap(paragraph: string): { text: string; note?: string }[] {
  const lines: { text: string; note?: string }[] = [];
  let current = '';
  let note: string | undefined;
  const push = () => {
    lines.push(note ? { text: current, note } : { text: current });
    current = '';
    note = undefined;
  };
  for (const raw of paragraph.split(/\s+/)) {
    const marker = /\^([0-9]+)/.exec(raw);
    const word = raw.replace(/\^[0-9]+/, '');
    const room = LINE_CHARACTERS - current.length - (current ? 1 : 0);
    if (word.length <= room) {
      current += (current ? ' ' : '') + word;
    } else if (/^[A-Za-z]{9,}[,.;]?$/.test(word) && room >= 5) {
      const cut = Math.min(room - 1, word.length - 4);
      current += `${current ? ' ' : ''}${word.slice(0, cut)}-`;
      push();
      current = word.slice(cut);
    } else {
      push();
      current = word;
    }
    // The note marker ends the line it falls on, which is where the text reader meets it.
    if (marker) {
      note = marker[1];
      push();
    }
  }
  if (current) push();
  return lines;
}

const escapePdf = (value: string) => value.replace(/[\\()]/g, (c) => `\\${c}`);

function text(x: number, y: number, size: number, bold: boolean, value: string): string {
  return `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${escapePdf(value)}) Tj ET`;
}

/**
 * A paper as typeset from a document system: a first page whose `front` lines (the
 * title, organisation, author, version, each in its own size) stand above the text, a
 * `runningHeader` at the head of every later page (often the title itself), headings
 * set larger than the text, and the document information fields in `info` (Title,
 * Author, Producer…).
 */
export function paperPdf(options: { front: { text: string; size: number }[]; blocks: readonly DocumentBlock[]; runningHeader?: string; info?: Record<string, string> }): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const place = (value: string, size: number, bold: boolean, gapBefore: number) => {
    if (y - gapBefore - size < PAGE.margin) {
      pages.push(options.runningHeader ? [text(PAGE.margin, PAGE.height - 40, 9, false, options.runningHeader)] : []);
      y = PAGE.height - PAGE.margin;
    } else {
      y -= gapBefore;
    }
    (pages.at(-1) as string[]).push(text(PAGE.margin, y, size, bold, value));
    y -= size <= BODY ? LEADING : size + 6;
  };
  for (const line of options.front) place(line.text, line.size, line.size > BODY, 6);
  for (const block of options.blocks) {
    if (block.kind === 'heading') place(block.text, block.level === 1 ? 16 : 13, true, 12);
    else if (block.kind === 'paragraph') wrap(block.text).forEach((line, index) => place(line.text, BODY, false, index === 0 ? 8 : 0));
  }
  return pdfDocument(pages.map((parts) => parts.join('\n')), options.info);
}

const pdfString = (value: string) => `(${escapePdf(value)})`;

function pdfDocument(streams: readonly string[], info?: Record<string, string>): Buffer {
  const objects: string[] = [];
  const pageIds = streams.map((_, index) => 5 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${streams.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  streams.forEach((stream, index) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents ${pageIds[index] as number + 1} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  if (!info) return pdfFile(objects);
  objects.push(`<< ${Object.entries(info).map(([name, value]) => `/${name} ${pdfString(value)}`).join(' ')} >>`);
  return pdfFile(objects, objects.length);
}

const escapeXml = (value: string) => value.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/**
 * A DOCX whose headings carry Word's "heading 1"/"heading 2" styles and whose tables are
 * real w:tbl tables; `title` opens it in Word's "Title" style.
 */
export function structuredDocx(blocks: readonly DocumentBlock[], options: { title?: string } = {}): Buffer {
  const run = (value: string) => `<w:r><w:t xml:space="preserve">${escapeXml(value)}</w:t></w:r>`;
  const titled = options.title ? `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${run(options.title)}</w:p>` : '';
  const body = titled + blocks
    .map((block) => {
      if (block.kind === 'heading') return `<w:p><w:pPr><w:pStyle w:val="Heading${block.level}"/></w:pPr>${run(block.text)}</w:p>`;
      if (block.kind === 'paragraph') return `<w:p>${run(block.text)}</w:p>`;
      const rows = block.rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p>${run(cell)}</w:p></w:tc>`).join('')}</w:tr>`).join('');
      return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${rows}</w:tbl>`;
    })
    .join('');
  const style = (id: string, name: string) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
  return zipArchive([
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    deflatedEntry(
      'word/_rels/document.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    deflatedEntry('word/styles.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${style('Normal', 'Normal')}${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`),
    deflatedEntry('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`),
  ]);
}
