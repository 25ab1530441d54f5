// The pipeline with an LLM configured: a loopback server speaking the real Chat
// Completions protocol stands in for the third-party endpoint.
import t from 'tap';
import { sql } from 'kysely';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { updateUserTier } from '@castwright/core/repositories/users';
import { registerUser, startTestApi } from '#test-helpers/test-api';
import { startFakeChatServer } from '#test-helpers/fake-chat-completions';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

let mode: 'good' | 'garbage' = 'good';
const llm = await startFakeChatServer(t, () =>
  mode === 'garbage'
    ? { content: '{"title": "Bees", "lines": [{"speaker": "Host 9"' }
    : {
        content: JSON.stringify({ title: 'Bees and their dance', description: 'How bees talk.', lines: [{ speaker: 'Host 1', text: 'Bees dance to share where the flowers are.' }, { speaker: 'Host 1', text: 'The angle points the way.' }] }),
        usage: { promptTokens: 1200, completionTokens: 300 },
      },
);
// Prices that make every part of the cost visible: $2 and $10 per million tokens, $3.60 an hour of rendering.
const api = await startTestApi(t, {
  OPENAI_BASE_URL: llm.baseUrl,
  OPENAI_API_KEY: 'test-key',
  OPENAI_MODEL: 'test-model',
  LLM_INPUT_PRICE_PER_MTOK: '2',
  LLM_OUTPUT_PRICE_PER_MTOK: '10',
  RENDER_PRICE_PER_HOUR: '3.6',
});
await api.startWorkers('all');
const user = await registerUser(api);
await updateUserTier(api.database.db, user.email, 'creator');

async function run(): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', content: 'Bees dance to tell each other where flowers are. The angle of the dance points to the food.' } });
  const id = ((await response.json()) as { episode: { id: string } }).episode.id;
  await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  return id;
}

t.test('with an LLM configured the script is the LLM\'s, recorded as such', async (t) => {
  const id = await run();
  const episode = await selectEpisodeById(api.database.db, id);
  t.equal(episode?.status, 'ready', episode?.error_message ?? '');
  t.equal(episode?.script_writer, 'llm');
  t.equal(episode?.title, 'Bees and their dance');
  t.equal(episode?.script_text, '[Host 1]: Bees dance to share where the flowers are.\n[Host 1]: The angle points the way.');
});

t.test('the episode costs its tokens and its render time at the configured prices, in usage and stats', async (t) => {
  const id = await run();
  const episode = await selectEpisodeById(api.database.db, id);
  t.match(episode, { status: 'ready', llm_input_tokens: 1200, llm_output_tokens: 300 });
  const renderMs = episode?.render_ms ?? 0;
  t.ok(renderMs > 0, `render took ${renderMs} ms`);
  // In millionths of a dollar: 1200 × 2 + 300 × 10 for the tokens, one per millisecond of rendering.
  const expected = (1200 * 2 + 300 * 10 + renderMs) / 1_000_000;
  t.equal(Number(episode?.cost_usd), expected, `$${expected}: 1200 × $2/M + 300 × $10/M + ${renderMs} ms × $3.60/h`);
  const usage = (await (await api.request('/api/user/usage?months=1', { token: user.accessToken })).json()) as { usage: { costTotal: number }[] };
  const stats = (await (await api.request('/api/user/stats', { token: user.accessToken })).json()) as { stats: { totalCost: number } };
  const ready = await api.database.db.selectFrom('episodes').select('cost_usd').where('user_id', '=', user.userId).where('status', '=', 'ready').execute();
  const sum = ready.reduce((total, row) => total + Number(row.cost_usd), 0);
  t.ok(Math.abs((usage.usage[0]?.costTotal ?? 0) - sum) < 1e-9, 'the month\'s costTotal sums its ready episodes');
  t.ok(Math.abs(stats.stats.totalCost - sum) < 1e-9, 'totalCost sums them too');
});

t.test('an LLM answering garbage every time fails the episode with a reason, at once', async (t) => {
  mode = 'garbage';
  const before = llm.requests.length;
  const id = await run();
  const episode = await selectEpisodeById(api.database.db, id);
  t.equal(episode?.status, 'error');
  t.match(episode?.error_message, /^The script writer returned an unusable script: /);
  t.equal(episode?.script_text, null, 'no empty script is stored');
  t.equal(llm.requests.length - before, 3, 'one try, one repair, one retry; no job retries');
  const retried = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE attempts > 1`.execute(api.database.db);
  t.equal(retried.rows[0]?.n, 0);
});

t.test('a model the LLM server does not have fails the stage at once, with the server\'s words and what to change', async (t) => {
  mode = 'good';
  llm.options = { style: 'ollama', models: ['llama3.1:8b'] }; // the operator's server no longer has test-model
  t.teardown(() => {
    llm.options = {};
  });
  const before = llm.requests.length;
  const id = await run();
  const episode = await selectEpisodeById(api.database.db, id);
  t.equal(episode?.status, 'error');
  t.equal(episode?.error_message, 'The script writer\'s LLM server refused the request (404): model "test-model" not found, try pulling it first. Check OPENAI_MODEL: it must name a model the server has, as the server names it (for Ollama, `ollama pull` it first)');
  t.equal(llm.requests.length - before, 1, 'one request: neither the SDK nor the job retries it');
  const retried = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE attempts > 1`.execute(api.database.db);
  t.equal(retried.rows[0]?.n, 0);
});
