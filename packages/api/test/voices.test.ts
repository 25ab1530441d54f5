// The voice catalog, samples and custom voices through the real API, with a real media
// worker process beside it (the built-in voices, a Kokoro-shaped model with kokoro-js's
// voice files, and a loopback Chatterbox server with one library voice): what the worker
// publishes is what the api lists, a voice is available while the worker lives, a
// sample is made once however many ask, and custom voices are checked, registered with
// Chatterbox, private to their owner, bounded, and removed again.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { FormData } from 'undici';
import { countCustomVoices, insertCustomVoice } from '@castwright/core/repositories/voices';
import { newCustomVoiceId } from '@castwright/core/voices/voice-ids';
import { SAMPLE_SENTENCE } from '@castwright/media/voice-sample';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { hugeUpload } from '#test-helpers/huge-upload';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';
import { startRoleProcess } from '#test-helpers/role-process';
import { until } from '#test-helpers/until';
import { creator, json, registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { deflatedZeros, zipArchive } from '#test-helpers/test-documents';
import { voiceClip } from '#test-helpers/voice-clips';

const MB = 1024 * 1024;
const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '1500' };
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-voices-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const modelDir = path.join(scratch, 'kokoro');
await installKokoroShapedModel(modelDir, { voices: ['af_heart', 'am_adam', 'bf_emma', 'bm_george'] });
const chatterbox = await startFakeChatterbox(t, { voices: ['narrator'] });
const api = await startTestApi(t, LIVENESS);
const worker = startRoleProcess(t, ['worker', '--role', 'media'], {
  DATABASE_URL: api.database.url,
  DATA_DIR: api.config.dataDir,
  KOKORO_MODEL_DIR: modelDir,
  KOKORO_DEVICE: 'cpu',
  CHATTERBOX_URL: chatterbox.url,
  ...LIVENESS,
});
await worker.waitForLog((line) => line.msg === 'media worker started');
// Enterprise: the polling below stays inside its hourly request limit.
const owner = await creator(api, 'enterprise');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function catalog(token: string, query = ''): Promise<Record<string, any>[]> {
  const response = await api.request(`/api/voices${query}`, { token });
  if (response.status !== 200) throw new Error(`GET /api/voices${query}: ${response.status} ${await response.text()}`);
  return (await json(response)).voices;
}

function addVoice(target: TestApi, token: string, file: { bytes: Buffer | Uint8Array; name: string } | null, fields: Record<string, string> = { name: 'My voice', consent: 'true' }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  return target.request('/api/voices', { method: 'POST', token, body: form });
}

async function storedVoiceFiles(): Promise<string[]> {
  return (await readdir(path.join(api.config.dataDir, 'storage', 'voices'), { recursive: true }).catch(() => [])).filter((name) => /\.(wav|mp3)$/.test(name));
}

const ENGLISH_BUILT_IN = ['chatterbox:default', 'chatterbox:narrator', 'kokoro:af_heart', 'kokoro:am_adam', 'kokoro:bf_emma', 'kokoro:bm_george', 'offline:rms', 'offline:slt'];
/** The built-in voice speaks the other languages with eSpeak NG, a male and a female voice each. */
const ESPEAK = ['es', 'fr', 'it', 'pt-br', 'hi', 'ja', 'zh'].flatMap((language) => [`offline:${language}-female`, `offline:${language}-male`]);
const BUILT_IN = [...ENGLISH_BUILT_IN, ...ESPEAK].sort();

t.test('the catalog is what the media worker published, every voice available while it lives', async (t) => {
  const voices = await catalog(owner.accessToken);
  t.same(voices.map((voice) => voice.id).sort(), BUILT_IN);
  t.ok(voices.every((voice) => voice.available && voice.unavailableReason === null && voice.status === 'ready' && !voice.custom));
  t.match(voices.find((voice) => voice.id === 'kokoro:bf_emma'), {
    engine: 'kokoro', name: 'Emma', language: 'en-GB', gender: 'female', description: /British English, female/, sampleUrl: '/api/voices/kokoro%3Abf_emma/sample',
  });
  t.match(voices.find((voice) => voice.id === 'offline:rms'), { engine: 'offline', language: 'en-US', gender: 'male' });
  t.same((await catalog(owner.accessToken, '?engine=kokoro')).map((voice) => voice.id).sort(), BUILT_IN.filter((id) => id.startsWith('kokoro:')));
  t.same((await catalog(owner.accessToken, '?language=en-gb')).map((voice) => voice.id).sort(), ['kokoro:bf_emma', 'kokoro:bm_george'], 'a tag, case-insensitively');
  t.same((await catalog(owner.accessToken, '?language=en')).map((voice) => voice.id).sort(), ENGLISH_BUILT_IN, 'a primary subtag matches its regions');
  t.same((await catalog(owner.accessToken, '?language=fr')).map((voice) => voice.id).sort(), ['offline:fr-female', 'offline:fr-male'], 'every language has built-in voices');
  t.match(voices.find((voice) => voice.id === 'offline:pt-br-female'), { engine: 'offline', language: 'pt-BR', gender: 'female', description: /eSpeak NG.*Portuguese \(Brazilian\).*robotic/ });
  t.same((await catalog(owner.accessToken, '?language=PT')).map((voice) => voice.id).sort(), ['offline:pt-br-female', 'offline:pt-br-male']);
  t.equal((await api.request('/api/voices?engine=espeak', { token: owner.accessToken })).status, 400);
  t.equal((await api.request('/api/voices')).status, 401);
});

t.test('a sample is made once, however many ask at once, and then served with validators', async (t) => {
  const path = '/api/voices/chatterbox%3Anarrator/sample';
  const first = await Promise.all(Array.from({ length: 6 }, () => api.request(path, { token: owner.accessToken })));
  for (const response of first) {
    t.equal(response.status, 202);
    t.equal(response.headers.get('retry-after'), '2');
    t.match(await json(response), { success: true, retryAfter: 2 });
  }
  const audio = await until('the sample', async () => {
    const response = await api.request(path, { token: owner.accessToken });
    if (response.status === 202) return undefined;
    return response;
  });
  t.equal(audio.status, 200);
  t.equal(audio.headers.get('content-type'), 'audio/mpeg');
  t.equal(audio.headers.get('cache-control'), 'private, max-age=86400');
  const bytes = Buffer.from(await audio.arrayBuffer());
  t.ok(bytes.subarray(0, 3).toString('latin1') === 'ID3' || bytes[0] === 0xff, 'an MP3');
  t.ok(bytes.length > 1_000, `${bytes.length} bytes of audio`);
  const again = await api.request(path, { token: owner.accessToken, headers: { 'if-none-match': audio.headers.get('etag') ?? '' } });
  t.equal(again.status, 304);
  t.equal((await api.request(path, { token: owner.accessToken })).status, 200);
  const voiced = chatterbox.speechRequests().filter((request) => (request.body as { input?: string }).input === SAMPLE_SENTENCE);
  t.equal(voiced.length, 1, 'the engine voiced the sample sentence once');
  t.match(voiced[0]?.body, { voice: 'narrator' }, 'in that voice');

  const kokoro = await until('a Kokoro sample', async () => {
    const response = await api.request('/api/voices/kokoro%3Abf_emma/sample', { token: owner.accessToken });
    return response.status === 200 ? response : undefined;
  });
  t.equal(kokoro.headers.get('content-type'), 'audio/mpeg');
  t.equal((await api.request('/api/voices/kokoro%3Anobody/sample', { token: owner.accessToken })).status, 404);
});

t.test('custom voices: checked, registered with Chatterbox, private, bounded and deleted', async (t) => {
  const free = await registerUser(api);
  const good = await voiceClip(scratch, { seconds: 8 });
  const refusedFree = await addVoice(api, free.accessToken, { bytes: good, name: 'me.wav' });
  t.equal(refusedFree.status, 403, 'creator tier and up');

  const created = await addVoice(api, owner.accessToken, { bytes: good, name: 'me.wav' }, { name: 'Studio me', consent: 'true', gender: 'female', description: 'My own voice' });
  t.equal(created.status, 201);
  const { voice } = await json(created);
  t.match(voice, { id: /^voice_/, engine: 'chatterbox', name: 'Studio me', language: 'en', gender: 'female', custom: true, status: 'processing', available: false });
  const ready = await until('the voice registered', async () => (await catalog(owner.accessToken)).find((entry) => entry.id === voice.id && entry.status === 'ready'));
  t.match(ready, { available: true, unavailableReason: null });
  const upload = chatterbox.uploads.get(voice.id);
  t.equal(upload?.filename, `${voice.id}.wav`, 'in the Chatterbox library under its id');
  t.equal(Buffer.from(upload?.bytes ?? []).subarray(0, 4).toString('latin1'), 'RIFF', 'as the checked mono WAV');

  t.test('hostile and bad clips are a 400 (413 past the size bound) and nothing is kept', async (t) => {
    const before = await storedVoiceFiles();
    const cases: [string, Promise<{ bytes: Buffer | Uint8Array; name: string }>, number, RegExp][] = [
      ['not audio', Promise.resolve({ bytes: Buffer.from('just some text, not a recording at all'), name: 'voice.wav' }), 400, /not a WAV, MP3 or FLAC/],
      ['60 seconds', voiceClip(scratch, { seconds: 60 }).then((bytes) => ({ bytes, name: 'long.wav' })), 400, /60\.0 s long; a voice needs 5 to 30 s/],
      ['2 seconds', voiceClip(scratch, { seconds: 2, format: 'mp3' }).then((bytes) => ({ bytes, name: 'short.mp3' })), 400, /s long; a voice needs 5 to 30 s/],
      ['silence', voiceClip(scratch, { seconds: 8, kind: 'silence', format: 'flac' }).then((bytes) => ({ bytes, name: 'quiet.flac' })), 400, /silent/],
      ['clipped', voiceClip(scratch, { seconds: 8, kind: 'clipped' }).then((bytes) => ({ bytes, name: 'loud.wav' })), 400, /clipped/],
      ['8 kHz', voiceClip(scratch, { seconds: 8, sampleRate: 8000 }).then((bytes) => ({ bytes, name: 'phone.wav' })), 400, /8000 Hz; at least 16000 Hz/],
      ['a zip bomb renamed .wav', deflatedZeros('clip.wav', 200 * MB).then((entry) => ({ bytes: zipArchive([entry]), name: 'bomb.wav' })), 400, /not a WAV, MP3 or FLAC/],
    ];
    for (const [what, file, status, message] of cases) {
      const response = await addVoice(api, owner.accessToken, await file);
      t.equal(response.status, status, what);
      t.match(await json(response), { success: false, error: 'Validation failed', message }, what);
    }
    const noConsent = await addVoice(api, owner.accessToken, { bytes: good, name: 'me.wav' }, { name: 'Nope' });
    t.match(await json(noConsent), { success: false, message: /consent must be "true"/ });

    // 200 MB, streamed without a length: refused at the bound, never buffered.
    const huge = hugeUpload('file', 'huge.wav', 200 * MB);
    const tooLarge = await api.request('/api/voices', { method: 'POST', token: owner.accessToken, body: huge.body, duplex: 'half', headers: huge.headers });
    t.equal(tooLarge.status, 413);
    t.match(await json(tooLarge), { success: false, error: 'Payload too large', message: /larger than 10 MB/ });
    t.ok(huge.sent() < 100 * MB, `answered after ${Math.round(huge.sent() / MB)} MB of 200`);

    t.equal(await countCustomVoices(api.database.db, owner.userId), 1, 'only the good voice');
    t.same(await storedVoiceFiles(), before, 'no clip stored for a refused one');
  });

  t.test("another account's voice is a 404 everywhere", async (t) => {
    const other = await creator(api);
    t.notOk((await catalog(other.accessToken)).some((entry) => entry.id === voice.id), 'not in their catalog');
    t.equal((await api.request(`/api/voices/${voice.id}/sample`, { token: other.accessToken })).status, 404);
    t.equal((await api.request(`/api/voices/${voice.id}`, { method: 'DELETE', token: other.accessToken })).status, 404);
    const episode = await api.request('/api/episodes', { method: 'POST', token: other.accessToken, json: { content: 'Bees dance.', hosts: [{ name: 'Thief', voice: voice.id }] } });
    t.equal(episode.status, 400);
    t.match(await json(episode), { message: new RegExp(`unknown voice "${voice.id}"; GET /api/voices lists`) });
    const mine = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: 'Bees dance.', preset: 'quick', hosts: [{ name: 'Me', voice: voice.id }] } });
    t.equal(mine.status, 202, 'the owner may give it to a host');
    t.equal((await api.request('/api/voices/offline%3Aslt', { method: 'DELETE', token: owner.accessToken })).status, 403, 'built-in voices are not deletable');
  });

  t.test('at most 10 custom voices an account', async (t) => {
    const busy = await creator(api);
    await api.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 10; n++) {
        await insertCustomVoice(trx, { id: newCustomVoiceId(), ownerId: busy.userId, name: `v${n}`, language: 'en', gender: 'unknown', description: '', clipKey: `voices/x/clip-${n}.wav` });
      }
    });
    const response = await addVoice(api, busy.accessToken, { bytes: good, name: 'me.wav' });
    t.equal(response.status, 409);
    t.match(await json(response), { error: 'Limit reached', message: /at most 10 custom voices/ });
  });

  t.test('deleting removes it from the catalog, storage and the Chatterbox library', async (t) => {
    const sample = await until('its sample', async () => {
      const response = await api.request(`/api/voices/${voice.id}/sample`, { token: owner.accessToken });
      return response.status === 200 ? response : undefined;
    });
    t.equal(sample.headers.get('cache-control'), 'private, no-cache');
    const filesBefore = await storedVoiceFiles();
    t.equal(filesBefore.filter((name) => /clip\.wav$|sample-.*\.mp3$/.test(name)).length >= 2, true, 'clip and sample stored');
    const deleted = await api.request(`/api/voices/${voice.id}`, { method: 'DELETE', token: owner.accessToken });
    t.match(await json(deleted), { success: true, message: 'Voice deleted' });
    t.notOk((await catalog(owner.accessToken)).some((entry) => entry.id === voice.id));
    await until('the library entry removed', async () => (chatterbox.library.names().includes(voice.id) ? undefined : true));
    await until('the stored files removed', async () => ((await storedVoiceFiles()).length < filesBefore.length - 1 ? true : undefined));
    t.equal((await api.request(`/api/voices/${voice.id}`, { method: 'DELETE', token: owner.accessToken })).status, 404, 'a second delete finds nothing');
  });
});

t.test('a voice no live worker can speak is listed as unavailable, and refused', async (t) => {
  worker.signal('SIGKILL');
  await worker.exited;
  const voices = await until('every voice unavailable', async () => {
    const listed = await catalog(owner.accessToken);
    return listed.every((voice) => !voice.available) ? listed : undefined;
  });
  t.same(voices.map((voice) => voice.id).sort(), BUILT_IN, 'still listed');
  t.match(voices[0], { unavailableReason: /No live media worker/ });
  const refused = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: 'Bees dance.', hosts: [{ name: 'Ada', voice: 'kokoro:af_heart' }] } });
  t.equal(refused.status, 400);
  t.match(await json(refused), { message: /"kokoro:af_heart" is not available now \(No live media worker can speak this voice now\); GET \/api\/voices lists/ });
  const sample = await api.request('/api/voices/offline%3Arms/sample', { token: owner.accessToken });
  t.equal(sample.status, 409);
});

t.test('without Chatterbox a custom voice is kept, unavailable, with the reason', async (t) => {
  const alone = await startTestApi(t);
  await alone.startWorkers('media');
  const user = await creator(alone);
  const created = await addVoice(alone, user.accessToken, { bytes: await voiceClip(scratch, { seconds: 6, format: 'flac', sampleRate: 44_100 }), name: 'me.flac' });
  t.equal(created.status, 201);
  const { voice } = await json(created);
  const waiting = await until('the voice waiting', async () => {
    const response = await alone.request('/api/voices', { token: user.accessToken });
    return ((await json(response)).voices as { id: string; status: string }[]).find((entry) => entry.id === voice.id && entry.status === 'waiting');
  });
  t.match(waiting, { available: false, unavailableReason: /No media worker has a Chatterbox server \(CHATTERBOX_URL\)/ });
});
