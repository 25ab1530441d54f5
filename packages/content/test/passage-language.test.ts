// Passages in another language than the episode's (passage-language.ts), in both
// directions: an English article quoting French keeps the quote, in French; a Japanese
// manual with English paragraphs leaves the paragraphs out and keeps a button's English
// label as a quote. The built-in writer follows the rule line by line, and the stored
// script format keeps a line's language.
import t from 'tap';
import { judgePassages, languageNote, passageLanguage, quotesIn, withoutLongRuns } from '@castwright/content/language/passage-language';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { formatScript, parseScript } from '@castwright/content/script/script-format';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { ENGLISH_QUOTING_FRENCH, FRENCH_QUOTE, JAPANESE_MANUAL_WITH_ENGLISH, LEFT_OUT_ENGLISH } from '#test-helpers/mixed-language-sources';

const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 160 }, pauseMsBetweenTurns: 400, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const write = (text: string, language: 'en' | 'ja') => writeOfflineScript({ text, minutes: 3, hostMode: 'multi', voiceStyle: 'professional', voicePair: 'expert-curious', pace, language });

t.test('a passage is the episode\'s language unless clearly another', async (t) => {
  t.same(passageLanguage(FRENCH_QUOTE, 'en'), { kind: 'other', code: 'fr', language: 'fr' });
  t.same(passageLanguage('Tides rise and fall twice a day.', 'en'), { kind: 'episode' });
  t.same(passageLanguage('Tides rise and fall twice a day.', 'en-GB'), { kind: 'episode' }, 'British English is English');
  t.same(passageLanguage('Press the WPS button.', 'ja'), { kind: 'other', code: 'en', language: 'en' });
  t.same(passageLanguage('OK.', 'ja'), { kind: 'episode' }, 'too short to tell');
  t.same(passageLanguage('Die Brücke wurde im neunzehnten Jahrhundert aus Stein gebaut.', 'en'), { kind: 'other', code: 'de', language: undefined }, 'a language Castwright does not speak');
});

t.test('an English article quoting French: the quote is kept, in French; a Japanese manual: English paragraphs left out', async (t) => {
  const english = ENGLISH_QUOTING_FRENCH.split(/\n\s*\n/).flatMap((block, paragraph) => block.split(/(?<=\.)\s+/).map((text) => ({ text, paragraph })));
  const judged = judgePassages(english, 'en');
  const quotes = english.filter((_, index) => judged.fates[index]?.kind === 'quote').map((passage) => passage.text);
  t.same(quotes, [FRENCH_QUOTE]);
  t.same(judged.leftOut, []);
  t.equal(languageNote(judged, 'en'), 'A quote in French said in French by a voice of it.');

  const manual = withoutLongRuns(JAPANESE_MANUAL_WITH_ENGLISH, 'ja');
  for (const words of LEFT_OUT_ENGLISH) t.notOk(manual.text.includes(words), `left out: …${words}…`);
  t.ok(manual.text.includes('Press the WPS button.'), 'a short English label inside Japanese stays');
  t.match(manual.judged.leftOut, [{ code: 'en', passages: 2 }]);
  t.ok((manual.judged.leftOut[0]?.words ?? 0) > 40, `${manual.judged.leftOut[0]?.words} words`);
  t.match(languageNote(manual.judged, 'ja'), /^\d+ words in English left out: the episode is in Japanese\.$/);

  // A whole source in another language (many sources per episode judge each one so): one long run.
  const whole = judgePassages([{ text: ENGLISH_QUOTING_FRENCH, paragraph: 0 }], 'ja');
  t.same(whole.fates, [{ kind: 'left-out' }]);
});

t.test('the built-in writer reads a quote in its own language, on a line of its own, and leaves long runs out', async (t) => {
  const english = write(ENGLISH_QUOTING_FRENCH, 'en');
  const quoted = english.lines.filter((line) => line.language);
  t.same(quoted.map((line) => [line.language, line.text]), [['fr', FRENCH_QUOTE]], 'the quote alone, in French');
  const index = english.lines.findIndex((line) => line.language === 'fr');
  t.equal(english.lines[index - 1]?.speaker, english.lines[index]?.speaker, 'read by the host reading the sentences around it');
  t.ok(english.lines.every((line) => line.language || !line.text.includes('La mer')), 'no English line says it');
  t.same(quotesIn(english.lines), { fr: 1 });

  const japanese = write(JAPANESE_MANUAL_WITH_ENGLISH, 'ja');
  const text = japanese.lines.map((line) => line.text).join(' ');
  for (const words of LEFT_OUT_ENGLISH) t.notOk(text.includes(words), `no line reads …${words}…`);
  t.match(japanese.languageLeftOut, [{ code: 'en' }]);
  const label = japanese.lines.find((line) => line.language === 'en');
  t.match(label?.text, /^「?Press the WPS button\./, 'the label, in English');
  t.ok(japanese.lines.filter((line) => !line.language).every((line) => !/[A-Za-z]{4,}/.test(line.text)), 'every other line is Japanese');

  const stored = formatScript(japanese.lines);
  t.match(stored, /\n\[Host \d\|en\]: 「?Press the WPS button\./, 'stored as [Host N|en]:');
  t.same(parseScript(stored), japanese.lines.map(({ sourceRefs: _refs, ...line }) => line), 'and read back (refs are kept beside the text)');
  t.throws(() => parseScript('[Host 1|de]: Guten Tag.'), /is in de, which is not one of/);
});
