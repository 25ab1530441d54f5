// What a lexicon entry's sample says: the term twice, in the language of the voice saying it.
import t from 'tap';
import { LANGUAGES } from '@castwright/core/languages';
import { pronunciationSamplePhrase, pronunciationSampleVersion } from '@castwright/core/pronunciation-sample';

t.test('the phrase is in the voice\'s language, with the term twice and that language\'s sentence ends', async (t) => {
  t.equal(pronunciationSamplePhrase('SQL'), 'SQL. Once more: SQL.', 'English by default');
  t.equal(pronunciationSamplePhrase('SQL', 'es'), 'SQL. Otra vez: SQL.');
  t.equal(pronunciationSamplePhrase('SQL', 'fr'), 'SQL. Encore une fois : SQL.', 'French sets a space before the colon');
  t.equal(pronunciationSamplePhrase('SQL', 'ja'), 'SQL。もう一度：SQL。', 'Japanese: full-width marks, no spaces');
  t.equal(pronunciationSamplePhrase('SQL', 'hi'), 'SQL। एक बार फिर: SQL।');
  const phrases = LANGUAGES.map((language) => pronunciationSamplePhrase('Kubernetes', language));
  for (const [index, phrase] of phrases.entries()) t.equal(phrase.split('Kubernetes').length - 1, 2, `${LANGUAGES[index]}: the term twice`);
  t.equal(new Set(phrases.filter((_, index) => !LANGUAGES[index]?.startsWith('en'))).size, LANGUAGES.length - 2, 'each other language its own words');
});

t.test('the version follows the entry, not the voice: a sample is kept per voice beside it', async (t) => {
  const entry = { term: 'SQL', say_as: 'sequel', ipa: null, case_sensitive: false };
  t.equal(pronunciationSampleVersion(entry), pronunciationSampleVersion({ ...entry }));
  t.not(pronunciationSampleVersion(entry), pronunciationSampleVersion({ ...entry, say_as: 'ess queue ell' }), 'a changed entry is a new version');
});
