// The pipeline with an LLM configured: a loopback server speaking the real Chat
// Completions protocol stands in for the third-party endpoint.
import t from 'tap';
import { sql } from 'kysely';
import { findEpisode } from '@castwright/core/repositories/episodes';
import { setUserTier } from '@castwright/core/repositories/users';
import { registerUser, startTestApi } from '../../../test/helpers/test-api.ts';
import { startFakeChatServer } from '../../../test/helpers/fake-chat-completions.ts';

let mode: 'good' | 'garbage' = 'good';
const llm = await startFakeChatServer(t, () =>
  mode === 'garbage'
    ? { content: '{"title": "Bees", "lines": [{"speaker": "Host 9"' }
    : { content: JSON.stringify({ title: 'Bees and their dance', description: 'How bees talk.', lines: [{ speaker: 'Host 1', text: 'Bees dance to share where the flowers are.' }, { speaker: 'Host 1', text: 'The angle points the way.' }] }) },
);
const api = await startTestApi(t, { OPENAI_BASE_URL: llm.baseUrl, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'test-model' });
await api.startWorkers('all');
const user = await registerUser(api);
await setUserTier(api.database.db, user.email, 'creator');

async function run(): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', content: 'Bees dance to tell each other where flowers are. The angle of the dance points to the food.' } });
  const id = ((await response.json()) as { episode: { id: string } }).episode.id;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const episode = await findEpisode(api.database.db, id);
    if (episode?.status === 'ready' || episode?.status === 'error') return id;
  }
  throw new Error('episode did not finish');
}

t.test('with an LLM configured the script is the LLM\'s, recorded as such', async (t) => {
  const id = await run();
  const episode = await findEpisode(api.database.db, id);
  t.equal(episode?.status, 'ready', episode?.error_message ?? '');
  t.equal(episode?.script_writer, 'llm');
  t.equal(episode?.title, 'Bees and their dance');
  t.equal(episode?.script_text, '[Host 1]: Bees dance to share where the flowers are.\n[Host 1]: The angle points the way.');
});

t.test('an LLM answering garbage every time fails the episode with a reason, at once', async (t) => {
  mode = 'garbage';
  const before = llm.requests.length;
  const id = await run();
  const episode = await findEpisode(api.database.db, id);
  t.equal(episode?.status, 'error');
  t.match(episode?.error_message, /^The script writer returned an unusable script: /);
  t.equal(episode?.script_text, null, 'no empty script is stored');
  t.equal(llm.requests.length - before, 3, 'one try, one repair, one retry; no job retries');
  const retried = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE attempts > 1`.execute(api.database.db);
  t.equal(retried.rows[0]?.n, 0);
});
