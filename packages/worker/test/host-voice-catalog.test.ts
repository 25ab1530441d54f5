// Every voice the catalog lists, named for a host of an English and of a Japanese episode,
// through the real API and real workers (general and media roles; Kokoro as a
// Kokoro-shaped model with a voice of each language and gender, Chatterbox a loopback
// server): each episode is accepted and reaches ready, and a host whose own voice the
// engine that read it cannot use (a built-in voice of another language, a Chatterbox
// voice in Japanese) was given the closest voice of the episode's language, said in the
// episode view. Nothing fails in the script stage, and nothing is retried as if it were
// transient (the script stage used to cast hosts with no installed voices).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';
import { LANGUAGE_SOURCES } from '#test-helpers/language-sources';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(900_000);
const KOKORO_VOICES = ['af_heart', 'am_adam', 'bf_emma', 'bm_george', 'ef_dora', 'em_alex', 'ff_siwis', 'hf_alpha', 'hm_omega', 'if_sara', 'im_nicola', 'jf_alpha', 'jm_kumo', 'pf_dora', 'pm_alex', 'zf_xiaoxiao', 'zm_yunxi'];
const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-catalog-kokoro-'));
t.teardown(() => rm(modelDir, { recursive: true, force: true }));
await installKokoroShapedModel(modelDir, { voices: KOKORO_VOICES });
const chatterbox = await startFakeChatterbox(t, { voices: ['ada-voice', 'bram-voice'] });
const api = await startTestApi(t, { KOKORO_MODEL_DIR: modelDir, KOKORO_DEVICE: 'cpu', CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0' });
await api.startWorkers('all');
const user = await creator(api, 'enterprise');

interface CatalogVoice {
  id: string;
  engine: string;
  language: string;
  available: boolean;
}

const NAMES = ['Ada', 'Bram', 'Cleo', 'Dev'];
const base = (tag: string) => tag.toLowerCase().split('-')[0];

t.test('every catalog voice as a host of an English and a Japanese episode: accepted, ready, recast where it must be', async (t) => {
  const { voices } = (await json(await api.request('/api/voices', { token: user.accessToken }))) as { voices: CatalogVoice[] };
  const listed = voices.filter((voice) => voice.available);
  t.ok(listed.length >= 16 + KOKORO_VOICES.length, `the catalog lists ${listed.length} voices`);
  const engines = [...new Set(listed.map((voice) => voice.engine))];
  t.same(engines.sort(), ['chatterbox', 'kokoro', 'offline']);

  const made: { id: string; language: string; hosts: { name: string; voice: CatalogVoice }[] }[] = [];
  for (const language of ['en', 'ja'] as const) {
    const source = LANGUAGE_SOURCES.find((entry) => entry.language === language)?.text as string;
    for (const engine of engines) {
      const ofEngine = listed.filter((voice) => voice.engine === engine);
      // Four hosts an episode, all of one engine, until the engine's voices are used up.
      for (let at = 0; at < ofEngine.length; at += NAMES.length) {
        const group = ofEngine.slice(at, at + NAMES.length);
        const hosts = group.map((voice, index) => ({ name: NAMES[index] as string, voice }));
        const response = await api.request('/api/episodes', {
          method: 'POST',
          token: user.accessToken,
          json: { content: source, language, preset: 'quick', hosts: hosts.map((host) => ({ name: host.name, voice: host.voice.id })) },
        });
        const body = await json(response);
        t.equal(response.status, 202, `${language}: ${group.map((voice) => voice.id).join(', ')}: ${JSON.stringify(body).slice(0, 200)}`);
        if (response.status === 202) made.push({ id: body.episode.id, language, hosts });
      }
    }
  }
  t.ok(made.length >= 20, `${made.length} episodes`);

  for (const episode of made) {
    const row = await waitForEpisode(api.database.db, episode.id, ['ready', 'error'], 600_000);
    const voicesSaid = episode.hosts.map((host) => host.voice.id).join(', ');
    t.equal(row.status, 'ready', `${episode.language} with ${voicesSaid}: ${row.error_message ?? ''}`);
    const { voice } = (await json(await api.request(`/api/episodes/${episode.id}`, { token: user.accessToken }))).episode as { voice: { engineUsed: string; fallbackReason: string | null } };
    for (const host of episode.hosts) {
      // Kept: a voice of the engine that read the episode that speaks its language (a Kokoro
      // or Chatterbox voice reads any language its engine speaks, with its accent; the
      // built-in voice's voices are each one language's).
      const kept = host.voice.engine === voice.engineUsed && (host.voice.engine !== 'offline' || base(host.voice.language) === base(episode.language));
      const said = (voice.fallbackReason ?? '').includes(`${host.name} (${host.voice.id}) as ${voice.engineUsed}:`);
      t.equal(said, !kept, `${episode.language}: ${host.name} (${host.voice.id}) ${kept ? 'keeps its voice' : `is recast on ${voice.engineUsed}, and the episode says so`}`);
    }
  }
});
