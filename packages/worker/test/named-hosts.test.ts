// Named hosts end to end through the real API and real workers (general and media roles),
// with Chatterbox as a loopback server speaking its real protocol and Kokoro as a
// Kokoro-shaped model: a four-host episode has four speakers in its script and
// transcript, each host is named by another, and every line reaches the engine with its
// own host's voice; uploads take hosts too; blends and bad hosts are checked at
// creation; a failing engine hands the hosts to the next one, recast by gender; script
// edits take only the episode's own hosts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { FormData } from 'undici';
import { parseScript } from '@castwright/content/script/script-format';
import { segmentText } from '@castwright/media/segment-key';
import { castEpisode } from '@castwright/worker/render/engine-fallback';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { parseWebVtt } from '#test-helpers/webvtt';

const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-hosts-kokoro-'));
t.teardown(() => rm(modelDir, { recursive: true, force: true }));
await installKokoroShapedModel(modelDir, { voices: ['af_heart', 'am_adam', 'bf_emma', 'bm_george'] });
const chatterbox = await startFakeChatterbox(t, { voices: ['ada-voice', 'bram-voice', 'cleo-voice', 'dev-voice'] });
const api = await startTestApi(t, { KOKORO_MODEL_DIR: modelDir, KOKORO_DEVICE: 'cpu', CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0' });
await api.startWorkers('all');
const user = await creator(api, 'enterprise');

const CONTENT = [
  '# Night trains',
  'Twenty years ago the sleeper train looked like a relic. New night trains now run between Vienna and Paris, Brussels and Berlin, and Stockholm and Hamburg.',
  'Travellers have become more aware of the climate cost of flying. A night train produces a small fraction of the emissions of a short flight.',
  '# What comes next',
  'Railways are building booking systems that sell a whole international journey in one place. Engineers are designing carriages with two levels of beds.',
  'Many observers think the night train will win a large share of trips between cities five hundred to fifteen hundred kilometres apart.',
].join('\n\n');

const HOSTS = [
  { name: 'Ada', voice: 'chatterbox:ada-voice', role: 'host' },
  { name: 'Bram', voice: 'chatterbox:bram-voice', role: 'expert' },
  { name: 'Cleo', voice: 'chatterbox:cleo-voice', role: 'guest' },
  { name: 'Dev', voice: 'chatterbox:dev-voice', role: 'skeptic' },
];

async function create(body: Record<string, unknown>) {
  return api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { preset: 'quick', content: CONTENT, ...body } });
}

async function createdId(body: Record<string, unknown>): Promise<string> {
  const response = await create(body);
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id as string;
}

t.test('four hosts: four speakers, each named by another, each line voiced with its host\'s voice', async (t) => {
  const id = await createdId({ hosts: HOSTS });
  const row = await waitForEpisode(api.database.db, id);
  t.equal(row.status, 'ready', row.error_message ?? '');
  const { episode } = await json(await api.request(`/api/episodes/${id}`, { token: user.accessToken }));
  t.equal(episode.hostMode, 'multi');
  t.same(episode.hosts, HOSTS.map((host, index) => ({ speaker: `Host ${index + 1}`, name: host.name, voice: host.voice, role: host.role })));
  t.match(episode.voice, { engineUsed: 'chatterbox', fallbackReason: null });

  const lines = parseScript(episode.scriptText);
  t.same([...new Set(lines.map((line) => line.speaker))].sort(), ['Host 1', 'Host 2', 'Host 3', 'Host 4'], 'four speakers in the script');
  HOSTS.forEach((host, index) => {
    const own = `Host ${index + 1}`;
    const count = lines.filter((line) => line.speaker === own).length;
    t.ok(count >= lines.length / 8 && count <= lines.length / 2, `${host.name} speaks ${count} of ${lines.length} lines`);
    t.ok(lines.some((line) => line.speaker !== own && line.text.includes(host.name)), `${host.name} is named by another host`);
  });

  const transcript = await json(await api.request(`/api/episodes/${id}/transcript`, { token: user.accessToken }));
  t.same(transcript.stats.speakers.sort(), ['Host 1', 'Host 2', 'Host 3', 'Host 4']);
  const voices = chatterbox.speechRequests().map((request) => request.body as { input: string; voice?: string });
  for (const segment of transcript.segments as { speaker: string; speakerName: string; text: string }[]) {
    const host = HOSTS[Number(segment.speaker.slice(-1)) - 1];
    t.equal(segment.speakerName, host?.name, `${segment.speaker} is named in the transcript`);
    const sent = voices.filter((request) => request.input === segmentText(segment.text));
    t.ok(sent.length > 0 && sent.every((request) => `chatterbox:${request.voice}` === host?.voice), `"${segment.text.slice(0, 30)}…" reached Chatterbox as ${host?.voice}`);
  }
  const vtt = await (await api.request(`/api/episodes/${id}/transcript?format=vtt`, { token: user.accessToken })).text();
  const { cues, errors } = parseWebVtt(vtt);
  t.same(errors, []);
  t.same([...new Set(cues.map((cue) => cue.speaker))].sort(), ['Ada', 'Bram', 'Cleo', 'Dev'], 'VTT voice tags name the hosts');
});

t.test('an upload takes hosts as a JSON form field', async (t) => {
  const form = new FormData();
  form.append('preset', 'quick');
  form.append('hosts', JSON.stringify([{ name: 'Rosa', voice: 'offline:slt' }, { name: 'Milo', voice: 'offline:rms', role: 'guest' }]));
  form.append('file', new Blob([CONTENT]), 'trains.md');
  const response = await api.request('/api/episodes/upload', { method: 'POST', token: user.accessToken, body: form });
  t.equal(response.status, 202);
  const { id, hostMode } = (await json(response)).episode;
  t.equal(hostMode, 'multi');
  const row = await waitForEpisode(api.database.db, id);
  t.equal(row.status, 'ready', row.error_message ?? '');
  t.equal(row.tts_engine_used, 'offline');
  const transcript = await json(await api.request(`/api/episodes/${id}/transcript`, { token: user.accessToken }));
  t.same([...new Set((transcript.segments as { speakerName: string }[]).map((segment) => segment.speakerName))].sort(), ['Milo', 'Rosa']);
  const srt = await (await api.request(`/api/episodes/${id}/transcript?format=srt`, { token: user.accessToken })).text();
  t.match(srt, /\nRosa: /);
  const bad = new FormData();
  bad.append('hosts', '[{"name": "Rosa"');
  bad.append('file', new Blob([CONTENT]), 'trains.md');
  const refused = await api.request('/api/episodes/upload', { method: 'POST', token: user.accessToken, body: bad });
  t.equal(refused.status, 400);
  t.match(await json(refused), { message: /hosts must be a JSON array/ });
});

t.test('a Kokoro blend voices a host; blends and hosts are checked at creation', async (t) => {
  const id = await createdId({ hosts: [{ name: 'Mia', voice: 'kokoro:bf_emma*0.4+af_heart*0.6' }, { name: 'Sam', voice: 'kokoro:am_adam' }] });
  const row = await waitForEpisode(api.database.db, id);
  t.equal(row.status, 'ready', row.error_message ?? '');
  t.equal(row.tts_engine_used, 'kokoro');
  t.match(row.hosts, [{ name: 'Mia', voice: 'kokoro:af_heart*0.6+kokoro:bf_emma*0.4', gender: 'female' }, { name: 'Sam', voice: 'kokoro:am_adam', gender: 'male' }], 'kept in canonical form, with the gender to recast by');

  const before = await api.database.db.selectFrom('episodes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const refusals: [unknown, RegExp][] = [
    [[{ name: 'Ada', voice: 'kokoro:af_nobody' }], /hosts\[0\]\.voice: unknown voice "kokoro:af_nobody"; GET \/api\/voices lists the voices you can use/],
    [[{ name: 'Ada', voice: 'af_heart*0.7+af_bella*0.2' }], /hosts\[0\]\.voice: The weights of the blend .* must add up to 1/],
    [[{ name: 'Ada', voice: 'af_heart*0.5+af_bella*0.5' }], /unknown voice "kokoro:af_bella"/],
    [[{ name: 'Ada', voice: 'offline:slt*0.5+af_heart*0.5' }], /only Kokoro voices can be blended/],
    [[{ name: 'Ada', voice: 'kokoro:af_heart' }, { name: 'Bram', voice: 'offline:rms' }], /All hosts speak with voices of one engine; these are of (kokoro and offline|offline and kokoro)/],
    [[{ name: 'Ada', voice: 'offline:slt' }, { name: ' ada ', voice: 'offline:rms' }], /two hosts are called ada/],
    [[...HOSTS, { name: 'Eve', voice: 'offline:slt' }], /must NOT have more than 4 items|maxItems|at most 4/i],
    [[], /must NOT have fewer than 1 items|minItems|at least 1/i],
    [[{ name: 'A'.repeat(41), voice: 'offline:slt' }], /name/],
  ];
  for (const [hosts, message] of refusals) {
    const response = await create({ hosts });
    t.equal(response.status, 400, JSON.stringify(hosts).slice(0, 80));
    t.match(await json(response), { success: false, message }, JSON.stringify(hosts).slice(0, 80));
  }
  const conflicting = await create({ hosts: HOSTS.slice(0, 2), hostMode: 'single' });
  t.match(await json(conflicting), { message: /hostMode single does not fit 2 hosts/ });
  const otherEngine = await create({ hosts: HOSTS.slice(0, 2), ttsEngine: 'kokoro' });
  t.match(await json(otherEngine), { message: /ttsEngine is kokoro but the hosts' voices are chatterbox voices/ });
  const after = await api.database.db.selectFrom('episodes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  t.equal(after.n, before.n, 'no episode made by a refused request');
});

t.test('when the hosts\' engine fails, the next one voices them, recast by gender, and says so', async (t) => {
  // A refusal no retry can pass: Chatterbox fails the episode's first line.
  chatterbox.faults.push({ kind: 'error', status: 400, message: 'Input text invalid', type: 'invalid_request_error' });
  const id = await createdId({ hosts: [{ name: 'Ada', voice: 'chatterbox:ada-voice' }, { name: 'Bram', voice: 'chatterbox:bram-voice' }] });
  const row = await waitForEpisode(api.database.db, id);
  t.equal(row.status, 'ready', row.error_message ?? '');
  t.equal(row.tts_engine_used, 'kokoro');
  t.match(row.tts_fallback_reason, /^chatterbox: .*Input text invalid.*; hosts recast by gender on kokoro: Ada \(chatterbox:ada-voice\) as kokoro:\w+, Bram \(chatterbox:bram-voice\) as kokoro:\w+$/);
});

t.test('script edits take Host 1 … Host N of the episode only', async (t) => {
  const id = await createdId({ hosts: HOSTS.slice(0, 3), reviewScript: true });
  t.equal((await waitForEpisode(api.database.db, id, ['review_script', 'error'])).status, 'review_script');
  const fourth = await api.request(`/api/episodes/${id}/script/lines/1`, { method: 'PATCH', token: user.accessToken, json: { speaker: 'Host 4' } });
  t.equal(fourth.status, 400);
  t.match(await json(fourth), { message: /spoken by Host 4, but this episode's hosts are Host 1 to Host 3/ });
  const third = await api.request(`/api/episodes/${id}/script/lines/1`, { method: 'PATCH', token: user.accessToken, json: { speaker: 'Host 3' } });
  t.equal(third.status, 200);
  t.equal((await json(third)).lines[1].speaker, 'Host 3');
  const replaced = await api.request(`/api/episodes/${id}/script`, { method: 'PUT', token: user.accessToken, json: { lines: [{ speaker: 'Host 1', text: 'Hello.' }, { speaker: 'Host 5', text: 'Who?' }] } });
  t.equal(replaced.status, 400, 'Host 5 is no label at all');
});

t.test("another account's custom voice in the Chatterbox library is never cast for an episode", async (t) => {
  const someonesClone = 'voice_AAAAAAAAAAAAAAAAAAAAAA';
  const installed = ['default', someonesClone, 'ada-voice', 'bram-voice'];
  const legacy = castEpisode('chatterbox', { hosts: null, voice_style: 'casual', voice_pair: 'interview' }, installed);
  t.same(legacy.voices, { 'Host 1': 'default', 'Host 2': 'ada-voice' }, 'the pair table passes over it');
  const recast = castEpisode('chatterbox', { hosts: [{ name: 'Ada', voice: 'kokoro:af_heart', gender: 'female' }, { name: 'Sam', voice: 'kokoro:am_adam', gender: 'male' }], voice_style: 'casual', voice_pair: 'interview' }, installed);
  t.notOk(Object.values(recast.voices).includes(someonesClone), 'recasting passes over it');
  const own = castEpisode('chatterbox', { hosts: [{ name: 'Me', voice: someonesClone, gender: 'unknown' }], voice_style: 'casual', voice_pair: 'interview' }, installed);
  t.equal(own.voices['Host 1'], someonesClone, 'a host given that voice by its owner speaks with it');
});
