// Documents whose metadata and first page mislead a naive reader about their title, as
// real ones do: a paper typeset from a document system, its title in the largest type
// and again as the running head of every later page, an organisation and an author
// under it in a size of their own (the reader once took "Horology Study Group Mira
// Kowalski" for the title); and a report exported from Word, whose Title field is the
// file name ("Microsoft Word - draft3.docx") and whose organisation and author lines
// stand above the title in small type. The text is the corpus handbook's first sections.
import { readFile } from 'node:fs/promises';
import { documentBlocks, paperPdf, type DocumentBlock } from './structured-documents.ts';

export const PAPER = {
  title: 'A Short History of Timekeeping',
  organisation: 'Horology Study Group',
  author: 'Mira Kowalski',
};

export const REPORT = {
  title: 'Shadows, Water and Sand',
  organisation: 'Harbour Studies Institute',
  author: 'Dr Ana Reyes',
};

/** The handbook's sections from `first` to before `end` (0-based), with `#` headings. */
async function handbookSections(first: number, end: number): Promise<DocumentBlock[]> {
  const text = await readFile(new URL('../fixtures/writer-corpus/keeping-time.md', import.meta.url), 'utf8');
  const sections = text.split(/^## /m).slice(1).slice(first, end).map((section) => `# ${section}`);
  return documentBlocks(sections.join('\n'));
}

export async function paperWithBylinePdf(): Promise<Buffer> {
  return paperPdf({
    front: [
      { text: PAPER.title, size: 24 },
      { text: PAPER.organisation, size: 14 },
      { text: PAPER.author, size: 14 },
      { text: 'Version 0.21', size: 11 },
    ],
    blocks: await handbookSections(0, 3),
    runningHeader: PAPER.title,
    info: { Author: PAPER.author, Producer: 'Apache FOP Version 2.9' },
  });
}

/** `info` replaces the document information fields (a Word export's, by default). */
export async function wordExportPdf(info: Record<string, string> = { Title: 'Microsoft Word - draft3.docx', Author: 'areyes', Producer: 'Acrobat PDFMaker 11 for Word' }): Promise<Buffer> {
  return paperPdf({
    front: [
      { text: REPORT.organisation, size: 9 },
      { text: REPORT.author, size: 9 },
      { text: REPORT.title, size: 22 },
    ],
    blocks: await handbookSections(1, 3),
    info,
  });
}
