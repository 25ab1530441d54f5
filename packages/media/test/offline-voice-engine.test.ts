// The offline engine against the real flite.wasm in a real worker thread.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';

const SENTENCE = 'The river carries water from the mountains down to the sea, shaping the valley as it goes. ';
/** Long enough to keep Flite busy for several seconds. */
const LONG_TEXT = SENTENCE.repeat(60);

function seconds(audio: { samples: Float32Array; sampleRate: number }): number {
  return audio.samples.length / audio.sampleRate;
}

function peak(samples: Float32Array): number {
  let max = 0;
  for (const sample of samples) max = Math.max(max, Math.abs(sample));
  return max;
}

void t.test('both voices synthesize 16 kHz speech whose length grows with the text', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  t.same(engine.voices(), ['rms', 'slt']);
  t.equal(engine.name, 'offline');
  await engine.warmUp();
  for (const voice of engine.voices()) {
    const short = await engine.synthesize({ text: 'Hello there.', voice });
    const long = await engine.synthesize({ text: 'Hello there. Today we are talking about rivers and where they come from.', voice });
    t.equal(short.sampleRate, 16_000, `${voice} speaks at 16 kHz`);
    t.ok(short.samples.length > 0, `${voice} returns samples`);
    t.ok(peak(short.samples) > 0.05 && peak(short.samples) <= 1, `${voice} is audible and within -1..1 (peak ${peak(short.samples)})`);
    t.ok(seconds(long) > seconds(short) * 2, `${voice}: ${seconds(long).toFixed(2)} s for the long text vs ${seconds(short).toFixed(2)} s`);
  }
  const [male, female] = await Promise.all([
    engine.synthesize({ text: SENTENCE, voice: 'rms' }),
    engine.synthesize({ text: SENTENCE, voice: 'slt' }),
  ]);
  t.not(male.samples.length, female.samples.length, 'the two voices are different voices');
});

void t.test('speed changes the pace', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const normal = await engine.synthesize({ text: SENTENCE, voice: 'slt' });
  const fast = await engine.synthesize({ text: SENTENCE, voice: 'slt', speed: 1.5 });
  t.ok(seconds(fast) < seconds(normal) * 0.8, `speed 1.5: ${seconds(fast).toFixed(2)} s vs ${seconds(normal).toFixed(2)} s`);
  await t.rejects(engine.synthesize({ text: SENTENCE, voice: 'slt', speed: 5 }), { message: /Speed must be between/ });
});

void t.test('text longer than 2,000 characters is spoken in full', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const text = SENTENCE.repeat(24);
  t.ok(text.length > 2_000, `${text.length} characters`);
  const audio = await engine.synthesize({ text, voice: 'rms' });
  // ~15 characters a second: the whole text, not a truncated or aborted run.
  t.ok(seconds(audio) > text.length / 30, `${seconds(audio).toFixed(1)} s of audio`);
});

void t.test('bad requests reject clearly', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  await t.rejects(engine.synthesize({ text: 'Hello.', voice: 'kal' }), { name: 'OfflineVoiceError', message: /Unknown offline voice "kal"; available: rms, slt/ });
  await t.rejects(engine.synthesize({ text: '   ', voice: 'slt' }), { message: /empty text/ });
  await engine.close();
  await t.rejects(engine.synthesize({ text: 'Hello.', voice: 'slt' }), { message: /closed/ });
  const broken = new OfflineVoiceEngine({ tempDir: t.testdir(), wasmPath: '/nonexistent/flite.wasm' });
  t.teardown(() => broken.close());
  await t.rejects(broken.warmUp(), { name: 'OfflineVoiceError', message: /worker crashed: .*ENOENT/ });
});

void t.test('a worker that dies mid-request fails that request only', async (t) => {
  const parent = t.testdir();
  const engine = new OfflineVoiceEngine({ tempDir: parent });
  t.teardown(() => engine.close());
  await engine.warmUp();
  const doomed = engine.synthesize({ text: LONG_TEXT, voice: 'slt' });
  const queued = engine.synthesize({ text: 'I was waiting in line.', voice: 'rms' });
  setTimeout(() => void engine.killWorker(), 300);
  await t.rejects(doomed, { name: 'OfflineVoiceError', message: /worker crashed/ });
  const next = await queued;
  t.ok(next.samples.length > 16_000 / 2, 'the queued request runs on a fresh worker');
  const after = await engine.synthesize({ text: 'And so do I.', voice: 'slt' });
  t.ok(after.samples.length > 0, 'later requests keep working');
  const [workRoot] = await readdir(parent);
  t.same(await readdir(join(parent, workRoot ?? '')), [], 'the dead worker’s request files were swept');
});

void t.test('a request over the time limit rejects and the engine recovers', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir(), requestTimeoutMs: 1_500 });
  t.teardown(() => engine.close());
  const started = Date.now();
  await t.rejects(engine.synthesize({ text: LONG_TEXT.repeat(2), voice: 'rms' }), { message: /timed out after 1500 ms/ });
  t.ok(Date.now() - started < 5_000, 'gave up at the limit instead of waiting for Flite');
  const next = await engine.synthesize({ text: 'Short and sweet.', voice: 'rms' });
  t.ok(next.samples.length > 0);
});

void t.test('aborting stops the request in flight and requests still queued', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const controller = new AbortController();
  const running = engine.synthesize({ text: LONG_TEXT, voice: 'slt', signal: controller.signal });
  const queued = engine.synthesize({ text: 'Never spoken.', voice: 'slt', signal: controller.signal });
  setTimeout(() => controller.abort(), 300);
  await t.rejects(running, { name: 'AbortError' });
  await t.rejects(queued, { name: 'AbortError' });
  await t.rejects(engine.synthesize({ text: 'Too late.', voice: 'slt', signal: controller.signal }), { name: 'AbortError' });
  const next = await engine.synthesize({ text: 'Still here.', voice: 'slt' });
  t.ok(next.samples.length > 0);
});

void t.test('close removes the private temp directory', async (t) => {
  const parent = t.testdir();
  const engine = new OfflineVoiceEngine({ tempDir: parent });
  await engine.synthesize({ text: 'Tidy up after yourself.', voice: 'rms' });
  t.equal((await readdir(parent)).length, 1, 'one private work directory while open');
  await engine.close();
  t.same(await readdir(parent), [], 'nothing left after close');
});

void t.test('lexicon entries are said by their respelling (or one made from their IPA)', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const say = (text: string, pronunciations?: { term: string; sayAs?: string; ipa?: string }[]) =>
    engine.synthesize({ text, voice: 'slt', ...(pronunciations && { pronunciations }) }).then((audio) => audio.samples);
  const plain = await say('We deploy on Kubernetes with Nguyen.');
  const withEntries = await say('We deploy on Kubernetes with Nguyen.', [{ term: 'kubernetes', sayAs: 'koo ber net eez' }, { term: 'Nguyen', ipa: 'wɪn' }]);
  t.same(withEntries, await say('We deploy on koo ber net eez with win.'), 'sample for sample, the respelled text');
  t.not(withEntries.length, plain.length, 'not the written words');
  t.same(await say('We deploy here.', [{ term: 'kubernetes', sayAs: 'koo ber net eez' }]), await say('We deploy here.'), 'a line without the term is unchanged');
});
