// Formats and reactions in both writers. The built-in writer builds each format its own
// way (a brief is one host's numbered points; a debate has both sides state opposite
// positions on the same claim of the source, each reading its evidence; a critique has a
// part on what the source misses; an interview's guest answers every question), in every
// language it speaks, with sections and sized to the minutes asked; its listening hosts
// react under the speaking one, at least once a minute at `some`, never twice the same within
// a minute, and `none` writes exactly the script written before reactions existed. The LLM
// writer is told the format and the reactions, sees the new fields in the reply's shape, and
// its reactions are placed after the words they quote and held to the same rules.
import t from 'tap';
import type { Format, ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import { overlapProblems, reactionHost, sentenceEndWords } from '@castwright/core/script-overlaps';
import { formatPhrasing } from '@castwright/content/script/format-phrasing';
import { writeLlmScript } from '@castwright/content/script/llm-script-writer';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { estimatedStarts, reactionKey, REPEAT_WINDOW_MS } from '@castwright/content/script/reaction-rules';
import { formatScript, parseScript, storedScript } from '@castwright/content/script/script-format';
import { scriptOverlapsColumn } from '@castwright/core/script-overlaps';
import { estimateScriptMs } from '@castwright/content/script/script-length';
import { isAnnounced, scriptSections } from '@castwright/content/script/script-sections';
import type { ScriptPace, ScriptRequest } from '@castwright/content/script/script-writer';
import { LENGTH_TOLERANCE } from '@castwright/core/episode-length';
import { startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';
import { readFixture } from '#test-helpers/fixtures';
import { LANGUAGE_SOURCES } from '#test-helpers/language-sources';

const article = await readFixture('lighthouses.txt');
const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 170 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const request = (format: Format, reactions: ReactionLevel, extra: Partial<ScriptRequest> = {}): ScriptRequest => ({
  text: article, minutes: 3, hostMode: format === 'brief' ? 'single' : 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace, format, reactions, ...extra,
});
const reactions = (lines: readonly ScriptLine[]) => lines.filter((line) => line.reaction);

t.test('reactions: none writes exactly the script of before, some and lively add reactions under another host, a cut-in at lively', async (t) => {
  const before = writeOfflineScript({ text: article, minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace });
  const none = writeOfflineScript(request('deep_dive', 'none'));
  t.same(none.lines, before.lines, 'none: the strict turns written before reactions existed, line for line');
  t.same(reactions(none.lines), []);
  t.equal(scriptOverlapsColumn(none.lines), null, 'and nothing is stored beside its text');
  for (const level of ['some', 'lively'] as const) {
    const script = writeOfflineScript(request('deep_dive', level));
    t.same(overlapProblems(script.lines), [], `${level}: every reaction and cut-in keeps the rules`);
    const stored = JSON.parse(scriptOverlapsColumn(script.lines) ?? 'null') as unknown;
    t.same(storedScript(formatScript(script.lines), stored).map((line) => [line.reaction, line.overlapMs]), script.lines.map((line) => [line.reaction, line.overlapMs]), `${level}: stored beside the text, they are read back`);
    t.same(parseScript(formatScript(script.lines)).map((line) => line.text), script.lines.map((line) => line.text), `${level}: the text keeps one "[Host N]: text" line per line, reactions too`);
    const minutes = estimateScriptMs(script.lines, pace) / 60_000;
    const count = reactions(script.lines).length;
    t.ok(count >= minutes, `${level}: ${count} reactions in ${minutes.toFixed(1)} minutes`);
    const starts = estimatedStarts(script.lines, pace);
    const said = new Map<string, number>();
    script.lines.forEach((line, index) => {
      if (!line.reaction) return;
      const host = script.lines[reactionHost(script.lines, index) as number] as ScriptLine;
      t.not(line.speaker, host.speaker, `"${line.text}" is said by a host who listens`);
      t.ok(line.reaction.afterWord < (sentenceEndWords(host.text).at(-1) ?? 0) && sentenceEndWords(host.text).includes(line.reaction.afterWord), `"${line.text}" sits after a sentence inside its line, not after its last`);
      const last = said.get(reactionKey(line.text));
      t.ok(last === undefined || (starts[index] as number) - last >= REPEAT_WINDOW_MS, `"${line.text}" is not said again within a minute`);
      said.set(reactionKey(line.text), starts[index] as number);
    });
    t.ok(new Set(reactions(script.lines).map((line) => reactionKey(line.text))).size > 1, `${level}: they vary`);
    if (level === 'lively') t.ok(script.lines.some((line) => line.overlapMs !== undefined), 'lively: a question cuts in');
  }
  t.ok(reactions(writeOfflineScript(request('deep_dive', 'lively')).lines).length >= reactions(writeOfflineScript(request('deep_dive', 'some')).lines).length, 'lively reacts at least as often as some');
  t.same(reactions(writeOfflineScript(request('deep_dive', 'some', { hostMode: 'single' })).lines), [], 'one host alone has nobody to react');
});

t.test('each format has its own structure, with sections announced and the length asked for', async (t) => {
  const en = formatPhrasing('en');
  for (const format of ['deep_dive', 'brief', 'debate', 'critique', 'interview'] as const) {
    const script = writeOfflineScript(request(format, 'some', { minutes: 2 }));
    const sections = scriptSections(script.lines);
    t.ok(sections.length >= 2, `${format}: ${sections.length} sections`);
    for (const section of sections) t.ok(isAnnounced(section.title, script.lines[section.start]?.text ?? ''), `${format}: "${section.title}" is announced`);
    const ms = estimateScriptMs(script.lines, pace);
    t.ok(Math.abs(ms - 120_000) <= 120_000 * LENGTH_TOLERANCE, `${format}: ${(ms / 1000).toFixed(0)} s for two minutes`);
  }
  const brief = writeOfflineScript(request('brief', 'some'));
  t.same([...new Set(brief.lines.map((line) => line.speaker))], ['Host 1'], 'a brief is one host');
  t.match(brief.lines[0]?.text, /^Here is the brief on .*main points/, 'it opens with how many main points');
  t.ok(brief.lines.filter((line) => line.section).slice(1).every((line) => /^The (first|second|third|last|next) point is/.test(line.text)), 'each section opens by naming its point');
  t.notMatch(brief.lines.map((line) => line.text).join(' '), /\?/, 'and asks nothing');

  const critique = writeOfflineScript(request('critique', 'none'));
  const misses = scriptSections(critique.lines).find((section) => section.title === 'What the source misses');
  t.ok(misses, 'a critique has a part on what the source misses');
  t.match(critique.lines.at(-3)?.text ?? critique.lines.map((line) => line.text).join(' '), /All in all, the source is strongest on/);

  const interview = writeOfflineScript(request('interview', 'none'));
  t.ok(interview.notes.every((note, index) => note.sources.length === 0 || interview.lines[index]?.speaker === 'Host 2'), 'the guest (Host 2) gives every answer');
  t.match(interview.lines[0]?.text, /My guest today has studied/);
  t.ok(interview.lines.some((line) => line.speaker === 'Host 1' && line.text === en.interview.takeaway), 'the interviewer asks what to take away');
});

/** A source that makes claims and admits their limits, as a debate's sides need. */
const nightTrains = [
  '# Night trains',
  '## Comfort',
  'Night trains let travellers sleep through the journey and arrive in the city centre. Operators say a sleeper cabin is as comfortable as a hotel room. However, many travellers report that the carriages are noisy and the beds are narrow.',
  '## Cost',
  'A night train saves the price of a hotel night. A private cabin is often cheaper than a flight and a hotel together. The cheapest seats, however, sell out weeks in advance, and last-minute fares are often higher than a flight.',
  '## Climate',
  'A train journey emits far less carbon than the same trip by plane. Electric trains can run on renewable power. Yet only a few routes run every night, so most travellers still have no train to take.',
].join('\n\n');

t.test('a debate: on the same claim of the source, one host argues for and the other against, each with evidence', async (t) => {
  const en = formatPhrasing('en');
  const script = writeOfflineScript(request('debate', 'none', { text: nightTrains }));
  const positions = script.lines.flatMap((line, index) => {
    const subject = script.notes[index]?.subjects[0];
    return subject ? [{ index, line, subject }] : [];
  });
  const argued = positions.filter(({ line, subject }) => line.text.includes(en.debate.for(subject)));
  t.ok(argued.length >= 3, `${argued.length} claims argued, one a section`);
  for (const { index, line, subject } of argued) {
    const reply = script.lines[index + 1] as ScriptLine;
    t.not(reply.speaker, line.speaker, `"${subject}": the other host answers`);
    t.ok(reply.text.startsWith(en.debate.against(subject)), `"${subject}": and takes the opposite position on the same claim`);
    t.ok((script.notes[index]?.sources.length ?? 0) > 0, `"${subject}": the claim is read from the source`);
  }
  t.ok(argued.every(({ index }) => (script.notes[index + 1]?.sources.length ?? 0) > 0), 'the other side reads the source\'s own caveats as its evidence');
  t.match(script.lines.map((line) => line.text).join(' '), /overstates .*However, many travellers report/, 'such as the complaints about the carriages');
  t.ok(new Set(argued.map(({ line }) => line.speaker)).size === 1, 'the same side argues for throughout');
});

t.test('every format in every language the built-in writer speaks', async (t) => {
  for (const source of LANGUAGE_SOURCES) {
    for (const format of ['brief', 'debate', 'critique', 'interview'] as const) {
      const script = writeOfflineScript({ ...request(format, 'some', { text: source.text, language: source.language, minutes: 1 }) });
      t.ok(scriptSections(script.lines).length >= 2, `${source.language} ${format}: sections`);
      t.same(overlapProblems(script.lines), [], `${source.language} ${format}: reactions keep the rules`);
      // The host never speaks English around another language: no English format phrase outside English.
      if (source.language !== 'en') t.notMatch(script.lines.map((line) => line.text).join(' '), /\b(I'll argue|main points|the source misses|My guest today|Mm-hm)\b/, `${source.language} ${format}: in its language`);
    }
  }
});

t.test('the LLM writer: told the format and the reactions, new fields in the schema and the shape, reactions placed and held to the rules', async (t) => {
  const replies: string[] = [];
  const server = await startFakeChatServer(t, () => ({ content: replies.shift() ?? '' }));
  const settings = { baseUrl: server.baseUrl, apiKey: 'k', model: 'm' };
  const short = 'Lighthouses guided ships for centuries. Keepers tended the lamps every night.';
  const plain = JSON.stringify({ title: 'L', description: 'd', lines: [{ speaker: 'Host 1', text: 'Lighthouses guided ships.' }, { speaker: 'Host 2', text: 'Keepers tended the lamps.' }] });

  // none: the request is the one made before formats and reactions existed.
  replies.push(plain, plain);
  await writeLlmScript({ text: short, minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace }, settings, { maxRetries: 0 });
  await writeLlmScript({ text: short, minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace, format: 'deep_dive', reactions: 'none' }, settings, { maxRetries: 0 });
  const [before, none] = server.requests as [ChatRequestBody, ChatRequestBody];
  t.same(none.messages, before.messages, 'deep_dive at none: the same prompts');
  t.same(none.response_format, before.response_format, 'and the same schema');
  t.notMatch(JSON.stringify(none), /reactsAfter|cutIn/);

  const system = (index: number) => (server.requests[index] as ChatRequestBody).messages[0]?.content ?? '';
  const user = (index: number) => (server.requests[index] as ChatRequestBody).messages.at(-1)?.content ?? '';
  const formats: [Format, RegExp][] = [['brief', /Format: a brief\. One host/], ['debate', /opposite positions.*Host 1 argues that the claim holds; Host 2 argues against it/s], ['critique', /What the source misses/], ['interview', /Host 1 interviews Host 2 as an expert/]];
  const alone = JSON.stringify({ title: 'L', description: 'd', lines: [{ speaker: 'Host 1', text: 'Lighthouses guided ships.' }] });
  for (const [format, said] of formats) {
    replies.push(format === 'brief' ? alone : plain);
    await writeLlmScript({ text: short, minutes: 3, hostMode: format === 'brief' ? 'single' : 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace, format, reactions: 'none' }, settings, { maxRetries: 0 });
    t.match(system(server.requests.length - 1), said, `${format}: the format's rules are in the system prompt`);
  }

  const reacting = JSON.stringify({
    title: 'L',
    description: 'd',
    lines: [
      { speaker: 'Host 1', text: 'Lighthouses guided ships for centuries. The Pharos stood over a hundred metres tall. Keepers tended the lamps.', reactsAfter: 'a hundred metres tall' },
      { speaker: 'Host 2', text: 'Wow.', reactsAfter: 'a hundred metres tall' },
      { speaker: 'Host 2', text: 'Wow!', reactsAfter: 'Keepers tended' },
      { speaker: 'Host 1', text: 'The harbour paid for the oil, and the keepers lived by the light.', reactsAfter: null, cutIn: null },
      { speaker: 'Host 2', text: 'And who paid the keepers?', reactsAfter: null, cutIn: true },
      { speaker: 'Host 2', text: 'Right.', reactsAfter: 'harbour' },
    ],
  });
  replies.push(reacting);
  const script = await writeLlmScript({ text: short, minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious', pace, reactions: 'lively' }, settings, { maxRetries: 0 });
  const last = server.requests.length - 1;
  t.match(system(last), /two or three times a minute.*reactsAfter/s, 'the reactions are asked for');
  t.match(system(last), /"cutIn" to true/, 'and at lively, cut-ins');
  t.match(user(last), /"reactsAfter": "…" \| null/, 'the compact reply shape shows the new fields');
  t.match(user(last), /"cutIn": true \| null/);
  const schema = JSON.stringify((server.requests[last] as ChatRequestBody).response_format?.json_schema?.schema);
  t.match(schema, /reactsAfter/);
  t.same(script.lines.map((line) => [line.speaker, line.text, line.reaction?.afterWord ?? null, line.overlapMs ?? null]), [
    ['Host 1', 'Lighthouses guided ships for centuries. The Pharos stood over a hundred metres tall. Keepers tended the lamps.', null, null],
    ['Host 2', 'Wow.', 13, null],
    ['Host 1', 'The harbour paid for the oil, and the keepers lived by the light.', null, null],
    ['Host 2', 'And who paid the keepers?', null, 300],
  ], 'a whole line marked as a reaction stays a line, a reaction goes after the words it quotes, the same reaction again within a minute is left out, a cut-in gets its overlap, and a reaction under its own speaker\'s line is left out');
});
