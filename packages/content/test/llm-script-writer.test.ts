// The LLM script writer against a loopback server speaking the real Chat Completions
// protocol to the real `openai` SDK.
import t from 'tap';
import { writeLlmScript, scriptWords, UnusableScriptError } from '@castwright/content/script/llm-script-writer';
import { wordsForMs } from '@castwright/content/script/script-length';
import { scriptSections } from '@castwright/content/script/script-sections';
import type { ScriptPace, ScriptRequest } from '@castwright/content/script/script-writer';
import { formatScript, parseScript } from '@castwright/content/script/script-format';
import { PermanentError } from '@castwright/core/errors';
import { fillerWords, startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';
import { readFixture } from '#test-helpers/fixtures';

const article = await readFixture('lighthouses.txt');
const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
// A source too short to fill three minutes: the length band is not asked for, so these tests see single exchanges.
const shortSource = 'Lighthouses guided ships for centuries. Keepers tended the lamps every night.';
const base: ScriptRequest = { text: shortSource, minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'debate', pace };
const goodScript = JSON.stringify({
  title: 'Lighthouses',
  description: 'Why lights on the coast mattered.',
  lines: [
    { speaker: 'Host 1', text: 'Welcome back. Today: lighthouses.' },
    { speaker: 'Host 2', text: 'I am not sure they\nstill matter.' },
    { speaker: 'Host 1', text: 'They do, and here is why.' },
  ],
});
const userPrompt = (body: ChatRequestBody) => body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
const settings = (baseUrl: string) => ({ baseUrl, apiKey: 'test-key', model: 'test-model' });
/** `words` words of filler in turns of at most 60, the hosts alternating. */
/** Lines whose first announces a section titled `title`. */
const announcing = (lines: { speaker: string; text: string }[], title: string) => lines.map((line, n) => (n === 0 ? { ...line, text: `${title}. ${line.text}` } : line));
const fillerLines = (words: number) =>
  Array.from({ length: Math.ceil(words / 60) }, (_, n) => ({ speaker: n % 2 === 0 ? 'Host 1' : 'Host 2', text: fillerWords(Math.min(60, words - 60 * n), `t${n}w`) }));

t.test('a good reply becomes the script; tone, pair and schema go to the endpoint', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: goodScript }));
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(script.title, 'Lighthouses');
  t.same(script.lines.map((line) => line.speaker), ['Host 1', 'Host 2', 'Host 1']);
  t.equal(script.lines[1]?.text, 'I am not sure they still matter.', 'a newline inside a turn cannot break the line format');
  t.same(parseScript(formatScript(script.lines)), script.lines);
  t.equal(server.requests.length, 1);
  const request = server.requests[0] as ChatRequestBody;
  t.equal(request.model, 'test-model');
  t.equal(request.response_format?.type, 'json_schema');
  t.equal(request.response_format?.json_schema?.strict, true);
  t.notMatch(JSON.stringify(request.response_format?.json_schema?.schema), /minLength|maxItems/, 'strict-mode schema keywords only');
  const system = request.messages[0]?.content ?? '';
  t.match(system, /relaxed and friendly/);
  t.match(system, /different positions/);
  t.match(userPrompt(request), new RegExp(`about ${wordsForMs(3 * 60_000, pace, 'multi')} words`), 'words for three minutes at the pace');
});

t.test('a source long enough for the preset: a reply outside the ±15 % band is sent back once to be revised', async (t) => {
  const target = wordsForMs(3 * 60_000, pace, 'multi');
  const sized = (words: number) => JSON.stringify({
    title: 'Lighthouses',
    description: 'd',
    lines: Array.from({ length: Math.ceil(words / 50) }, (_, n) => ({ speaker: n % 2 === 0 ? 'Host 1' : 'Host 2', text: fillerWords(50, `w${n}x`) })),
  });
  const server = await startFakeChatServer(t, (_body, index) => ({ content: index === 0 ? sized(target / 3) : sized(target) }));
  const script = await writeLlmScript({ ...base, text: article }, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(server.requests.length, 2, 'one revision round');
  t.match(userPrompt(server.requests[1] as ChatRequestBody), new RegExp(`must have about ${target} \\(between ${Math.round(target * 0.85)} and ${Math.round(target * 1.15)}\\)`));
  t.ok(Math.abs(scriptWords(script.lines) - target) <= target * 0.15, `${scriptWords(script.lines)} words, about ${target}`);

  const stubborn = await startFakeChatServer(t, (_body, index) => ({ content: index === 0 ? sized(target / 3) : '{"title": 1}' }));
  const kept = await writeLlmScript({ ...base, text: article }, settings(stubborn.baseUrl), { maxRetries: 0 });
  t.equal(stubborn.requests.length, 2, 'an unusable revision is not retried: length is a wish, not a reason to fail');
  t.ok(scriptWords(kept.lines) < target / 2, 'the first reply is kept');
});

t.test('a script written in one go comes in the sections its lines open, each announced in its line', async (t) => {
  const line = (speaker: string, text: string, section: string | null = null) => ({ speaker, text, section });
  const reply = (closing: string) => JSON.stringify({
    title: 'Lighthouses',
    description: 'd',
    lines: [
      line('Host 1', 'Welcome back. Today we talk about lights on the coast.', 'Lights on the coast'),
      line('Host 2', 'I am not sure they still matter.'),
      line('Host 1', 'Let us turn to the Fresnel lens, which changed everything.', 'The Fresnel lens'),
      line('Host 2', 'Tell me more.'),
      line('Host 1', closing, 'Keepers and their families'),
    ],
  });
  const server = await startFakeChatServer(t, (_body, index) => ({ content: reply(index === 0 ? 'Now, the people who lived there.' : 'Finally, keepers and their families.') }));
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  const schema = JSON.stringify(server.requests[0]?.response_format?.json_schema?.schema);
  t.match(schema, /"required":\["speaker","text","section","refs"\]/, 'strict mode: the section (and the refs) are required on the wire…');
  t.match(schema, /"section":\{"anyOf":\[\{"type":"string"\},\{"type":"null"\}\]\}/, '…and may be null');
  t.match(userPrompt(server.requests[0] as ChatRequestBody), /using every word of the\s+title/);
  t.equal(server.requests.length, 2, 'a section its line does not announce is sent back once');
  t.match(userPrompt(server.requests[1] as ChatRequestBody), /lines\.4 opens the section "Keepers and their families" but does not say those words/);
  t.same(scriptSections(script.lines), [{ start: 0, title: 'Lights on the coast' }, { start: 2, title: 'The Fresnel lens' }, { start: 4, title: 'Keepers and their families' }]);
  t.same(parseScript(formatScript(script.lines)), script.lines, 'the sections survive the stored format');
});

t.test('lines are cleaned to speech: markup, URLs and stage directions go', async (t) => {
  const messy = JSON.stringify({
    title: 'T',
    description: 'd',
    lines: [
      { speaker: 'Host 1', text: '## **Welcome** back! [laughs] Today: *lighthouses*.' },
      { speaker: 'Host 2', text: '- See https://example.com for more. Keepers kept `logs`.' },
      { speaker: 'Host 1', text: '(music)' },
    ],
  });
  const server = await startFakeChatServer(t, () => ({ content: messy }));
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.same(script.lines, [
    { speaker: 'Host 1', text: 'Welcome back! Today: lighthouses.' },
    { speaker: 'Host 2', text: 'Keepers kept logs.' },
  ]);
});

t.test('single host: a Host 2 line is a schema problem that gets repaired', async (t) => {
  const server = await startFakeChatServer(t, (_body, index) => ({
    content: index === 0 ? goodScript : JSON.stringify({ title: 'Solo', description: 'd', lines: [{ speaker: 'Host 1', text: 'Just me today.' }] }),
  }));
  const script = await writeLlmScript({ ...base, hostMode: 'single' }, settings(server.baseUrl), { maxRetries: 0 });
  t.same(script.lines, [{ speaker: 'Host 1', text: 'Just me today.' }]);
  t.equal(server.requests.length, 2);
  t.match(server.requests[0]?.messages[0]?.content, /one host/);
});

t.test('malformed JSON gets one repair round carrying the bad output and the problem', async (t) => {
  const broken = '{"title": "Lighthouses", "lines": [';
  const server = await startFakeChatServer(t, (_body, index) => ({ content: index === 0 ? broken : goodScript }));
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(script.lines.length, 3);
  t.equal(server.requests.length, 2);
  const repair = server.requests[1] as ChatRequestBody;
  t.equal(repair.messages.at(-2)?.role, 'assistant');
  t.equal(repair.messages.at(-2)?.content, broken);
  t.match(userPrompt(repair), /not valid JSON/);
});

t.test('a reply cut off at the length limit is not used even if it parses', async (t) => {
  const server = await startFakeChatServer(t, (_body, index) => ({ content: goodScript, finishReason: index === 0 ? 'length' : 'stop' }));
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(script.lines.length, 3);
  t.equal(server.requests.length, 2);
  t.match(userPrompt(server.requests[1] as ChatRequestBody), /cut off/);
});

t.test('repair fails, a fresh retry succeeds', async (t) => {
  const server = await startFakeChatServer(t, (_body, index) => ({ content: index < 2 ? '{"title": 1}' : goodScript }));
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(script.lines.length, 3);
  t.equal(server.requests.length, 3);
  t.equal(server.requests[2]?.messages.length, 2, 'the retry starts from scratch');
});

t.test('schema-invalid every time: a permanent error naming the problems, no empty script', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: JSON.stringify({ title: 'T', description: 'd', lines: [] }) }));
  const failure = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 }).catch((error: unknown) => error);
  t.ok(failure instanceof UnusableScriptError);
  t.ok(failure instanceof PermanentError);
  t.match((failure as Error).message, /^The script writer returned an unusable script: lines/);
  t.equal(server.requests.length, 3, 'first try, one repair, one retry');
});

t.test('a deep episode is outlined, then written section by section with running context', async (t) => {
  const server = await startFakeChatServer(t, (body) => {
    const name = body.response_format?.json_schema?.name;
    const prompt = userPrompt(body);
    if (name === 'episode_outline') {
      const count = Number(/in (\d+) sections/.exec(prompt)?.[1]);
      return {
        content: JSON.stringify({
          title: 'Lights on the coast',
          description: 'A long look at lighthouses.',
          sections: Array.from({ length: count }, (_, n) => ({ title: `Part ${n + 1}`, keyPoints: [`point ${n + 1}a`, `point ${n + 1}b`] })),
        }),
      };
    }
    const asked = body.messages.find((message) => message.role === 'user')?.content ?? '';
    const section = Number(/Write section (\d+) of/.exec(asked)?.[1]);
    const words = Number(/about (\d+) words/.exec(asked)?.[1]);
    const turns = Math.ceil(words / 60);
    return {
      content: JSON.stringify({
        lines: Array.from({ length: turns }, (_, n) => ({
          speaker: n % 2 === 0 ? 'Host 1' : 'Host 2',
          // The first line announces its section; the third section's does not at first, and is asked again.
          text: `${n === 0 && !(section === 3 && !/Please revise/.test(prompt)) ? `Part ${section}. ` : ''}${fillerWords(n < turns - 1 ? 60 : words - 60 * (turns - 1), `s${section}t${n}w`)}`,
        })),
        summary: `Section ${section} covered point ${section}a.`,
      }),
    };
  });
  const script = await writeLlmScript({ ...base, text: article, minutes: 15 }, settings(server.baseUrl), { maxRetries: 0 });
  const names = server.requests.map((body) => body.response_format?.json_schema?.name);
  t.equal(names[0], 'episode_outline');
  t.match(userPrompt(server.requests[0] as ChatRequestBody), /15-minute episode in 3 sections/);
  const sectionWords = Math.round(wordsForMs(15 * 60_000, pace, 'multi') / 3);
  const turns = Math.ceil(sectionWords / 60);
  t.same(names.slice(1), ['podcast_script_section', 'podcast_script_section', 'podcast_script_section', 'podcast_script_section']);
  t.match(userPrompt(server.requests[4] as ChatRequestBody), /lines\.0 must announce the section in the words of its title, "Part 3"/, 'a section that is not announced is sent back once');
  const sections = server.requests.slice(1, 4).map(userPrompt);
  sections.forEach((prompt, n) => {
    t.match(prompt, /Part 1: point 1a; point 1b/, `section ${n + 1} carries the outline`);
    for (let earlier = 1; earlier <= n; earlier += 1) t.match(prompt, `Section ${earlier}: Section ${earlier} covered point ${earlier}a.`, 'and what was said so far');
  });
  t.match(sections[0], /opens the episode/);
  t.match(sections[1], new RegExp(`The last lines spoken were:\\n\\[Host ${turns % 2 === 0 ? 1 : 2}\\]: s1t${turns - 2}w0 .*\\n\\[Host ${turns % 2 === 0 ? 2 : 1}\\]: s1t${turns - 1}w0 `));
  t.match(sections[2], /wrap-up/);
  t.same(scriptSections(script.lines), [{ start: 0, title: 'Part 1' }, { start: turns, title: 'Part 2' }, { start: 2 * turns, title: 'Part 3' }], `each section of ${sectionWords} words in ${turns} turns, titled as the outline titles it`);
  t.equal(script.title, 'Lights on the coast');
  const target = wordsForMs(15 * 60_000, pace, 'multi');
  t.ok(Math.abs(scriptWords(script.lines) - target) <= target * 0.05, `${scriptWords(script.lines)} words, near ${target}`);
});

t.test('a long source is read whole, each request within the stated context (a 4096-token server)', async (t) => {
  const longText = Array.from({ length: 16 }, (_, n) => article.replaceAll('Lighthouses', `Lighthouses (part ${n + 1})`)).join('\n\n');
  t.ok(longText.length > 40_000);
  const server = await startFakeChatServer(
    t,
    (body) =>
      body.response_format?.json_schema?.name === 'episode_outline'
        ? { content: JSON.stringify({ title: 'T', description: 'D', sections: [{ title: 'Lamps', keyPoints: ['a'] }, { title: 'Lenses', keyPoints: ['b'] }, { title: 'Keepers', keyPoints: ['c'] }] }) }
        : { content: JSON.stringify({ lines: announcing(fillerLines(Number(/about (\d+) (?:more )?words/.exec(userPrompt(body))?.[1])), /"(Lamps|Lenses|Keepers)"/.exec(userPrompt(body))?.[1] ?? ''), summary: 'Greetings.' }) },
    { contextTokens: 4096, style: 'llamacpp' },
  );
  const script = await writeLlmScript({ ...base, text: longText, minutes: 7 }, { ...settings(server.baseUrl), contextTokens: 4096 }, { maxRetries: 0 });
  t.same(server.refused, [], 'no request was over the server\'s context');
  const prompts = server.requests.map(userPrompt);
  for (let part = 1; part <= 16; part += 1) t.ok(prompts.some((prompt) => prompt.includes(`(part ${part})`)), `part ${part} of the source was read`);
  const sections = server.requests.filter((body) => body.response_format?.json_schema?.name === 'podcast_script_section');
  t.ok(sections.length > 3, `the three sections were written from ${sections.length} pieces of the source`);
  t.match(userPrompt(sections[1] as ChatRequestBody), /Go on with section 1 of 3, "Lamps", where the last lines left off[\s\S]*Do not announce the section again/);
  t.same(scriptSections(script.lines).map((section) => section.title), ['Lamps', 'Lenses', 'Keepers'], 'still three sections, each opened once');
});

t.test('an unreachable endpoint is an ordinary error the job may retry', async (t) => {
  const failure = await writeLlmScript(base, settings('http://127.0.0.1:1/v1'), { maxRetries: 0 }).catch((error: unknown) => error);
  t.ok(failure instanceof Error);
  t.notOk(failure instanceof PermanentError);
});

t.test("the LLM writes in the episode's language, whatever the source's", async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: goodScript }));
  await writeLlmScript({ ...base, language: 'pt-BR' }, settings(server.baseUrl), { maxRetries: 0 });
  await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  const [portuguese, english] = server.requests.map((request) => (request as ChatRequestBody).messages[0]?.content ?? '');
  t.match(portuguese, /write every line, the title, the description, section titles and outline in Portuguese \(Brazilian\) \(pt-BR\), whatever language the source is written in/);
  t.match(english, /in English \(American\) \(en\)/, 'English when the request says none');
});

t.test('named hosts addressed in Japanese or Chinese count as named (no spaces around the name)', async (t) => {
  const hosts = [{ name: 'Ana' }, { name: 'Luis' }];
  const japanese = JSON.stringify({
    title: '灯台',
    description: '灯台の話。',
    lines: [
      { speaker: 'Host 1', text: 'ようこそ。Luisさん、灯台について教えてください。' },
      { speaker: 'Host 2', text: 'ありがとうございます、Anaさん。灯台は船を導きます。' },
    ],
  });
  const server = await startFakeChatServer(t, () => ({ content: japanese }));
  const script = await writeLlmScript({ ...base, hosts, language: 'ja' }, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(server.requests.length, 1, 'both hosts are named: nothing sent back');
  t.equal(script.lines.length, 2);
});
