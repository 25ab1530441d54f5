// The Chatterbox engine against a loopback server that behaves as chatterbox-tts-api
// really does between requests: a model that takes minutes to load (health says so,
// speech answers 500 "Model not loaded"), and requests its client gave up on that the
// server goes on generating.
import t from 'tap';
import { ChatterboxEngine, type ChatterboxEngineOptions } from '@castwright/media/chatterbox/chatterbox-engine';
import { castVoices } from '@castwright/media/voice-casting';
import { startFakeChatterbox, toneFor, type FakeChatterbox } from '#test-helpers/fake-chatterbox';
import { until } from '#test-helpers/until';

function engineFor(t: { teardown(fn: () => Promise<void>): void }, server: FakeChatterbox, options: Partial<ChatterboxEngineOptions> = {}): ChatterboxEngine {
  const engine = new ChatterboxEngine({ url: server.url, backoffBaseMs: 5, backoffMaxMs: 20, loadPollMs: 20, idlePollMs: 20, ...options });
  t.teardown(() => engine.close());
  return engine;
}

const healthChecks = (server: FakeChatterbox) => server.requests.filter((request) => request.path === '/health').length;

void t.test('a server still loading its model is waited for, saying so, then speaks', async (t) => {
  const server = await startFakeChatterbox(t, { loading: 'Loading TTS model (this may take a while)...' });
  const engine = engineFor(t, server);
  await t.rejects(engine.warmUp(), { name: 'ChatterboxError', transient: true, loading: 'Loading TTS model (this may take a while)...' }, 'warmUp reports it and does not wait');

  const notes: (string | undefined)[] = [];
  const speaking = engine.synthesize({ text: 'Worth the wait.', voice: 'default', onWait: (note) => notes.push(note) });
  // The model loads while the engine keeps asking: the fake flips when it has been asked a few times.
  await until('the engine to poll the loading server', async () => (healthChecks(server) >= 4 ? true : undefined), 10_000, 10);
  t.equal(server.speechRequests().length, 0, 'no speech is sent while health says the model loads');
  server.loading = undefined;
  const audio = await speaking;
  t.equal(audio.samples.length, toneFor('Worth the wait.').length);
  t.same(notes, ['Waiting for the Chatterbox server to load its model (Loading TTS model (this may take a while)...)', undefined], 'one notice when the wait starts, one when it ends');
  t.equal(server.speechRequests().length, 1, 'one speech request, once the model was ready');
});

void t.test('speech answering 500 "Model not loaded" (a restarted server) waits on health and sends again', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { retries: 0 });
  await engine.warmUp();
  server.loading = 'Loading TTS model (this may take a while)...'; // it restarted since
  const notes: (string | undefined)[] = [];
  const speaking = engine.synthesize({ text: 'Back again.', voice: 'default', onWait: (note) => notes.push(note) });
  await until('the 500 and the health checks after it', async () => (server.speechRequests().length === 1 && healthChecks(server) >= 3 ? true : undefined), 10_000, 10);
  server.loading = undefined;
  await speaking;
  t.equal(server.speechRequests().length, 2, 'the refused request, then the one after loading; never three quick retries');
  t.match(notes, [/Model not loaded/, /Loading TTS model/, undefined], 'what it waits for, as the server says it, then that the wait is over');
});

void t.test('a server that keeps loading past the wait is given up on with a transient error, and the notice withdrawn', async (t) => {
  const server = await startFakeChatterbox(t, { loading: 'Creating model cache directory...' });
  const engine = engineFor(t, server, { loadWaitMs: 150 });
  const notes: (string | undefined)[] = [];
  await t.rejects(engine.synthesize({ text: 'Never.', voice: 'default', onWait: (note) => notes.push(note) }), {
    name: 'ChatterboxError',
    transient: true,
    message: `Chatterbox at ${server.url} was still loading its model after 0 s (Creating model cache directory...)`,
  });
  t.equal(notes.at(-1), undefined, 'the render is told the wait is over');
  t.equal(server.speechRequests().length, 0);
});

void t.test('after a timeout nothing is sent until the server has finished the abandoned request', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { timeoutMs: 200, timeoutMsPerChar: 0, retries: 1 });
  server.faults.push({ kind: 'slow', ms: 900 });
  const audio = await engine.synthesize({ text: 'Slow to say.', voice: 'default' });
  t.equal(audio.samples.length, toneFor('Slow to say.').length);
  const [first, retry] = server.speechRequests();
  t.equal(first?.generatingOnArrival, 0);
  t.equal(retry?.generatingOnArrival, 0, 'the retry arrived once the server was idle, not behind the abandoned work');
  t.ok(server.requests.filter((request) => request.path === '/v1/status/progress').length >= 2, 'the engine asked the server whether it was still busy');

});

void t.test('the next request, too, waits for the server to finish what a timeout abandoned', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { timeoutMs: 150, timeoutMsPerChar: 0, retries: 0 });
  server.faults.push({ kind: 'slow', ms: 800 });
  await t.rejects(engine.synthesize({ text: 'Abandoned.', voice: 'default' }), { transient: true, message: /did not answer within 150 ms \(gave up after 1 attempt\)/ });
  await engine.synthesize({ text: 'Next line.', voice: 'default' });
  t.equal(server.speechRequests()[1]?.generatingOnArrival, 0, 'sent only once the abandoned request was done');
});

void t.test('a request’s time limit grows with its text', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { timeoutMs: 100, timeoutMsPerChar: 10, retries: 0 });
  const text = 'A line long enough that the base limit alone would not cover it.'; // 64 characters: 100 + 640 ms
  server.faults.push({ kind: 'slow', ms: 450 });
  const audio = await engine.synthesize({ text, voice: 'default' });
  t.equal(audio.samples.length, toneFor(text).length, 'a 450 ms generation fits 740 ms');
  server.faults.push({ kind: 'slow', ms: 450 });
  await t.rejects(engine.synthesize({ text: 'Short.', voice: 'default' }), { message: /did not answer within 160 ms/ }, 'a short text is held to a short limit');
});

void t.test('casting is stable: a voice uploaded later never recasts the hosts, and each language gets voices of its own', async (t) => {
  const server = await startFakeChatterbox(t, { voices: ['narrator'] });
  const engine = engineFor(t, server);
  await engine.warmUp();
  const cast = (language: 'en' | 'fr') => castVoices('chatterbox', 'casual', 'interview', engine.voices(), language, (voice) => engine.voiceLanguage(voice)).voices;
  t.same(cast('en'), { 'Host 1': 'default', 'Host 2': 'narrator' });
  server.library.add('newcomer');
  server.library.add('conteuse', 'fr');
  server.library.add('lectrice', 'fr');
  await engine.warmUp();
  t.equal((server.library.listing() as { voices: { name: string }[] }).voices[0]?.name, 'lectrice', 'the server lists the newest first');
  t.same(cast('en'), { 'Host 1': 'default', 'Host 2': 'narrator' }, 'the English hosts are as before');
  t.same(cast('fr'), { 'Host 1': 'conteuse', 'Host 2': 'lectrice' }, 'a French episode is voiced by the French library voices');
});
