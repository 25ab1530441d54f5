// How far two scripts are apart, in lines: what a revision's `linesChanged` and an edited
// script's `pendingChanges` report.
import t from 'tap';
import type { ScriptLine } from '@castwright/core/script-lines';
import { changedLineCount } from '@castwright/content/script/script-changes';

const line = (text: string, speaker: ScriptLine['speaker'] = 'Host 1', section?: string): ScriptLine => ({ speaker, text, ...(section ? { section } : {}) });
const script = Array.from({ length: 10 }, (_, n) => line(`Line ${n}.`, n % 2 === 0 ? 'Host 1' : 'Host 2'));

t.test('nothing, one line rewritten, added, removed', async (t) => {
  t.equal(changedLineCount(script, script), 0);
  t.equal(changedLineCount(script, script.map((each, n) => (n === 4 ? line('Rewritten.', each.speaker) : each))), 1, 'a rewritten line counts once');
  t.equal(changedLineCount(script, [...script.slice(0, 3), line('New.'), ...script.slice(3)]), 1, 'an added line');
  t.equal(changedLineCount(script, [...script.slice(0, 3), ...script.slice(4)]), 1, 'a removed line');
  t.equal(changedLineCount([], script), script.length, 'a first revision changes every line');
  t.equal(changedLineCount(script, []), script.length);
});

t.test('a speaker or a section is part of the line; far-apart edits add up; a block replaced counts its longer side', async (t) => {
  t.equal(changedLineCount(script, script.map((each, n) => (n === 2 ? line(each.text, 'Host 2') : each))), 1, 'another speaker');
  t.equal(changedLineCount(script, script.map((each, n) => (n === 6 ? line(each.text, each.speaker, 'Chapter') : each))), 1, 'a section title');
  t.equal(changedLineCount(script, script.map((each, n) => (n % 3 === 0 ? line(`Edited ${n}.`, each.speaker) : each))), 4, 'lines 0, 3, 6 and 9');
  t.equal(changedLineCount(script, [...script.slice(0, 2), line('A.'), line('B.'), line('C.'), ...script.slice(4)]), 3, 'two lines replaced by three');
  t.equal(changedLineCount(script, [...script.slice(5), ...script.slice(0, 5)]), 10, 'halves swapped: five lines removed in one place and added in another');
});
