import t from 'tap';
import { MAX_SOURCE_CHARACTERS } from '@castwright/core/episode-options';
import { cleanText, usableText } from '@castwright/content/text/clean-text';

t.test('cleanText joins hyphenated breaks, drops control characters and collapses whitespace', async (t) => {
  t.equal(cleanText('infor-\nmation  and\t\tmore\u0000'), 'information and more');
  t.equal(cleanText('one\r\n\r\n\r\n\r\ntwo'), 'one\n\ntwo');
  t.equal(cleanText('  caf\u0065\u0301  '), 'café', 'NFC-normalised');
});

t.test('usableText refuses empty and oversized text with a reason', async (t) => {
  t.throws(() => usableText(' \n\t '), { message: /no readable text/ });
  t.throws(() => usableText('a'.repeat(MAX_SOURCE_CHARACTERS + 1)), { message: /too long/ });
  t.equal(usableText('Fine text.'), 'Fine text.');
});
