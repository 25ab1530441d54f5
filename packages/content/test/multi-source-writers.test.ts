// Both writers with several sources: every source covered, shared subjects compared
// side by side, the host naming the source before its words, every line's refs exact
// spans of its source, and what the length cannot hold said; the LLM writer's refs are
// checked and the ones that do not hold up dropped and counted.
import t, { type Test } from 'tap';
import { writeLlmScript } from '@castwright/content/script/llm-script-writer';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import type { ScriptPace, ScriptRequest, ScriptSource } from '@castwright/content/script/script-writer';
import type { ScriptLine } from '@castwright/core/script-lines';
import { startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';

const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const COUNCIL = `# City council approves the budget

The city council approved the new budget on Tuesday after a long debate. The budget raises spending on the tram line by twelve percent. Council members argued about the cost of the tram line for three hours.

The mayor said the tram line will carry forty thousand passengers a day. Critics on the council said the budget leaves too little for housing.

## Parks and libraries

Parks get a small increase, and two libraries will open on Sundays. Library staff welcomed the change after years of cuts.`;
const RESIDENTS = `# Residents react

Residents of the east side have waited for the tram line for a decade. Many say the tram line will cut their commute in half. Shop owners on Main Street fear two years of construction will drive customers away.

A community meeting about the tram line is planned for next month. The residents association has collected two thousand signatures.`;
const BEES = 'Honeybees communicate through a waggle dance. The angle of the dance tells other bees the direction of food relative to the sun. The length of the waggle tells them how far away it is. A single hive can track dozens of flower patches this way.';
const SOURCES: ScriptSource[] = [
  { index: 0, kind: 'url', title: 'City council approves the budget', text: COUNCIL, language: 'en' },
  { index: 1, kind: 'document', title: 'Residents react', text: RESIDENTS, language: 'en' },
  { index: 2, kind: 'text', title: null, text: BEES, language: 'en' },
];
const request = (overrides: Partial<ScriptRequest> = {}): ScriptRequest => ({
  text: SOURCES.map((source) => source.text).join('\n\n'),
  sources: SOURCES,
  minutes: 3,
  hostMode: 'multi',
  voiceStyle: 'professional',
  voicePair: 'expert-curious',
  pace,
  language: 'en',
  ...overrides,
});
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

function refsAreRealText(t: Test, lines: readonly ScriptLine[], sources: readonly ScriptSource[]) {
  for (const [index, line] of lines.entries()) {
    for (const ref of line.sourceRefs ?? []) {
      const span = (sources.find((source) => source.index === ref.source)?.text ?? '').slice(ref.start, ref.end);
      t.ok(span !== '' && spaced(line.text).includes(spaced(span)), `line ${index}: ${ref.source}:${ref.start}-${ref.end} is text of its source read in the line`);
    }
  }
}

t.test('several sources with reactions and each format: refs stay on the lines that read the sources, none on a reaction', async (t) => {
  for (const format of ['deep_dive', 'debate', 'critique', 'interview'] as const) {
    const script = writeOfflineScript(request({ format, reactions: 'lively' }));
    for (const source of SOURCES) t.ok(script.lines.some((line) => line.sourceRefs?.some((ref) => ref.source === source.index)), `${format}: source ${source.index} is read`);
    const reactions = script.lines.filter((line) => line.reaction);
    t.ok(reactions.length > 0 && reactions.every((line) => (line.sourceRefs ?? []).length === 0), `${format}: ${reactions.length} reactions, pointing at no source`);
    refsAreRealText(t, script.lines, SOURCES);
  }
});

t.test('the built-in writer: every source, a shared subject compared, the source named before its words, exact refs', async (t) => {
  for (const hostMode of ['multi', 'single'] as const) {
    const script = writeOfflineScript(request({ hostMode }));
    const all = script.lines.map((line) => line.text).join(' ');
    t.equal(script.leftOut, undefined, `${hostMode}: no source left out`);
    for (const source of SOURCES) t.ok(script.lines.some((line) => line.sourceRefs?.some((ref) => ref.source === source.index)), `${hostMode}: source ${source.index} is read`);
    t.match(all, /This episode brings together “City council approves the budget”, “Residents react”, and the third text\./, 'the line-up');
    t.match(all, /The first article and the second document both take up the tram line\./, 'the shared subject, compared');
    t.match(all, /The first article, “City council approves the budget”, puts it this way\. /);
    t.match(all, /The second document, “Residents react”, puts it this way\. /);
    t.match(all, /The third text puts it this way\. /);
    refsAreRealText(t, script.lines, SOURCES);
    // The comparison is a section of its own, in which both sources are read.
    const sections = scriptSections(script.lines);
    const tram = sections.findIndex((section) => section.title === 'Tram line');
    t.ok(tram >= 0, `${hostMode}: a section by theme`);
    const lines = script.lines.slice(sections[tram]?.start, sections[tram + 1]?.start);
    t.same([...new Set(lines.flatMap((line) => (line.sourceRefs ?? []).map((ref) => ref.source)))].sort(), [0, 1], `${hostMode}: both sources in it`);
    t.ok(sections.length >= 4, `${hostMode}: the opening, the theme and the sources' own sections`);
  }
});

t.test('the show notes take the sources\' words, never the hosts\' naming of them', async (t) => {
  const script = writeOfflineScript(request({ hostMode: 'single' }));
  const notes = buildShowNotes(script.lines.map((line, index) => ({ speaker: line.speaker, text: line.text, startTimeMs: index * 10_000 })), { sections: scriptSections(script.lines) });
  const said = [notes.summary, ...notes.keyPoints].join(' ');
  t.notMatch(said, /puts it this way|brings together|take up/, 'no framing in the summary or key points');
  t.match(said, /tram line|budget|waggle/, 'the sources\' sentences are');
});

t.test('the built-in writer: one source keeps its show; refs point into it', async (t) => {
  const alone = writeOfflineScript(request({ sources: [SOURCES[0] as ScriptSource], text: COUNCIL }));
  const plain = writeOfflineScript(request({ sources: undefined, text: COUNCIL }));
  t.same(alone.lines.map((line) => line.text), plain.lines.map((line) => line.text), 'the same script as a text given alone');
  t.notMatch(alone.lines.map((line) => line.text).join(' '), /puts it this way|brings together/, 'no source is named');
  refsAreRealText(t, alone.lines, [SOURCES[0] as ScriptSource]);
  t.ok(alone.lines.filter((line) => (line.sourceRefs ?? []).length > 0).length >= 3);
});

t.test('the built-in writer: what the length cannot hold is said, and a source in another language follows the rule for passages in another language', async (t) => {
  const many = Array.from({ length: 6 }, (_, n): ScriptSource => ({ index: n, kind: 'text', title: `Note ${n + 1}`, text: `${BEES.replaceAll('waggle', `waggle${n}`)} Note ${n + 1} ends here with a remark about flowers number ${n + 1}.`, language: 'en' }));
  const short = writeOfflineScript(request({ sources: many, minutes: 1, hostMode: 'single' }));
  t.ok(short.leftOut && short.leftOut.length > 0, `left out: ${short.leftOut?.join(', ')}`);
  const read = new Set(short.lines.flatMap((line) => (line.sourceRefs ?? []).map((ref) => ref.source)));
  t.same([...read, ...(short.leftOut ?? [])].sort(), [0, 1, 2, 3, 4, 5], 'every source is read or said to be left out');

  const french = 'Les abeilles communiquent par une danse frétillante. L\'angle de la danse indique la direction de la nourriture par rapport au soleil.';
  const mixed = writeOfflineScript(request({ sources: [SOURCES[2] as ScriptSource, { index: 1, kind: 'text', title: 'Abeilles', text: french, language: 'fr' }], hostMode: 'single' }));
  // Two French sentences are a quote (passage-language.ts): read in French, on lines of their own.
  const frenchLines = mixed.lines.filter((line) => line.sourceRefs?.some((ref) => ref.source === 1));
  t.ok(frenchLines.length > 0 && frenchLines.every((line) => line.language === 'fr'), 'lines reading the short French source say it in French');
  const englishLines = mixed.lines.filter((line) => (line.sourceRefs ?? []).some((ref) => ref.source === 2) && !(line.sourceRefs ?? []).some((ref) => ref.source === 1));
  t.ok(englishLines.length > 0 && englishLines.every((line) => line.language === undefined), 'lines reading the English source do not');

  // A whole article in French is a long run of another language: left out, and said.
  const longFrench = Array.from({ length: 4 }, () => french).join(' ');
  const long = writeOfflineScript(request({ sources: [SOURCES[2] as ScriptSource, { index: 1, kind: 'text', title: 'Abeilles', text: longFrench, language: 'fr' }], hostMode: 'single' }));
  t.notOk(long.lines.some((line) => line.sourceRefs?.some((ref) => ref.source === 1)), 'no line reads the long French source');
  t.match(long.languageLeftOut, [{ code: 'fr' }], 'the run left out is reported');
  t.same(long.leftOut, [1], 'and the source is said to be left out');
});

t.test('the LLM writer reads numbered passages; refs that hold up become spans, the others are dropped and counted', async (t) => {
  const line = (speaker: string, text: string, refs: string[] | null, section: string | null = null) => ({ speaker, text, section, refs });
  const server = await startFakeChatServer(t, () => ({
    content: JSON.stringify({
      title: 'Trams and bees',
      description: 'A city budget, its tram line, and bees.',
      lines: [
        line('Host 1', 'Welcome. Today: a tram line, a budget and some bees.', [], 'A tram line, a budget and some bees'),
        line('Host 2', 'The first article says the council approved the budget after a long debate.', ['S1.1']),
        line('Host 1', 'And the residents say the tram line will cut their commute in half.', ['[S2.1]', 'S9.4']),
        line('Host 2', 'Honeybees communicate through a waggle dance, the third text says.', ['S3.1', 'S1.2']),
        line('Host 1', 'Thanks for listening.', null),
      ],
    }),
  }));
  const script = await writeLlmScript(request(), { baseUrl: server.baseUrl, apiKey: 'test', model: 'test-model' }, { maxRetries: 0 });
  const prompt = (server.requests[0] as ChatRequestBody).messages.map((message) => message.content).join('\n');
  t.match(prompt, /<<Source 1: web page "City council approves the budget">>/);
  t.match(prompt, /\[S1\.1\] The city council approved the new budget/);
  t.match(prompt, /\[S3\.1\] Honeybees communicate/);
  t.match(prompt, /Say where each point comes from/);
  const resolved = (index: number) => (script.lines[index]?.sourceRefs ?? []).map((ref) => SOURCES[ref.source]?.text.slice(ref.start, ref.end));
  t.match(resolved(1), [/^The city council approved the new budget on Tuesday/]);
  t.match(resolved(2), [/^Residents of the east side have waited/], 'a marker in brackets is read too');
  t.match(resolved(3), [/^Honeybees communicate/], 'the passage sharing no word with the line is dropped');
  t.equal(script.lines[4]?.sourceRefs, undefined);
  t.equal(script.refsDropped, 2, 'an unknown passage and one sharing no content word with its line');
});
