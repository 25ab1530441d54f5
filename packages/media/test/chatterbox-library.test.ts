// A custom voice's clip into and out of a Chatterbox server's voice library, over its
// real protocol (the loopback server in test/helpers): the upload is multipart with the
// name and the file, a name the library has already counts as done, a refused clip is a
// non-transient error with the server's message, and removing a missing entry is fine.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { encodeWavPcm16 } from '@castwright/media/wav';
import { startFakeChatterbox, toneFor } from '#test-helpers/fake-chatterbox';

t.test('registers, is idempotent, speaks the new name, and removes', async (t) => {
  const server = await startFakeChatterbox(t, { voiceListing: 'audio-voices' });
  const engine = new ChatterboxEngine({ url: server.url, retries: 0 });
  t.teardown(() => engine.close());
  const clip = path.join(t.testdir(), 'clip.wav');
  const wav = encodeWavPcm16(toneFor('a clip of someone speaking for a while'), 24_000);
  await writeFile(clip, wav);

  await engine.addLibraryVoice('voice_abc', clip);
  const upload = server.uploads.get('voice_abc');
  t.equal(upload?.filename, 'voice_abc.wav');
  t.same(Buffer.from(upload?.bytes ?? []), Buffer.from(wav), 'the clip as stored');
  await engine.addLibraryVoice('voice_abc', clip);
  t.equal(server.requests.filter((request) => request.method === 'POST' && request.path === '/v1/voices').length, 2, 'asked twice…');
  t.same(server.voices, ['voice_abc'], '…and the 409 of the second counts as done');

  await engine.synthesize({ text: 'Hello there.', voice: 'voice_abc' });
  t.match(server.speechRequests().at(-1)?.body, { voice: 'voice_abc' }, 'the library voice speaks once registered');

  await engine.removeLibraryVoice('voice_abc');
  t.same(server.voices, []);
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
  t.equal(server.requests.filter((request) => request.path === '/v1/voices').length, 1, 'not retried');
  server.uploadFaults.push({ kind: 'error', status: 503, message: 'busy', type: 'server_error' });
  await engine.addLibraryVoice('voice_x', clip);
  t.same(server.voices, ['voice_x'], 'a 503 is retried and then succeeds');
});
