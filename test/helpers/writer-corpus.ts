// The writer evaluation's corpus: six texts of different kinds that the project writes
// itself (test/fixtures/writer-corpus), each turned into the document a user would
// hand in and read back through the real ingestion: a web article through Readability,
// a how-to with code blocks as a Markdown upload, a multi-page PDF report with running
// headers, footers, page numbers and notes, a DOCX with heading styles and a table, a
// Markdown page with a diagram typed in, hard-wrapped plain text as a .txt upload, and
// a long handbook (over ten thousand words in twenty-one sections) as a Markdown upload,
// enough for an hour's episode.
import { readFile } from 'node:fs/promises';
import { extractDocumentText } from '@castwright/content/ingest/documents/extract-document-text';
import { typedTextBlocks } from '@castwright/content/ingest/source-text';
import { articleFromHtml, titledBlocks } from '@castwright/content/ingest/web-article';
import { usableText } from '@castwright/content/text/clean-text';
import { documentBlocks, reportPdf, structuredDocx } from './structured-documents.ts';

export interface CorpusText {
  name: string;
  kind: string;
  /** What the writer is given: the stored, structured source text. */
  text: string;
}

const fixture = (name: string) => readFile(new URL(`../fixtures/writer-corpus/${name}`, import.meta.url), 'utf8');

const SURVEY_NOTES = {
  '1': 'Estimates are at 2025 prices and exclude the value of volunteer time.',
  '2': 'The recording system was funded by a grant from the heritage lottery fund.',
};

async function surveyPdf(): Promise<Buffer> {
  return reportPdf(documentBlocks(await fixture('lighthouse-survey.txt')), {
    header: 'Northern Light Trust - Coastal Lighthouse Survey 2025',
    footer: 'Annual Report',
    notes: SURVEY_NOTES,
  });
}

async function coralReefsDocx(): Promise<Buffer> {
  return structuredDocx(documentBlocks(await fixture('coral-reefs.txt')));
}

export async function writerCorpus(): Promise<CorpusText[]> {
  const upload = async (bytes: Buffer, filename: string) => usableText((await extractDocumentText(bytes, filename)).blocks);
  return [
    { name: 'night-trains', kind: 'web article (HTML)', text: usableText(titledBlocks(articleFromHtml(await fixture('night-trains.html')))) },
    { name: 'restic-backups', kind: 'how-to with code (MD upload)', text: await upload(Buffer.from(await fixture('restic-backups.md')), 'restic-backups.md') },
    { name: 'lighthouse-survey', kind: 'PDF report, 9 pages', text: await upload(await surveyPdf(), 'lighthouse-survey.pdf') },
    { name: 'coral-reefs', kind: 'DOCX with table', text: await upload(await coralReefsDocx(), 'coral-reefs.docx') },
    { name: 'api-gateway', kind: 'Markdown with diagram (typed)', text: usableText(typedTextBlocks(await fixture('api-gateway.md'))) },
    { name: 'bicycle-history', kind: 'hard-wrapped plain text (TXT)', text: await upload(Buffer.from(await fixture('bicycle-history.txt')), 'bicycle-history.txt') },
    { name: 'keeping-time', kind: 'long handbook (MD upload)', text: await upload(Buffer.from(await fixture('keeping-time.md')), 'keeping-time.md') },
  ];
}
