// A document's title is its own title, never its byline or its file name: PDFs whose
// metadata and first page mislead (test/helpers/misleading-documents.ts), a real Title
// field, Word's Title style and a web page's og:title, each read through the real
// extraction and then by the built-in writer, whose sections are the document's own and
// announced as such.
import t from 'tap';
import { extractDocumentText } from '@castwright/content/ingest/documents/extract-document-text';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { isAnnounced, scriptSections } from '@castwright/content/script/script-sections';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { articleFromHtml, titledBlocks } from '@castwright/content/ingest/web-article';
import { usableText } from '@castwright/content/text/clean-text';
import type { Block } from '@castwright/content/text/structured-text';
import { PAPER, paperWithBylinePdf, REPORT, wordExportPdf } from '#test-helpers/misleading-documents';
import { documentBlocks, structuredDocx } from '#test-helpers/structured-documents';

const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const read = async (bytes: Buffer, name: string) => (await extractDocumentText(bytes, name)).blocks;
const headings = (blocks: readonly Block[]) => blocks.flatMap((block) => (block.kind === 'heading' ? [[block.level, block.text] as const] : []));
const write = (blocks: readonly Block[]) => writeOfflineScript({ text: usableText(blocks), minutes: 3, hostMode: 'multi', voiceStyle: 'professional', voicePair: 'expert-curious', pace });

t.test('a paper with its title as running head and a byline under it: the title is the largest type, the byline no section', async (t) => {
  const blocks = await read(await paperWithBylinePdf(), 'palette-spec.pdf');
  t.same(headings(blocks), [[1, PAPER.title], [2, 'Why people measured time'], [2, 'Shadows and the first sundials'], [2, 'Water, sand and fire']], 'one title, then the sections');
  const text = usableText(blocks);
  t.notMatch(text, new RegExp(`${PAPER.organisation}|${PAPER.author}`), 'the organisation and author are not text to read');
  const script = write(blocks);
  t.equal(script.title, PAPER.title);
  const sections = scriptSections(script.lines);
  t.equal(sections[0]?.title, PAPER.title, 'the intro is announced by the title');
  t.ok(sections.length >= 3, sections.map((section) => section.title).join(', '));
  t.notOk(sections.some((section) => section.title.includes(PAPER.organisation) || section.title.includes(PAPER.author)), 'no section is the byline');
  for (const section of sections) t.ok(isAnnounced(section.title, script.lines[section.start]?.text ?? ''), `"${section.title}" is announced`);
});

t.test('a Word export titled by its file name, byline above the title in small type: the title is the largest type', async (t) => {
  const blocks = await read(await wordExportPdf(), 'draft3.pdf');
  t.same(headings(blocks)[0], [1, REPORT.title]);
  t.equal(headings(blocks).filter(([level]) => level === 1).length, 1, 'the only level-1 heading');
  const script = write(blocks);
  t.equal(script.title, REPORT.title, 'not "Microsoft Word - draft3.docx", not the organisation or author');
  t.notMatch(script.lines.map((line) => line.text).join(' '), new RegExp(`${REPORT.organisation}|${REPORT.author}`));
});

t.test('a real Title field is the title; placeholders, names and programs are not', async (t) => {
  const real = await read(await wordExportPdf({ Title: 'Tides, Clocks and Harbours', Author: 'Ana Reyes' }), 'report.pdf');
  t.same(headings(real)[0], [1, 'Tides, Clocks and Harbours']);
  for (const info of [
    { Title: 'Untitled' },
    { Title: 'Ana Reyes', Author: 'Ana Reyes' },
    { Title: 'Acrobat PDFMaker 11 for Word', Producer: 'Acrobat PDFMaker 11 for Word' },
    { Title: 'report_final_v2.pdf' },
    { Title: 'C:\\Users\\areyes\\Documents\\draft3.doc' },
    { Title: '   ' },
  ] as Record<string, string>[]) {
    t.same(headings(await read(await wordExportPdf(info), 'report.pdf'))[0], [1, REPORT.title], `Title field ${JSON.stringify(info.Title)} is passed over`);
  }
  const saidOnce = real.filter((block) => block.kind === 'heading' && block.text === 'Tides, Clocks and Harbours');
  t.equal(saidOnce.length, 1, 'the title is one heading');
});

t.test('a DOCX in Word\'s Title style: its title is the first heading and the episode\'s title', async (t) => {
  const docx = structuredDocx(documentBlocks('## Shadows\nA stick pushed upright into the ground casts a shadow that swings round during the day.\n## Water\nPeople who needed to measure time at night turned to flowing water.'), { title: 'Early Clocks' });
  const blocks = await read(docx, 'early-clocks.docx');
  t.same(headings(blocks), [[1, 'Early Clocks'], [2, 'Shadows'], [2, 'Water']]);
  t.equal(write(blocks).title, 'Early Clocks');
});

t.test('a web page: its og:title, not the site\'s <title> or the byline', async (t) => {
  const paragraph = 'A stick pushed upright into the ground casts a shadow that swings round during the day and shrinks towards noon. '.repeat(4);
  const html = `<!doctype html><html><head><title>Horology Weekly | Home</title><meta property="og:title" content="The shadow clocks of Egypt">
    <meta name="author" content="Mira Kowalski"></head><body><nav>Home News</nav><article><p class="byline">By Mira Kowalski, Horology Study Group</p>
    <p>${paragraph}</p><p>${paragraph}</p></article></body></html>`;
  const blocks = titledBlocks(articleFromHtml(html));
  t.same(headings(blocks)[0], [1, 'The shadow clocks of Egypt']);
  t.equal(write(blocks).title, 'The shadow clocks of Egypt');
});
