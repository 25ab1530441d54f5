// Engine choice in a real media worker: Kokoro (a Kokoro-shaped test model with
// real kokoro-js voices) installed in KOKORO_MODEL_DIR, a Chatterbox URL with
// nothing listening, and the built-in voice. A failing or absent engine hands the
// episode to the next one, and the episode records which engine voiced it and why.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { updateUserTier } from '@castwright/core/repositories/users';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';
import { freePort } from '#test-helpers/free-port';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-kokoro-'));
t.teardown(() => rm(modelDir, { recursive: true, force: true }));
await installKokoroShapedModel(modelDir);
const deadChatterbox = `http://127.0.0.1:${await freePort()}`;

const CONTENT = 'Lighthouses guided ships for centuries. Keepers trimmed the wicks every night. Today most lights run by themselves.';

async function createEpisode(api: TestApi, token: string, body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token, json: { preset: 'quick', content: CONTENT, hostMode: 'multi', ...body } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

async function voiceOf(api: TestApi, token: string, id: string) {
  const body = (await (await api.request(`/api/episodes/${id}`, { token })).json()) as { episode: { voice: Record<string, string | null> } };
  return body.episode.voice;
}

t.test('with Kokoro installed and Chatterbox down', async (t) => {
  const api = await startTestApi(t, {
    KOKORO_MODEL_DIR: modelDir,
    CHATTERBOX_URL: deadChatterbox,
    CHATTERBOX_RETRIES: '0',
    CHATTERBOX_TIMEOUT_MS: '2000',
  });
  await api.startWorkers('all');
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'creator');

  t.test('auto picks Kokoro, the best engine set up here, and calls nothing a fallback', async (t) => {
    const id = await createEpisode(api, user.accessToken, { ttsEngine: 'auto' });
    const episode = await waitForEpisode(api.database.db, id);
    t.equal(episode.status, 'ready', episode.error_message ?? '');
    t.same(await voiceOf(api, user.accessToken, id), {
      ttsEngine: 'auto',
      voiceStyle: 'professional',
      voicePair: 'expert-curious',
      engineUsed: 'kokoro',
      fallbackReason: null,
    });
  });

  t.test('chatterbox asked for but unreachable: Kokoro voices it and the reason is recorded', async (t) => {
    const id = await createEpisode(api, user.accessToken, { ttsEngine: 'chatterbox', voicePair: 'debate' });
    const episode = await waitForEpisode(api.database.db, id);
    t.equal(episode.status, 'ready', episode.error_message ?? '');
    const voice = await voiceOf(api, user.accessToken, id);
    t.equal(voice.engineUsed, 'kokoro');
    t.match(voice.fallbackReason, /^chatterbox: .*(unreachable|ECONNREFUSED|fetch failed)/i);
    const segments = await api.database.db.selectFrom('transcript_segments').select(['speaker']).where('episode_id', '=', id).execute();
    t.same([...new Set(segments.map((segment) => segment.speaker))].sort(), ['Host 1', 'Host 2'], 'both hosts voiced');
  });
});

t.test('kokoro asked for where it is not installed: the built-in voice, with the reason', async (t) => {
  const api = await startTestApi(t, { KOKORO_MODEL_DIR: path.join(modelDir, 'nowhere') });
  await api.startWorkers('all');
  const user = await registerUser(api);
  const id = await createEpisode(api, user.accessToken, { ttsEngine: 'kokoro', hostMode: 'single' });
  const episode = await waitForEpisode(api.database.db, id);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  const voice = await voiceOf(api, user.accessToken, id);
  t.equal(voice.engineUsed, 'offline');
  t.match(voice.fallbackReason, /^kokoro: not installed in /);
});
