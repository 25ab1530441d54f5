import t from 'tap';
import { MAX_SOURCE_CHARACTERS } from '@castwright/core/episode-options';
import { cleanInline, cleanText, isDiagramLine, usableText } from '@castwright/content/text/clean-text';
import { plainTextBlocks } from '@castwright/content/text/plain-text-blocks';
import { parseStructuredText } from '@castwright/content/text/structured-text';

t.test('cleanText joins hyphenated breaks, drops control characters and collapses whitespace', async (t) => {
  t.equal(cleanText('infor-\nmation  and\t\tmore\u0000'), 'information and more');
  t.equal(cleanText('one\r\n\r\n\r\n\r\ntwo'), 'one\n\ntwo');
  t.equal(cleanText('  caf\u0065\u0301  '), 'café', 'NFC-normalised');
});

t.test('cleanInline leaves nothing a voice would read as noise', async (t) => {
  t.equal(cleanInline('See https://example.com/docs for details. The API is fast.'), 'The API is fast.', 'a sentence built around an address goes whole');
  t.equal(cleanInline('The docs (https://x.example/z) explain it well.'), 'The docs explain it well.', 'an address in brackets goes alone');
  t.equal(cleanInline('Write to desk@example.org today. Then rest.'), 'Then rest.');
  t.equal(cleanInline('Tides turn.[2] Keepers wrote logs.[^3] Ships passed.3 Gulls flew¹.'), 'Tides turn. Keepers wrote logs. Ships passed. Gulls flew.', 'note markers of every kind');
  t.equal(cleanInline('Read **this** and `that` now.'), 'Read this and that now.');
  t.equal(cleanInline('Input → output is a mapping.'), 'Input to output is a mapping.');
  t.equal(cleanInline('Version 1.2 costs 3.50 today.'), 'Version 1.2 costs 3.50 today.', 'decimals are not note numbers');
});

t.test('diagram lines are told from prose', async (t) => {
  for (const line of ['┌────────┐', '│ client │──HTTPS──▶│ gateway │', '+------+------+', 'client --> gateway --> api', '| | |', '    ▼']) t.ok(isDiagramLine(line), line);
  for (const line of ['The gateway sends it on.', 'Step 1: install restic', 'A → B is the short way to write it, as the text explains.']) t.notOk(isDiagramLine(line), line);
});

t.test('usableText formats structure and refuses empty and oversized text with a reason', async (t) => {
  t.throws(() => usableText(plainTextBlocks(' \n\t ')), { message: /no readable text/ });
  t.throws(() => usableText(plainTextBlocks('a'.repeat(MAX_SOURCE_CHARACTERS + 1))), { message: /too long/ });
  t.equal(usableText(plainTextBlocks('Fine text.')), 'Fine text.');
  t.throws(() => usableText([{ kind: 'heading', level: 2, text: 'Alone' }]), { message: /no readable text/ }, 'a heading over nothing is dropped');
});

t.test('plain text: a title line is a heading, hard wraps are joined, lists and tables are kept', async (t) => {
  const text = usableText(plainTextBlocks('Coral reefs\nCoral reefs cover less than one per-\ncent of the sea floor.\n\nThreats\n\n- Warm water bleaches them.\n- Acid water weakens them.\n\nName\tDepth\nReef A\t12 m'));
  t.equal(text, '## Coral reefs\n\nCoral reefs cover less than one percent of the sea floor.\n\n## Threats\n\n- Warm water bleaches them.\n- Acid water weakens them.\n\n| Name | Depth |\n| Reef A | 12 m |');
  t.same(parseStructuredText(text).map((block) => block.kind), ['heading', 'paragraph', 'heading', 'list', 'table'], 'and it reads back as the same structure');
});
