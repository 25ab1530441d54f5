// The Chatterbox engine against a loopback server speaking chatterbox-tts-api's protocol.
import { createServer } from 'node:net';
import t from 'tap';
import { ChatterboxEngine, type ChatterboxEngineOptions } from '@castwright/media/chatterbox/chatterbox-engine';
import { ChatterboxError } from '@castwright/media/chatterbox/chatterbox-error';
import { FAKE_SAMPLE_RATE, startFakeChatterbox, toneFor, type FakeChatterbox } from '#test-helpers/fake-chatterbox';
import { until } from '#test-helpers/until';

/** Short waits between attempts, so retry tests take milliseconds. */
function engineFor(t: { teardown(fn: () => Promise<void>): void }, server: FakeChatterbox, options: Partial<ChatterboxEngineOptions> = {}): ChatterboxEngine {
  const engine = new ChatterboxEngine({ url: server.url, backoffBaseMs: 5, backoffMaxMs: 20, ...options });
  t.teardown(() => engine.close());
  return engine;
}

/** Largest difference between two signals of the same length (16-bit PCM rounds to about 3e-5). */
function maxDifference(actual: Float32Array, expected: Float32Array): number {
  let max = 0;
  for (let i = 0; i < expected.length; i++) max = Math.max(max, Math.abs((actual[i] ?? Number.NaN) - (expected[i] as number)));
  return max;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const SERVER_BUSY = { kind: 'error', status: 503, message: 'Service Unavailable', type: 'server_error' } as const;

void t.test('speaks text: the WAV reply decoded at its own rate, the request as the API expects it', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { apiKey: 'sk-test', exaggeration: 0.7, cfgWeight: 0.3, temperature: 0.9 });
  t.equal(engine.name, 'chatterbox');
  const text = 'Welcome back to the show. Today: rivers.';
  const audio = await engine.synthesize({ text, voice: 'default', speed: 1.1 });
  t.equal(audio.sampleRate, FAKE_SAMPLE_RATE, 'the rate comes from the WAV header');
  t.equal(audio.samples.length, toneFor(text).length);
  t.ok(maxDifference(audio.samples, toneFor(text)) < 1e-4, '16-bit PCM decoded to -1..1');

  const [request] = server.speechRequests();
  t.equal(request?.path, '/v1/audio/speech');
  t.same(request?.body, { input: text, voice: '', response_format: 'wav', speed: 1.1, exaggeration: 0.7, cfg_weight: 0.3, temperature: 0.9 }, '`voice: ""`: the server\'s own sample');
  t.same(request?.resolved, { voice: null, language: 'en' });
  t.equal(request?.headers.authorization, 'Bearer sk-test');
  t.equal(request?.headers['content-type'], 'application/json');
  t.equal(request?.headers.accept, 'audio/wav');
  for (const seen of server.requests) t.equal(seen.headers.authorization, 'Bearer sk-test', `${seen.path} carries the key`);
});

void t.test('32-bit float WAV with extra chunks decodes too, and no key means no Authorization header', async (t) => {
  const server = await startFakeChatterbox(t, { encoding: 'float32' });
  const engine = engineFor(t, server);
  const audio = await engine.synthesize({ text: 'Float me.', voice: 'default' });
  t.equal(audio.sampleRate, FAKE_SAMPLE_RATE);
  t.equal(maxDifference(audio.samples, toneFor('Float me.')), 0, 'float samples arrive exactly');
  t.equal(server.speechRequests()[0]?.headers.authorization, undefined);
  t.notOk('exaggeration' in (server.speechRequests()[0]?.body as object), 'unset model settings are left to the server');
});

void t.test('voices come from the server’s library: oldest first, with their languages and aliases', async (t) => {
  const server = await startFakeChatterbox(t, { voices: ['narrator', 'guest'] });
  server.library.add('lectrice', 'fr');
  server.library.addAlias('guest', 'visitor');
  const engine = engineFor(t, server);
  t.same(engine.voices(), ['default'], 'before warmUp, only the server default');
  await engine.warmUp();
  t.equal(server.requests.find((request) => request.path.endsWith('voices'))?.path, '/v1/voices', 'listed where every release lists it');
  t.match((server.library.listing() as { voices: { name: string }[] }).voices.map((voice) => voice.name), ['lectrice', 'guest', 'narrator'], 'the server lists newest first…');
  t.same(engine.voices(), ['default', 'narrator', 'guest', 'lectrice'], '…the engine oldest first, so a new upload goes last');
  t.same(['default', 'narrator', 'lectrice', 'visitor', 'nobody'].map((voice) => engine.voiceLanguage(voice)), ['en', 'en', 'fr', 'en', undefined]);

  await engine.synthesize({ text: 'Hello.', voice: 'guest' });
  t.match(server.speechRequests()[0], { body: { voice: 'guest' }, resolved: { voice: 'guest', language: 'en' } }, 'a library voice is sent by name');
  await engine.synthesize({ text: 'Hi.', voice: 'visitor' });
  t.match(server.speechRequests()[1], { body: { voice: 'visitor' }, resolved: { voice: 'guest' } }, 'an alias the server accepts is accepted');
  await engine.synthesize({ text: 'Bonjour.', voice: 'lectrice' });
  t.match(server.speechRequests()[2], { resolved: { voice: 'lectrice', language: 'fr' } }, 'the voice speaks the language it was uploaded with');

  // The server would quietly speak an unknown name in its default voice; the engine refuses it.
  await t.rejects(engine.synthesize({ text: 'Hello.', voice: 'nobody' }), { name: 'ChatterboxError', message: 'Unknown Chatterbox voice "nobody"; available: default, narrator, guest, lectrice' });
  t.equal(server.speechRequests().length, 3, 'nothing was sent for the unknown voice');

  server.library.add('late-arrival');
  await engine.synthesize({ text: 'Just uploaded.', voice: 'late-arrival' });
  t.same(engine.voices(), ['default', 'narrator', 'guest', 'lectrice', 'late-arrival'], 'a voice uploaded after warmUp is found by asking again, after the others');
});

void t.test('"default" is the server’s own sample whatever aliases the operator has set', async (t) => {
  const server = await startFakeChatterbox(t, { voices: ['narrator'] });
  // Left out, `voice` would be "alloy" [TTSRequest], which this alias sends to the narrator.
  server.library.addAlias('narrator', 'alloy');
  t.same(server.library.resolve('alloy'), { voice: 'narrator', language: 'en' });
  const engine = engineFor(t, server);
  await engine.synthesize({ text: 'Whose voice is this?', voice: 'default' });
  t.match(server.speechRequests()[0], { body: { voice: '' }, resolved: { voice: null } }, 'the sample, not the aliased voice');
});

void t.test('503 is retried with backoff until the server recovers', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { retries: 2 });
  server.faults.push(SERVER_BUSY, SERVER_BUSY);
  const audio = await engine.synthesize({ text: 'Third time lucky.', voice: 'default' });
  t.equal(audio.samples.length, toneFor('Third time lucky.').length);
  t.equal(server.speechRequests().length, 3, 'two failures, then success');
  t.same(
    server.speechRequests().map((request) => request.body),
    Array(3).fill({ input: 'Third time lucky.', voice: '', response_format: 'wav' }),
    'each attempt sends the same request',
  );
});

void t.test('a dropped connection is retried like any network error', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server);
  server.faults.push({ kind: 'drop' });
  const audio = await engine.synthesize({ text: 'Still here.', voice: 'default' });
  t.ok(audio.samples.length > 0);
  t.equal(server.speechRequests().length, 2);
});

void t.test('429 waits as long as Retry-After says, up to the cap', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server);
  server.faults.push({ kind: 'error', status: 429, message: 'Too many requests', type: 'rate_limit_error', retryAfter: '1' });
  let started = Date.now();
  await engine.synthesize({ text: 'Patience.', voice: 'default' });
  const waited = Date.now() - started;
  t.ok(waited >= 950, `waited ${waited} ms for Retry-After: 1 (backoff alone is under 20 ms)`);
  t.equal(server.speechRequests().length, 2);

  const capped = engineFor(t, server, { retryAfterMaxMs: 200 });
  server.faults.push({ kind: 'error', status: 429, message: 'Too many requests', type: 'rate_limit_error', retryAfter: '3600' });
  started = Date.now();
  await capped.synthesize({ text: 'Not an hour.', voice: 'default' });
  const cappedWait = Date.now() - started;
  t.ok(cappedWait >= 190 && cappedWait < 2_000, `an hour-long Retry-After waited ${cappedWait} ms (cap 200)`);
});

void t.test('other 4xx fail at once with the server’s message, never retried', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { retries: 5 });
  server.faults.push({ kind: 'error', status: 400, message: 'Input text too long. Maximum 3000 characters allowed.', type: 'invalid_request_error' });
  const error = await engine.synthesize({ text: 'Too long, says the server.', voice: 'default' }).catch((caught: unknown) => caught);
  t.ok(error instanceof ChatterboxError);
  t.match(error, {
    message: `Chatterbox at ${server.url} answered /v1/audio/speech with 400: Input text too long. Maximum 3000 characters allowed.`,
    status: 400,
    transient: false,
  });
  t.equal(server.speechRequests().length, 1, 'one attempt only');

  server.faults.push({ kind: 'validation' });
  await t.rejects(engine.synthesize({ text: 'Bad body.', voice: 'default' }), { message: /422: body\.input: String should have at most 3000 characters$/ });
  t.equal(server.speechRequests().length, 2, 'FastAPI’s 422 is not retried either');
});

void t.test('a reply slower than the time limit is abandoned and retried', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { timeoutMs: 300, timeoutMsPerChar: 0 });
  server.faults.push({ kind: 'hang' });
  const started = Date.now();
  const audio = await engine.synthesize({ text: 'Eventually.', voice: 'default' });
  t.ok(audio.samples.length > 0);
  t.ok(Date.now() - started >= 290, 'the first attempt ran to its limit');
  t.equal(server.speechRequests().length, 2);
});

void t.test('when every attempt fails, the last failure is reported with the count', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { retries: 2 });
  server.faults.push(SERVER_BUSY, SERVER_BUSY, SERVER_BUSY, SERVER_BUSY);
  await t.rejects(engine.synthesize({ text: 'Nobody home.', voice: 'default' }), {
    name: 'ChatterboxError',
    message: `Chatterbox at ${server.url} answered /v1/audio/speech with 503: Service Unavailable (gave up after 3 attempts)`,
    status: 503,
    transient: true,
  });
  t.equal(server.speechRequests().length, 3, 'the first attempt and two retries');

  const impatient = engineFor(t, server, { retries: 1, timeoutMs: 200, timeoutMsPerChar: 0 });
  server.faults.splice(0, server.faults.length, { kind: 'hang' }, { kind: 'hang' });
  await t.rejects(impatient.synthesize({ text: 'Hello?', voice: 'default' }), { message: `Chatterbox at ${server.url} did not answer within 200 ms (gave up after 2 attempts)` });
});

void t.test('the caller’s abort rejects at once and is not retried', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server, { retries: 3 });
  server.faults.push({ kind: 'hang' });
  const controller = new AbortController();
  const pending = engine.synthesize({ text: 'Never finished.', voice: 'default', signal: controller.signal });
  const queued = engine.synthesize({ text: 'Never started.', voice: 'default', signal: controller.signal });
  // The server never answers the first: once it is there, only the abort can end it.
  await until('the first request at the server', () => server.speechRequests().length === 1, 30_000, 10);
  controller.abort();
  await t.rejects(pending, { name: 'AbortError' });
  await t.rejects(queued, { name: 'AbortError' });

  await t.rejects(engine.synthesize({ text: 'Too late.', voice: 'default', signal: controller.signal }), { name: 'AbortError' });
  const next = await engine.synthesize({ text: 'Next, please.', voice: 'default' });
  t.ok(next.samples.length > 0, 'the engine keeps working');
  // One utterance at a time: a retry of the aborted one, or the queued one, would have gone before this one.
  t.same(server.speechRequests().map((request) => (request.body as { input: string }).input), ['Never finished.', 'Next, please.'],
    'no retry, the queued request never sent, and an already-aborted request sends nothing');
});

void t.test('a reply that is not WAV audio fails clearly and is not retried', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server);
  server.faults.push({ kind: 'html' });
  await t.rejects(engine.synthesize({ text: 'Is this audio?', voice: 'default' }), {
    name: 'ChatterboxError',
    message: `Chatterbox at ${server.url} sent text/html instead of WAV audio (Not a RIFF/WAVE file): <html><body><h1>Welcome to nginx!</h1></body></html>`,
    transient: false,
  });
  t.equal(server.speechRequests().length, 1);
});

void t.test('warmUp fails clearly when the server cannot be used', async (t) => {
  const port = await closedPort();
  const unreachable = new ChatterboxEngine({ url: `http://127.0.0.1:${port}`, retries: 1, backoffBaseMs: 5 });
  t.teardown(() => unreachable.close());
  await t.rejects(unreachable.warmUp(), {
    name: 'ChatterboxError',
    message: `Chatterbox at http://127.0.0.1:${port} unreachable: ECONNREFUSED (gave up after 2 attempts)`,
    transient: true,
  });

  const broken = await startFakeChatterbox(t, { initializationError: 'CUDA out of memory' });
  const engine = engineFor(t, broken);
  await t.rejects(engine.warmUp(), { message: `Chatterbox at ${broken.url} cannot speak: its model failed to load: CUDA out of memory`, transient: false });
  t.same(engine.voices(), ['default']);
});

void t.test('text over the server’s limit is split at sentences and the audio joined in order', async (t) => {
  // MAX_TOTAL_LENGTH 200: the fake refuses longer input, so passing proves the split.
  const server = await startFakeChatterbox(t, { maxTotalLength: 200 });
  const engine = engineFor(t, server); // no warmUp: the first request learns the limit
  const sentences = [
    'Rivers begin as rain that falls on high ground and gathers in small streams.',
    'Those streams meet, and the water grows strong enough to cut into rock.',
    'Over thousands of years the valley deepens, widens and fills with silt.',
    'Where the land flattens, the river slows and begins to wander in loops.',
    'At last it reaches the sea, carrying the mountains with it grain by grain.',
  ];
  const text = sentences.join(' ');
  t.ok(text.length > 200, `${text.length} characters`);
  const audio = await engine.synthesize({ text, voice: 'default' });

  const pieces = server.speechRequests().map((request) => (request.body as { input: string }).input);
  t.ok(pieces.length >= 3, `${pieces.length} requests`);
  for (const piece of pieces) {
    t.ok(piece.length <= 200, `within the limit: ${piece.length}`);
    t.ok(sentences.some((sentence) => piece.endsWith(sentence)), `ends at a sentence boundary: …${piece.slice(-20)}`);
  }
  t.equal(pieces.join(' '), text, 'nothing lost or reordered');
  const expected = concat(pieces.map((piece) => toneFor(piece)));
  t.equal(audio.samples.length, expected.length);
  t.ok(maxDifference(audio.samples, expected) < 1e-4, 'each piece’s audio in the order of the text');
});

void t.test('close aborts the request in flight and refuses new ones', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server);
  server.faults.push({ kind: 'hang' });
  const before = server.speechRequests().length;
  const pending = engine.synthesize({ text: 'Interrupted.', voice: 'default' });
  await until('the request in flight', () => server.speechRequests().length > before, 30_000, 10);
  await engine.close();
  await t.rejects(pending, { name: 'ChatterboxError', message: 'Chatterbox engine is closed' });
  await t.rejects(engine.synthesize({ text: 'Hello?', voice: 'default' }), { message: 'Chatterbox engine is closed' });
  await t.rejects(engine.warmUp(), { message: 'Chatterbox engine is closed' });
  await t.rejects(engine.synthesize({ text: '  ', voice: 'default' }), { message: /closed/ });
});

void t.test('empty text is refused without a request', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server);
  await t.rejects(engine.synthesize({ text: ' \n ', voice: 'default' }), { name: 'ChatterboxError', message: 'Cannot synthesize empty text' });
  t.equal(server.requests.length, 0);
});

void t.test('lexicon entries reach the server as respellings; the IPA of an IPA-only entry is respelled', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = engineFor(t, server);
  const text = 'Nguyen ran SQL on Kubernetes, not sql.';
  const pronunciations = [
    { term: 'SQL', sayAs: 'sequel', caseSensitive: true },
    { term: 'kubernetes', sayAs: 'koo-ber-net-eez', ipa: 'kˌuːbɚnˈɛtiːz' },
    { term: 'Nguyen', ipa: 'wɪn' },
  ];
  const audio = await engine.synthesize({ text, voice: 'default', pronunciations });
  const spoken = 'win ran sequel on koo-ber-net-eez, not sql.';
  t.same(server.speechRequests().map((request) => (request.body as { input: string }).input), [spoken]);
  t.equal(audio.samples.length, toneFor(spoken).length, 'the audio of the respelled text');
});
