import t from 'tap';
import { PermanentError } from '@castwright/core/errors';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { documentTypeFor } from '@castwright/content/ingest/documents/document-type';
import { DOCX_LIMITS, inspectDocxArchive } from '@castwright/content/ingest/documents/docx-text';
import { extractDocumentText } from '@castwright/content/ingest/documents/extract-document-text';
import { extractPdfText } from '@castwright/content/ingest/documents/pdf-text';
import { usableText } from '@castwright/content/text/clean-text';
import {
  corruptDoc,
  deflatedEntry,
  deflatedZeros,
  docxEntries,
  minimalDocx,
  minimalPdf,
  pngBytes,
  zipArchive,
} from '#test-helpers/test-documents';

const refused = (message: RegExp) => ({ constructor: PermanentError, message });

t.test('a PDF: its lines joined into a paragraph, read in a worker', async (t) => {
  const pdf = minimalPdf(['Glaciers carve valleys over millennia.', 'Meltwater feeds (great) rivers.']);
  const { type, blocks } = await extractDocumentText(pdf, 'glaciers.pdf');
  t.equal(type, 'pdf');
  t.equal(usableText(blocks), 'Glaciers carve valleys over millennia. Meltwater feeds (great) rivers.');
});

t.test('a PDF read from a file path', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-docs-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'upload.bin');
  await writeFile(file, minimalPdf(['Read from disk.']));
  t.equal(usableText((await extractDocumentText(file, 'Report.PDF')).blocks), 'Read from disk.');
});

t.test('a truncated or corrupt PDF is a permanent "could not be read"', async (t) => {
  const pdf = minimalPdf(['Some words that will be cut off.']);
  await t.rejects(extractDocumentText(pdf.subarray(0, Math.floor(pdf.length / 3)), 'cut.pdf'), refused(/^The PDF could not be read$/));
  await t.rejects(extractDocumentText(Buffer.from('%PDF-1.7\n this is not a pdf at all'), 'junk.pdf'), refused(/^The PDF could not be read$/));
});

t.test('a PDF that outruns the wall-clock limit is terminated', async (t) => {
  await t.rejects(extractPdfText(minimalPdf(['slow']), { timeoutMs: 1 }), refused(/took too long/), 'the limit answered the caller, not the worker');
});

t.test('a DOCX: paragraphs through mammoth after the central-directory check', async (t) => {
  const docx = minimalDocx(['Bees dance to share directions.', 'The hive & its queen.']);
  t.match(await inspectDocxArchive(docx), { entries: 3 });
  const { type, blocks } = await extractDocumentText(docx, 'bees.docx');
  t.equal(type, 'docx');
  t.equal(usableText(blocks), 'Bees dance to share directions.\n\nThe hive & its queen.');
});

t.test('a DOCX zip bomb is refused from the central directory, without inflating it', async (t) => {
  const zeros = await deflatedZeros('word/media/zeros.bin', 200 * 1024 * 1024);
  const bomb = zipArchive([...docxEntries(['tiny']), zeros]);
  t.ok(bomb.length < 1024 * 1024, `the bomb is small on disk (${bomb.length} bytes)`);
  const started = process.hrtime.bigint();
  await t.rejects(extractDocumentText(bomb, 'bomb.docx'), refused(/expand past 50 MB/));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  // Measured against this machine now, not a fixed bound: inflating a quarter of the bomb.
  const inflating = process.hrtime.bigint();
  t.throws(() => inflateRawSync(zeros.compressed, { maxOutputLength: 50 * 1024 * 1024 }), { code: 'ERR_BUFFER_TOO_LARGE' });
  const inflateMs = Number(process.hrtime.bigint() - inflating) / 1e6;
  t.ok(elapsedMs < inflateMs, `refused in ${elapsedMs.toFixed(1)} ms; inflating a quarter of it takes ${inflateMs.toFixed(1)} ms`);

  const dense = zipArchive([...docxEntries(['tiny']), await deflatedZeros('word/media/dense.bin', 10 * 1024 * 1024)]);
  await t.rejects(inspectDocxArchive(dense), refused(/zip bomb/), 'under the size cap but over 100:1');
});

t.test('a DOCX whose entries lie about their size is refused when inflated through yauzl', async (t) => {
  const entries = docxEntries(['The real text.']);
  const document = entries[2];
  if (!document) throw new Error('no document entry');
  const real = await deflatedZeros('word/document.xml', 4 * 1024 * 1024);
  // Declares 1 KB; the data inflates to 4 MB. The central directory alone looks harmless.
  entries[2] = { ...real, size: 1024, crc: document.crc };
  await t.rejects(extractDocumentText(zipArchive(entries), 'liar.docx'), refused(/damaged/));
});

t.test('DOCX structure limits: too many entries, no word/document.xml', async (t) => {
  const many = zipArchive([...docxEntries(['x']), ...Array.from({ length: DOCX_LIMITS.maxEntries }, (_, n) => deflatedEntry(`word/part${n}.xml`, '<x/>'))]);
  await t.rejects(extractDocumentText(many, 'many.docx'), refused(/too many parts/));
  const plainZip = zipArchive([deflatedEntry('notes.txt', 'just a zip')]);
  await t.rejects(extractDocumentText(plainZip, 'notes.docx'), refused(/not a Word document/));
  await t.rejects(extractDocumentText(Buffer.from('PK\u0003\u0004 truncated zip'), 'broken.docx'), refused(/not a readable DOCX/));
});

t.test('a corrupt DOC: recognised by its OLE2 magic bytes, then refused by word-extractor', async (t) => {
  t.equal(documentTypeFor(corruptDoc(), 'old.doc'), 'doc');
  await t.rejects(extractDocumentText(corruptDoc(), 'old.doc'), refused(/Word document could not be read/));
});

t.test('magic bytes and extension must agree', async (t) => {
  const pdf = minimalPdf(['x']);
  t.equal(documentTypeFor(pdf, 'a.pdf'), 'pdf');
  t.equal(documentTypeFor(pdf, 'a.docx'), null, 'a PDF named .docx');
  t.equal(documentTypeFor(pngBytes(), 'photo.pdf'), null, 'a PNG named .pdf');
  t.equal(documentTypeFor(minimalDocx(['x']), 'a.pdf'), null, 'a zip named .pdf');
  t.equal(documentTypeFor(minimalDocx(['x']), 'a.docx'), 'docx');
  t.equal(documentTypeFor(Buffer.from('hello'), 'notes.MD'), 'md');
  t.equal(documentTypeFor(Buffer.from('hello'), 'notes.rtf'), null);
  t.equal(documentTypeFor(Buffer.from('hello'), 'README'), null);
  await t.rejects(extractDocumentText(pngBytes(), 'photo.pdf'), refused(/PDF, DOCX, DOC, TXT, MD/));
});

t.test('TXT and MD: strict UTF-8, no NULs, Markdown read as structure', async (t) => {
  t.equal(usableText((await extractDocumentText(Buffer.from('Caf\u00e9 society.\n'), 'a.txt')).blocks), 'Caf\u00e9 society.');
  await t.rejects(extractDocumentText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x73]), 'latin1.txt'), refused(/not valid UTF-8/));
  await t.rejects(extractDocumentText(Buffer.from('nul\u0000byte'), 'nul.txt'), refused(/not valid UTF-8/));
  const markdown = '# Rivers\n\nThe **Nile** is *long*; see [the atlas](https://example.com/atlas) and `maps`.\n\n- Amazon\n- Yangtze\n\n> Water finds a way.';
  const { blocks } = await extractDocumentText(Buffer.from(markdown), 'rivers.md');
  t.equal(usableText(blocks), '# Rivers\n\nThe Nile is long; see the atlas and maps.\n\n- Amazon\n- Yangtze\n\nWater finds a way.');
  const closed = await extractDocumentText(Buffer.from('## Title ##\n__bold__ text ![alt text](x.png) here.'), 'notes.md');
  t.equal(usableText(closed.blocks), '## Title\n\nbold text here.', 'closing hashes and images go; emphasis keeps its words');
});

t.test('an empty document is refused by the cleaning step', async (t) => {
  const { blocks } = await extractDocumentText(minimalDocx(['   ']), 'empty.docx');
  t.throws(() => usableText(blocks), { message: /no readable text/ });
});
