// The LLM writer handing lines out as they are written (onLines), against the stand-in
// streaming real Chat Completions chunks to the real `openai` SDK: a line is handed out
// before the reply it is in has been sent whole, a long script's sections each open with
// their title, and lines already handed out (maybe heard) stay when a cut-off reply is
// repaired: the repair is asked to keep them, and only its lines after them are taken.
import t from 'tap';
import type { ScriptLine } from '@castwright/core/script-lines';
import { writeLlmScript } from '@castwright/content/script/llm-script-writer';
import type { ScriptPace, ScriptRequest } from '@castwright/content/script/script-writer';
import { fillerWords, startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';
import { readFixture } from '#test-helpers/fixtures';

const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const shortSource = 'Lighthouses guided ships for centuries. Keepers tended the lamps every night.';
const base: ScriptRequest = { text: shortSource, minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'debate', pace };
const settings = (baseUrl: string) => ({ baseUrl, apiKey: 'test-key', model: 'test-model' });
const turns = (count: number, seed: string) => Array.from({ length: count }, (_, n) => ({ speaker: n % 2 === 0 ? 'Host 1' : 'Host 2', text: fillerWords(20, `${seed}${n}w`) }));
const lastUser = (body: ChatRequestBody) => body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';

t.test('lines are handed out while the reply is still being written', async (t) => {
  const lines = turns(6, 'a');
  const server = await startFakeChatServer(t, () => ({ content: JSON.stringify({ title: 'Lighthouses', description: 'd', lines }) }), { tokensPerSecond: 400 });
  const handedOut: { line: ScriptLine; replyDone: boolean }[] = [];
  const script = await writeLlmScript(base, settings(server.baseUrl), {
    maxRetries: 0,
    onLines: (some) => {
      for (const line of some) handedOut.push({ line, replyDone: server.answered.has(0) });
    },
  });
  t.equal(server.requests[0]?.stream, true, 'the reply is asked for as a stream');
  t.same(handedOut.map((entry) => entry.line.text), lines.map((line) => line.text), 'every line, once, in order');
  t.notOk(handedOut[0]?.replyDone, 'the first line was handed out before the reply was sent whole');
  t.same(script.lines, handedOut.map((entry) => entry.line), 'the script is the lines handed out');
});

t.test('a long script\'s sections are handed out line by line, each opening with its title', async (t) => {
  const article = await readFixture('lighthouses.txt');
  const outline = { title: 'Lighthouses', description: 'd', sections: [{ title: 'The towers', keyPoints: ['stone'] }, { title: 'The keepers', keyPoints: ['lamps'] }] };
  const server = await startFakeChatServer(t, (body, index) => ({
    content: body.response_format?.json_schema?.name === 'episode_outline' ? JSON.stringify(outline) : JSON.stringify({ lines: turns(4, `s${index}x`), summary: 'said' }),
  }));
  const handedOut: ScriptLine[] = [];
  const script = await writeLlmScript({ ...base, text: article, minutes: 15 }, settings(server.baseUrl), { maxRetries: 0, onLines: (some) => void handedOut.push(...some) });
  t.equal(handedOut.length, 8);
  t.same(script.lines, handedOut);
  t.same(handedOut.filter((line) => line.section).map((line) => line.section), ['The towers', 'The keepers'], 'each section\'s first line carries its title');
});

t.test('lines handed out stay when a cut-off reply is repaired', async (t) => {
  const first = turns(3, 'f');
  const repaired = turns(5, 'r');
  const server = await startFakeChatServer(t, (_body, index) => (index === 0
    // Cut off at the length limit after three whole lines.
    ? { content: `${JSON.stringify({ title: 'Lighthouses', description: 'd', lines: first }).slice(0, -2)},{"speaker":"Host 2","te`, finishReason: 'length' }
    : { content: JSON.stringify({ title: 'Lighthouses', description: 'd', lines: repaired }) }));
  const handedOut: ScriptLine[] = [];
  const script = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0, onLines: (some) => void handedOut.push(...some) });
  t.equal(server.requests.length, 2, 'one repair');
  t.match(lastUser(server.requests[1] as ChatRequestBody), /first 3 line\(s\) have already been heard by listeners: keep them word for word/);
  t.same(script.lines.map((line) => line.text), [...first, ...repaired.slice(3)].map((line) => line.text), 'the three heard lines, then the repair\'s lines after them');
  t.same(handedOut, script.lines, 'each line handed out once');
});
