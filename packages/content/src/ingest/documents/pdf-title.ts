// A PDF's title, and the lines printed around it that are not part of the text. The
// title is the document's Title field when that holds a real title (not a file name
// such as "Microsoft Word - draft3.docx", not "Untitled", not the author's name or the
// producing program), else the largest type on the first page (a title set over two or
// three lines is one title), never an organisation, author, date or version line. It is
// found before running heads are dropped, since a document's title often runs at the
// head of every page. The byline under it (organisation, author, set larger than the
// text but in a size no section heading uses) is front matter, not a section.

/** The document information fields that bear on the title. */
export interface PdfInfo {
  title?: string | undefined;
  author?: string | undefined;
  creator?: string | undefined;
  producer?: string | undefined;
}

/** What pdf-layout.ts knows of a line: its text, size and place. */
export interface TitleLine {
  text: string;
  size: number;
  page: number;
}

const MAX_TITLE_LINES = 3;
const MAX_TITLE_WORDS = 24;

const normal = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();
const key = (text: string) => normal(text).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** Lines that a title is never made of: dates, versions, page numbers, notices. */
const NOT_A_TITLE = /^(?:(?:version|revision|release|draft|edition|v)\s*[0-9][\w.-]*|draft|confidential|page\s*[0-9]+|[0-9][0-9\s./:-]*|(?:copyright|\u00A9|all rights reserved)\b.*)$/iu;

/** A Title field that is really a file name, a placeholder or a program's name. */
function isRealTitle(value: string | undefined, info: PdfInfo): value is string {
  if (value === undefined) return false;
  const text = normal(value);
  if (text.length < 3 || text.length > 200 || (text.match(/\p{L}/gu) ?? []).length < 3) return false;
  if (/^(?:untitled|no title|title|document|presentation|slide|book)\s*[0-9]*$/iu.test(text)) return false;
  // "Microsoft Word - draft3.docx", "report_final.pdf", "C:\\work\\spec.doc", "untitled-1".
  if (/^(?:microsoft\s+\w+|untitled|document[0-9]*)\s*[-:]/iu.test(text)) return false;
  if (/\.(?:pdf|docx?|odt|rtf|txt|md|tex|dvi|ps|indd|pages|xlsx?|pptx?|html?|qxp|wpd)$/iu.test(text)) return false;
  if (/[\\/]/.test(text) && !/\s/.test(text)) return false;
  if (/^[\w.-]+$/u.test(text) && /[_.]/.test(text)) return false;
  const own = key(text);
  return ![info.author, info.creator, info.producer].some((other) => other !== undefined && key(other) === own);
}

/**
 * The title, and the first page's lines that print it (they become the title heading,
 * not text), or null when neither the Title field nor the first page's type gives one.
 */
export function pdfTitle<L extends TitleLine>(firstPage: readonly L[], info: PdfInfo, bodySize: number): { text: string; lines: Set<L> } | null {
  if (isRealTitle(info.title, info)) {
    const text = normal(info.title);
    return { text, lines: new Set(linesSaying(firstPage, key(text))) };
  }
  const others = [info.author, info.creator, info.producer].filter((value): value is string => value !== undefined).map(key);
  const fit = (line: L) => {
    const text = normal(line.text);
    return (text.match(/\p{L}/gu) ?? []).length >= 2 && !NOT_A_TITLE.test(text) && !others.includes(key(text)) && !/[.!?;,]$/u.test(text);
  };
  const size = (line: L) => Math.round(line.size * 2) / 2;
  const largest = Math.max(0, ...firstPage.filter(fit).map(size));
  // Body-sized type is text, not a title: a first page without larger type has none.
  if (largest < bodySize * 1.15) return null;
  const start = firstPage.findIndex((line) => fit(line) && size(line) === largest);
  const lines: L[] = [];
  for (let index = start; index < firstPage.length && lines.length < MAX_TITLE_LINES; index += 1) {
    const line = firstPage[index] as L;
    if (size(line) !== largest || !fit(line)) break;
    lines.push(line);
  }
  const text = normal(lines.map((line) => line.text).join(' '));
  if (text.split(' ').length > MAX_TITLE_WORDS) return null;
  return { text, lines: new Set(lines) };
}

/** Up to three consecutive lines of the first page that together say the title. */
function linesSaying<L extends TitleLine>(lines: readonly L[], wanted: string): L[] {
  for (let start = 0; start < lines.length; start += 1) {
    let joined = '';
    for (let end = start; end < Math.min(lines.length, start + MAX_TITLE_LINES); end += 1) {
      joined = key(`${joined} ${(lines[end] as L).text}`);
      if (joined === wanted) return lines.slice(start, end + 1);
      if (!wanted.startsWith(joined)) break;
    }
  }
  return [];
}

/**
 * The byline lines: set larger than the text, before the text begins, in a size that no
 * heading after the text begins uses (organisation, author, affiliation). They would
 * otherwise read as a section called "X Desktop Group Thomas Leonard".
 */
export function frontMatter<L extends TitleLine>(lines: readonly L[], isHeading: (line: L) => boolean): Set<L> {
  const firstText = lines.findIndex((line) => !isHeading(line));
  if (firstText <= 0) return new Set();
  const sectionSizes = new Set(lines.slice(firstText).filter(isHeading).map((line) => Math.round(line.size)));
  // Without a heading after the text begins there is nothing to tell a byline from a section by.
  if (sectionSizes.size === 0) return new Set();
  return new Set(lines.slice(0, firstText).filter((line) => line.page === 0 && isHeading(line) && !sectionSizes.has(Math.round(line.size))));
}
