// A custom voice's clip into and out of a Chatterbox server's voice library, over its
// real protocol (the loopback server in test/helpers): the upload is multipart with the
// name, the file and the voice's language, a name the library has already counts as done,
// a refused clip or language is a non-transient error with the server's message, and
// removing a missing entry is fine.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { encodeWavPcm16 } from '@castwright/media/wav';
import { startFakeChatterbox, toneFor } from '#test-helpers/fake-chatterbox';

t.test('registers, is idempotent, speaks the new name, and removes', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = new ChatterboxEngine({ url: server.url, retries: 0 });
  t.teardown(() => engine.close());
  const clip = path.join(t.testdir(), 'clip.wav');
  const wav = encodeWavPcm16(toneFor('a clip of someone speaking for a while'), 24_000);
  await writeFile(clip, wav);

  await engine.addLibraryVoice('voice_abc', clip);
  const upload = server.uploads.get('voice_abc');
  t.equal(upload?.filename, 'voice_abc.wav');
  t.equal(upload?.language, 'en', 'English when the voice says nothing else');
  t.same(Buffer.from(upload?.bytes ?? []), Buffer.from(wav), 'the clip as stored');
  await engine.addLibraryVoice('voice_abc', clip);
  t.equal(server.requests.filter((request) => request.method === 'POST' && request.path === '/v1/voices').length, 2, 'asked twice…');
  t.same(server.library.names(), ['voice_abc'], '…and the 409 of the second counts as done');

  await engine.synthesize({ text: 'Hello there.', voice: 'voice_abc' });
  t.match(server.speechRequests().at(-1)?.body, { voice: 'voice_abc' }, 'the library voice speaks once registered');

  await engine.removeLibraryVoice('voice_abc');
  t.same(server.library.names(), []);
  await engine.removeLibraryVoice('voice_abc');
  t.equal(server.requests.filter((request) => request.method === 'DELETE').length, 2, 'a second removal finds nothing and is fine');
});

t.test('a clip the server refuses is a non-transient error with its message', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = new ChatterboxEngine({ url: server.url, retries: 2, backoffBaseMs: 1 });
  t.teardown(() => engine.close());
  const clip = path.join(t.testdir(), 'clip.wav');
  await writeFile(clip, encodeWavPcm16(toneFor('another clip'), 24_000));
  server.uploadFaults.push({ kind: 'error', status: 400, message: 'Voice name contains invalid characters', type: 'validation_error' });
  await t.rejects(engine.addLibraryVoice('voice_x', clip), { name: 'ChatterboxError', transient: false, status: 400, message: /400: Voice name contains invalid characters/ });
  t.equal(server.requests.filter((request) => request.method === 'POST' && request.path === '/v1/voices').length, 1, 'not retried');
  server.uploadFaults.push({ kind: 'error', status: 503, message: 'busy', type: 'server_error' });
  await engine.addLibraryVoice('voice_x', clip);
  t.same(server.library.names(), ['voice_x'], 'a 503 is retried and then succeeds');
});

t.test('a voice is registered with its language; one the model does not speak is refused with the server\'s reason', async (t) => {
  const server = await startFakeChatterbox(t);
  const engine = new ChatterboxEngine({ url: server.url, retries: 0 });
  t.teardown(() => engine.close());
  const clip = path.join(t.testdir(), 'clip.wav');
  await writeFile(clip, encodeWavPcm16(toneFor('uma voz brasileira'), 24_000));
  await engine.addLibraryVoice('voice_pt', clip, 'pt-BR');
  t.equal(server.uploads.get('voice_pt')?.language, 'pt', 'the primary subtag, as the library takes it');
  await engine.warmUp();
  t.equal(engine.voiceLanguage('voice_pt'), 'pt');
  await t.rejects(engine.addLibraryVoice('voice_zh', clip, 'zh'), { transient: false, status: 400, message: /400: Unsupported language: zh\. Supported languages: ar, da/ });

  const english = await startFakeChatterbox(t, { model: 'english' });
  const englishEngine = new ChatterboxEngine({ url: english.url, retries: 0 });
  t.teardown(() => englishEngine.close());
  await t.rejects(englishEngine.addLibraryVoice('voice_fr', clip, 'fr'), { status: 400, message: /Only English \(en\) is supported when not using multilingual model/ });
});

t.test('names are checked as the server checks them', async (t) => {
  const server = await startFakeChatterbox(t, { voices: ['narrator'] });
  server.library.addAlias('narrator', 'storyteller');
  const engine = new ChatterboxEngine({ url: server.url, retries: 0 });
  t.teardown(() => engine.close());
  const clip = path.join(t.testdir(), 'clip.wav');
  await writeFile(clip, encodeWavPcm16(toneFor('a clip'), 24_000));
  await t.rejects(engine.addLibraryVoice('a/b', clip), { status: 400, message: /Voice name contains invalid characters/ });
  await t.rejects(engine.addLibraryVoice('   ', clip), { status: 400, message: /Voice name cannot be empty/ });
  await t.rejects(engine.addLibraryVoice('x'.repeat(101), clip), { status: 422, message: /voice_name: String should have between 1 and 100 characters/ });
  await t.rejects(engine.addLibraryVoice('storyteller', clip), { status: 409, transient: false, message: /Name 'storyteller' is already used as an alias/ }, 'a 409 for an alias is no earlier success');
  t.same(server.library.names(), ['narrator']);
});
