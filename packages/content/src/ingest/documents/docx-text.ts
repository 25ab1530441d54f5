// DOCX: the zip's central directory is judged BEFORE anything is inflated (entry
// count, total and per-entry declared sizes, compression ratios, word/document.xml
// present), then every entry is inflated once through yauzl, which stops an entry
// the moment it produces more than it declared, and only then does mammoth read it
// (to HTML, so headings, lists and tables keep their shape).
import { PermanentError } from '@castwright/core/errors';
import mammoth from 'mammoth';
import { parseHTML } from 'linkedom';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { htmlBlocks } from '../../text/html-blocks.ts';
import type { Block } from '../../text/structured-text.ts';

export const DOCX_LIMITS = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  /** Declared uncompressed : compressed, for entries big enough to matter. */
  maxCompressionRatio: 100,
  /** Entries smaller than this are never refused for their ratio: they cannot hurt. */
  ratioCheckFromBytes: 64 * 1024,
  maxTextCharacters: 1_000_000,
};

export interface DocxInspection {
  entries: number;
  totalUncompressedBytes: number;
}

function openZip(source: Buffer | string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true, autoClose: false }, done);
    else yauzl.fromBuffer(source, { lazyEntries: true, autoClose: false }, done);
  });
}

/** Walks the central directory (no inflating); `onEntry` may throw to stop. */
async function eachEntry(zip: ZipFile, onEntry: (entry: Entry) => Promise<void> | void): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      Promise.resolve().then(() => onEntry(entry)).then(() => zip.readEntry(), (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * Refuses (PermanentError) a zip that is not a plausible Word document or could
 * inflate past the limits, reading only its central directory.
 */
export async function inspectDocxArchive(source: Buffer | string): Promise<DocxInspection> {
  let zip: ZipFile;
  try {
    zip = await openZip(source);
  } catch {
    throw new PermanentError('The Word document is not a readable DOCX file');
  }
  if (zip.entryCount > DOCX_LIMITS.maxEntries) {
    zip.close();
    throw new PermanentError(`The Word document has too many parts (${zip.entryCount}; the limit is ${DOCX_LIMITS.maxEntries})`);
  }
  let entries = 0;
  let total = 0;
  let hasDocument = false;
  try {
    await eachEntry(zip, (entry) => {
      entries += 1;
      total += entry.uncompressedSize;
      if (entry.fileName === 'word/document.xml') hasDocument = true;
      if (total > DOCX_LIMITS.maxTotalUncompressedBytes) {
        throw new PermanentError(`The Word document would expand past ${DOCX_LIMITS.maxTotalUncompressedBytes / 1024 / 1024} MB`);
      }
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize >= DOCX_LIMITS.ratioCheckFromBytes && ratio > DOCX_LIMITS.maxCompressionRatio) {
        throw new PermanentError(`The Word document is compressed suspiciously well (${Math.round(ratio)}:1 in ${entry.fileName}); it looks like a zip bomb`);
      }
    });
  } catch (error) {
    if (error instanceof PermanentError) throw error;
    throw new PermanentError('The Word document is not a readable DOCX file');
  } finally {
    zip.close();
  }
  if (!hasDocument) throw new PermanentError('The file is a zip archive but not a Word document (no word/document.xml)');
  return { entries, totalUncompressedBytes: total };
}

/** Inflates every entry through yauzl, which errors when an entry outgrows its declared size. */
async function verifyEntrySizes(bytes: Buffer): Promise<void> {
  const zip = await openZip(bytes);
  try {
    await eachEntry(zip, async (entry) => {
      if (entry.fileName.endsWith('/')) return;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, readable) => (error || !readable ? reject(error ?? new Error('no stream')) : resolve(readable))),
      );
      for await (const chunk of stream) void chunk;
    });
  } finally {
    zip.close();
  }
}

export async function extractDocxText(bytes: Buffer): Promise<Block[]> {
  await inspectDocxArchive(bytes);
  try {
    await verifyEntrySizes(bytes);
  } catch {
    throw new PermanentError('The Word document is damaged: its parts do not match their declared sizes');
  }
  let html: string;
  try {
    // HTML rather than raw text: Word's heading styles become h1–h6, lists and tables stay.
    // Word's Title style is the document's title: the first heading, as writers look for it.
    html = (await mammoth.convertToHtml({ buffer: bytes }, { ignoreEmptyParagraphs: true, styleMap: ["p[style-name='Title'] => h1:fresh"] })).value;
  } catch {
    throw new PermanentError('The Word document could not be read');
  }
  // Markup is a few times the text it carries: past this, the text is over any limit
  // anyway, and a bounded cut keeps the parse bounded (the cut is reported as too long later).
  const bounded = html.length > DOCX_LIMITS.maxTextCharacters * 4 ? html.slice(0, DOCX_LIMITS.maxTextCharacters * 4) : html;
  return htmlBlocks(parseHTML(`<!doctype html><html><body>${bounded}</body></html>`).document.body);
}
