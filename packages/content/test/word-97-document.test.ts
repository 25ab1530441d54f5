import t from 'tap';
import { PermanentError } from '@castwright/core/errors';
import { documentTypeFor } from '@castwright/content/ingest/documents/document-type';
import { extractDocumentText } from '@castwright/content/ingest/documents/extract-document-text';
import { usableText } from '@castwright/content/text/clean-text';
import { wordDocument } from '#test-helpers/word-97-document';

const refused = (message: RegExp) => ({ constructor: PermanentError, message });

t.test('a Word 97 .doc in 8-bit text: every paragraph, through the extraction entry point', async (t) => {
  const doc = wordDocument('Lighthouses guide ships at night.\rThe keeper’s café served crêpes.\rFog horns sound in thick weather.\r');
  t.ok(doc.includes(Buffer.from('keeper\u0092s caf\u00e9', 'latin1')), 'stored one byte a character: ’ as 0x92, é as 0xE9');
  t.equal(documentTypeFor(doc, 'lighthouses.doc'), 'doc');
  const { type, blocks } = await extractDocumentText(doc, 'lighthouses.doc');
  t.equal(type, 'doc');
  // word-extractor's getBody() turns paragraph marks into \n (one paragraph a line) and typographic quotes and dashes into ASCII ones.
  t.equal(usableText(blocks), 'Lighthouses guide ships at night.\n\nThe keeper\'s café served crêpes.\n\nFog horns sound in thick weather.');
});

t.test('8-bit and UTF-16 pieces in one document, in reading order', async (t) => {
  const paragraphs = ['Harbours of the Aegean.', 'Ο φάρος της Αλεξάνδρειας — one of seven wonders.', 'Entry costs 5 € at the café.'];
  const doc = wordDocument(`${paragraphs.join('\r')}\r`);
  t.ok(doc.includes(Buffer.from('Harbours of the Aegean.\r', 'latin1')), 'ASCII stored as 8-bit text');
  t.ok(doc.includes(Buffer.from('φάρος', 'utf16le')), 'Greek stored as UTF-16LE');
  t.ok(doc.includes(Buffer.from('€', 'utf16le')), '€ (not in the 8-bit set) stored as UTF-16LE');
  const { blocks } = await extractDocumentText(doc, 'harbours.doc');
  t.equal(usableText(blocks), 'Harbours of the Aegean.\n\nΟ φάρος της Αλεξάνδρειας - one of seven wonders.\n\nEntry costs 5 € at the café.');
});

t.test('all text as UTF-16, and pieces stored out of order as after a fast save', async (t) => {
  const text = 'Tides rise twice a day.\rNaïve sailors forget.\r';
  const utf16 = wordDocument(text, { encoding: 'utf-16' });
  t.ok(utf16.includes(Buffer.from('Naïve', 'utf16le')));
  t.equal(usableText((await extractDocumentText(utf16, 'tides.doc')).blocks), 'Tides rise twice a day.\n\nNaïve sailors forget.');

  const mixed = 'First the Greek: θάλασσα.\rThen the English: sea.\r';
  const reversed = wordDocument(mixed, { reverseStorage: true });
  const english = reversed.indexOf(Buffer.from('.\rThen the English', 'latin1'));
  const greek = reversed.indexOf(Buffer.from('θάλασσα', 'utf16le'));
  t.ok(english !== -1 && greek !== -1 && english < greek, 'the later text is stored first');
  t.equal(usableText((await extractDocumentText(reversed, 'sea.doc')).blocks), 'First the Greek: θάλασσα.\n\nThen the English: sea.');
});

t.test('a long .doc: many formatting pages, a stream past the compound file\'s mini-stream cutoff', async (t) => {
  const paragraphs = Array.from({ length: 120 }, (_, n) => `Paragraph ${n + 1} describes one more stretch of the coast.`);
  const doc = wordDocument(`${paragraphs.join('\r')}\r`);
  t.ok(doc.length > 8192);
  const { blocks } = await extractDocumentText(doc, 'coast.doc');
  t.equal(usableText(blocks), paragraphs.join('\n\n'));
});

t.test('a .doc whose piece table points past the end of the stream is refused, not read as empty', async (t) => {
  for (const text of ['Only 8-bit text here.\r', 'Text with Greek: κύμα.\rAnd more after it.\r']) {
    const damaged = wordDocument(text, { damage: 'piece-past-end' });
    t.equal(documentTypeFor(damaged, 'damaged.doc'), 'doc');
    await t.rejects(extractDocumentText(damaged, 'damaged.doc'), refused(/^The Word document could not be read$/), text);
  }
});
