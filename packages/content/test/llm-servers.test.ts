// The LLM writer against stand-ins that behave as real OpenAI-compatible servers do
// (test/helpers/fake-chat-completions.ts, fake-chat-server-errors.ts): servers that refuse
// a `response_format` (Groq, LiteLLM, OpenRouter with require_parameters), ones that ignore
// the schema and answer in prose, thinking left in the content or kept apart, refusals,
// replies cut off at the output limit, Groq's failed_generation, and the errors no retry
// fixes (a model the server lacks, a bad key, a context too small) or that may pass.
import t from 'tap';
import { writeLlmScript, UnusableScriptError, type LlmSettings } from '@castwright/content/script/llm-script-writer';
import { LlmRequestError } from '@castwright/content/script/llm-failure';
import { outputLimitField } from '@castwright/content/script/llm-chat';
import type { ScriptPace, ScriptRequest } from '@castwright/content/script/script-writer';
import { PermanentError, TransientError } from '@castwright/core/errors';
import { fillerWords, startFakeChatServer, type ChatRequestBody } from '#test-helpers/fake-chat-completions';

const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const base: ScriptRequest = { text: 'Lighthouses guided ships for centuries. Keepers tended the lamps every night.', minutes: 3, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'debate', pace };
const script = {
  title: 'Lighthouses',
  description: 'Why lights on the coast mattered.',
  lines: [
    { speaker: 'Host 1', text: 'Welcome back. Today: lighthouses.' },
    { speaker: 'Host 2', text: 'Do they still matter?' },
  ],
};
const good = JSON.stringify(script);
const settings = (baseUrl: string, more: Partial<LlmSettings> = {}): LlmSettings => ({ baseUrl, apiKey: 'test-key', model: 'test-model', ...more });
const formats = (requests: ChatRequestBody[]) => requests.map((body) => (body.response_format ? `${body.response_format.type}${body.response_format.json_schema?.strict ? ':strict' : ''}` : 'none'));
const lastUser = (body: ChatRequestBody) => body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';

t.test('Groq refuses json_schema on most models: one step down at a time, and the step that worked is remembered', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: good }), { refuses: ['groq-json-schema'] });
  const first = await writeLlmScript(base, settings(server.baseUrl, { model: 'llama-3.3-70b-versatile' }), { maxRetries: 0 });
  t.equal(first.title, 'Lighthouses');
  t.same(formats(server.requests), ['json_schema:strict', 'json_schema', 'json_object']);
  t.equal(server.refused.length, 2);
  t.match(lastUser(server.requests[2] as ChatRequestBody), /Reply with one JSON object of this shape .*\n\{"title": "…", "description": "…", "lines": \[\{"speaker": "Host 1" \| "Host 2", "text": "…", "section": "…" \| null, "refs": \["…", …\] \| null\}, …\]\}/, 'the prompt shows the shape (refs included)');
  await writeLlmScript(base, settings(server.baseUrl, { model: 'llama-3.3-70b-versatile' }), { maxRetries: 0 });
  t.same(formats(server.requests.slice(3)), ['json_object'], 'the next script starts where the last one ended up');
  await writeLlmScript(base, settings(server.baseUrl, { model: 'openai/gpt-oss-20b' }), { maxRetries: 0 });
  t.same(formats(server.requests.slice(4)).slice(0, 1), ['json_schema:strict'], 'remembered per model');
});

t.test('a LiteLLM backend that takes no response_format, and a model that answers in prose around the JSON', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: `Sure! Here is the script you asked for:\n\n\`\`\`json\n${good}\n\`\`\`\n\nLet me know if you want changes {or a longer one}.` }), { refuses: ['litellm-response-format'] });
  const written = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.same(formats(server.requests), ['json_schema:strict', 'json_schema', 'json_object', 'none']);
  t.same(written.lines.map((line) => line.text), ['Welcome back. Today: lighthouses.', 'Do they still matter?'], 'the first balanced JSON object is the reply');
});

t.test('a strict schema the server cannot take steps down to the same schema without strict; LM Studio\'s string error for json_object is read too', async (t) => {
  const strict = await startFakeChatServer(t, () => ({ content: good }), { refuses: ['openai-strict-schema'] });
  await writeLlmScript(base, settings(strict.baseUrl), { maxRetries: 0 });
  t.same(formats(strict.requests), ['json_schema:strict', 'json_schema']);
  t.same(strict.requests[1]?.response_format?.json_schema?.schema, strict.requests[0]?.response_format?.json_schema?.schema, 'the same schema, only not strict');
  const neither = await startFakeChatServer(t, () => ({ content: good }), { refuses: ['groq-json-schema', 'lmstudio-json-object'] });
  await writeLlmScript(base, settings(neither.baseUrl), { maxRetries: 0 });
  t.same(formats(neither.requests), ['json_schema:strict', 'json_schema', 'json_object', 'none'], "'response_format.type' must be 'json_schema' or 'text' is a refusal of the format");
});

t.test('OpenRouter with provider.require_parameters: extra body fields go out, and a 404 for the parameters steps down', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: good }), { refuses: ['openrouter-require-parameters'] });
  await writeLlmScript(base, settings(server.baseUrl, { extraBody: { provider: { require_parameters: true } }, temperature: 0.4, maxOutputTokens: 4000 }), { maxRetries: 0 });
  t.same(formats(server.requests), ['json_schema:strict', 'json_schema', 'json_object', 'none'], 'no provider took a response_format; the prompt carries the shape');
  t.match(server.requests.at(-1), { provider: { require_parameters: true }, temperature: 0.4, max_tokens: 4000 }, '`max_tokens` for a server that is not OpenAI');
  t.notOk('max_completion_tokens' in (server.requests.at(-1) as object));
});

t.test('the output-token limit is max_completion_tokens for OpenAI itself (no base URL, or its own), max_tokens for every other server', async (t) => {
  // OpenAI's own API cannot be reached from a test: the choice is checked as the request body takes it.
  t.same(outputLimitField(undefined, 4000), { max_completion_tokens: 4000 }, 'no base URL: OpenAI');
  t.same(outputLimitField('https://api.openai.com/v1', 4000), { max_completion_tokens: 4000 });
  t.same(outputLimitField('https://openrouter.ai/api/v1', 4000), { max_tokens: 4000 });
  t.same(outputLimitField('http://localhost:11434/v1', 4000), { max_tokens: 4000 }, 'Ollama');
  t.same(outputLimitField('https://api.openai.com.example.net/v1', 4000), { max_tokens: 4000 }, 'a look-alike host is not OpenAI');
  t.equal(outputLimitField(undefined, undefined), undefined, 'no limit set: no field');
});

t.test('thinking left in the content as <think>…</think> is not taken for the answer', async (t) => {
  const server = await startFakeChatServer(t, () => ({ reasoning: 'The user wants JSON like {"title": "x"}. Let me plan the two hosts.', content: good }), { reasoningField: 'think-tags' });
  const written = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(written.title, 'Lighthouses', 'the object in the thinking is not the reply');
  t.equal(server.requests.length, 1);
});

t.test('a refusal is read and reported', async (t) => {
  const server = await startFakeChatServer(t, () => ({ refusal: "I'm sorry, I can't help with that." }));
  const failure = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 }).catch((error: unknown) => error);
  t.ok(failure instanceof UnusableScriptError);
  t.match((failure as Error).message, /the model refused: I'm sorry, I can't help with that\./);
});

t.test('a reply cut off at the output limit is asked for again, shorter, without sending it back', async (t) => {
  const long = JSON.stringify({ ...script, lines: Array.from({ length: 30 }, (_, n) => ({ speaker: n % 2 ? 'Host 2' : 'Host 1', text: fillerWords(40, `w${n}x`) })) });
  const server = await startFakeChatServer(t, (body) => ({ content: /cut off at the output limit/.test(lastUser(body)) ? good : long }));
  const written = await writeLlmScript(base, settings(server.baseUrl, { maxOutputTokens: 600 }), { maxRetries: 0 });
  t.equal(written.lines.length, 2);
  t.equal(server.requests.length, 2);
  t.equal(server.requests[0]?.max_tokens, 600, 'the limit is sent');
  const retry = server.requests[1] as ChatRequestBody;
  t.notOk(retry.messages.some((message) => message.role === 'assistant'), 'the cut-off reply is not sent back');
  t.match(lastUser(retry), /cut off at the output limit after about \d+ words.*about \d+ words in all: fewer and shorter lines/);
  t.ok(JSON.stringify(retry).length < JSON.stringify(server.requests[0]).length + 500, 'the retry is no bigger than the first request and a sentence');
});

t.test('reasoning kept apart that leaves no answer is reported', async (t) => {
  const server = await startFakeChatServer(t, () => ({ reasoning: 'Let me think about lighthouses. '.repeat(20), content: '' }), { reasoningField: 'reasoning_content' });
  const failure = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 }).catch((error: unknown) => error);
  t.match((failure as Error).message, /the reply was empty: the model wrote \d+ characters of reasoning and no answer \(give it room with LLM_MAX_OUTPUT_TOKENS, or turn its thinking off\)/);
});

t.test("Groq's failed_generation goes through the repair round like any bad reply", async (t) => {
  const bad = JSON.stringify({ title: 'Lighthouses', description: 'd', lines: [{ speaker: 'Host 9', text: 'Hi.' }] });
  const server = await startFakeChatServer(t, (_body, index) => (index === 0 ? { failedGeneration: bad } : { content: good }));
  const written = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 });
  t.equal(written.title, 'Lighthouses');
  const repair = server.requests[1] as ChatRequestBody;
  t.match(repair.messages.at(-2), { role: 'assistant', content: bad }, 'the failed generation is sent back');
  t.match(lastUser(repair), /That reply was not usable: the server's own check rejected it \(Failed to generate JSON.*\); lines\.0\.speaker must be equal to one of the allowed values/);
});

t.test('a model the server does not have fails at once with its message and what to change', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: good }), { style: 'ollama', models: ['llama3.1:8b'] });
  const failure = await writeLlmScript(base, settings(server.baseUrl, { model: 'gpt-4o-mini' }), { maxRetries: 2 }).catch((error: unknown) => error);
  t.ok(failure instanceof LlmRequestError && failure instanceof PermanentError);
  t.equal((failure as Error).message, 'The script writer\'s LLM server refused the request (404): model "gpt-4o-mini" not found, try pulling it first. Check OPENAI_MODEL: it must name a model the server has, as the server names it (for Ollama, `ollama pull` it first)');
  t.equal(server.requests.length, 1, 'not retried, not stepped down');
});

t.test('a context the request does not fit fails at once, naming LLM_CONTEXT_TOKENS', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: good }), { style: 'llamacpp', contextTokens: 300 });
  const failure = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 2 }).catch((error: unknown) => error);
  t.ok(failure instanceof LlmRequestError);
  t.match((failure as LlmRequestError).failure, { kind: 'context_exceeded', permanent: true, status: 400 });
  t.match((failure as Error).message, /request \(\d+ tokens\) exceeds the available context size \(300 tokens\), try increasing it\. Set LLM_CONTEXT_TOKENS/);
  t.equal(server.requests.length, 1);
});

t.test('a bad key is permanent; a server error may pass', async (t) => {
  const server = await startFakeChatServer(t, () => ({ content: good }), { apiKey: 'the-right-key' });
  const failure = await writeLlmScript(base, settings(server.baseUrl), { maxRetries: 0 }).catch((error: unknown) => error);
  t.match(failure, { failure: { kind: 'bad_key', permanent: true, status: 401 } });
  t.match((failure as Error).message, /Incorrect API key provided.*Check OPENAI_API_KEY/);
  const unreachable = await writeLlmScript(base, settings('http://127.0.0.1:1/v1'), { maxRetries: 0 }).catch((error: unknown) => error);
  t.ok(unreachable instanceof TransientError && !(unreachable instanceof PermanentError));
  t.match((unreachable as TransientError).reason, /could not be reached/);
});
