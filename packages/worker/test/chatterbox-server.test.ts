// A real media worker with a Chatterbox server that behaves as chatterbox-tts-api does
// on its first start and in its multilingual model: the render waits for the model to
// load (the episode's progressNote and its progress stream say so) instead of falling back,
// and an episode in another language is voiced by the library voices of that language.
// The worker has four voicing slots; Chatterbox still gets one line at a time from it.
import t from 'tap';
import { updateUserTier } from '@castwright/core/repositories/users';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { sseMessages } from '#test-helpers/sse-client';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const LOADING = 'Loading TTS model (this may take a while)...';
const chatterbox = await startFakeChatterbox(t, { voices: ['narrator'], loading: LOADING });
const api = await startTestApi(t, { CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0', VOICING_SLOTS: '4' });
await api.startWorkers('all');
const user = await registerUser(api);
await updateUserTier(api.database.db, user.email, 'creator');

async function createEpisode(api: TestApi, body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', hostMode: 'multi', ttsEngine: 'chatterbox', ...body } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

async function detail(id: string): Promise<Record<string, unknown> & { progressNote: string | null; voice: Record<string, unknown> }> {
  return ((await (await api.request(`/api/episodes/${id}`, { token: user.accessToken })).json()) as { episode: never }).episode;
}

t.test('a server still loading its model is waited for, with the progress saying so, and then voices the episode', async (t) => {
  const id = await createEpisode(api, { content: 'Lighthouses guided ships for centuries. Keepers trimmed the wicks every night.' });
  const stream = await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken });
  const messages: Record<string, unknown>[] = [];
  const reading = (async () => {
    for await (const message of sseMessages(stream)) {
      messages.push(message);
      if (message.status === 'ready' || message.status === 'error') break;
    }
  })();

  const waiting = await until('the render to say it waits for the model', async () => {
    const episode = await detail(id);
    return episode.progressNote ? episode : undefined;
  }, 60_000);
  t.match(waiting, { status: 'generating_audio', progressNote: `Waiting for the Chatterbox server to load its model (${LOADING})` });
  t.equal(chatterbox.speechRequests().length, 0, 'no speech while the model loads');
  await until('the note on the progress stream', async () => (messages.some((message) => message.note === waiting.progressNote) ? true : undefined));

  chatterbox.loading = undefined;
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  await reading;
  const ready = await detail(id);
  t.match(ready, { progressNote: null, voice: { engineUsed: 'chatterbox', fallbackReason: null } }, 'voiced by Chatterbox: no fallback');
  const noted = messages.findIndex((message) => typeof message.note === 'string');
  t.ok(noted >= 0 && messages.slice(noted + 1).some((message) => message.note === null || (message.progressPercent as number) > (messages[noted]?.progressPercent as number)), 'the stream says when the wait is over');
  t.ok(chatterbox.speechRequests().length > 1, 'several lines spoken');
  t.same(chatterbox.speechRequests().map((request) => request.generatingOnArrival), chatterbox.speechRequests().map(() => 0), 'one line in flight at a time, whatever VOICING_SLOTS says');
});

t.test('a French episode is voiced by the French voices of the library, each speaking French', async (t) => {
  chatterbox.library.add('conteuse', 'fr');
  chatterbox.library.add('lecteur', 'fr');
  const before = chatterbox.speechRequests().length;
  const id = await createEpisode(api, { language: 'fr', content: 'Les phares ont guidé les navires pendant des siècles. Les gardiens veillaient sur la lampe chaque nuit.' });
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.match((await detail(id)).voice, { engineUsed: 'chatterbox', fallbackReason: null }, 'Chatterbox speaks French now, not English only');
  const spoken = chatterbox.speechRequests().slice(before);
  t.ok(spoken.length > 0);
  t.same([...new Set(spoken.map((request) => request.resolved?.voice))].sort(), ['conteuse', 'lecteur'], 'both hosts, each a French library voice');
  t.ok(spoken.every((request) => request.resolved?.language === 'fr'));
  // The worker publishes what it learnt with its next heartbeat.
  await until('the catalog to list them as French', async () => {
    const catalog = (await (await api.request('/api/voices?language=fr', { token: user.accessToken })).json()) as { voices: { id: string }[] };
    return ['chatterbox:conteuse', 'chatterbox:lecteur'].every((voice) => catalog.voices.some((entry) => entry.id === voice)) ? true : undefined;
  });
  t.pass('the catalog lists them as French');
});
