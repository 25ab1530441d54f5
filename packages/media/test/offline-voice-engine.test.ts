// The offline engine against the real flite.wasm and the real eSpeak NG, each in a real
// worker thread: Flite's two English voices, and eSpeak NG's voices of every other language.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { until } from '#test-helpers/until';

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

void t.test("Flite's two English voices synthesize 16 kHz speech whose length grows with the text", async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  t.same(engine.voices().slice(0, 2), ['rms', 'slt']);
  t.equal(engine.name, 'offline');
  await engine.warmUp();
  for (const voice of ['rms', 'slt']) {
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

/** A sentence in each language eSpeak NG voices, and the same sentence longer. */
const SENTENCES: Record<string, [string, string]> = {
  es: ['Hola a todos.', 'Hola a todos. Hoy hablamos de los ríos y de dónde nacen.'],
  fr: ['Bonjour à tous.', "Bonjour à tous. Aujourd'hui, nous parlons des rivières et de leur source."],
  it: ['Ciao a tutti.', 'Ciao a tutti. Oggi parliamo dei fiumi e di dove nascono.'],
  'pt-br': ['Olá a todos.', 'Olá a todos. Hoje falamos dos rios e de onde eles nascem.'],
  hi: ['सबको नमस्ते।', 'सबको नमस्ते। आज हम नदियों के बारे में बात करेंगे कि वे कहाँ से निकलती हैं।'],
  ja: ['こんにちは。', 'こんにちは。今日は川がどこから流れてくるのかについて話します。'],
  zh: ['大家好。', '大家好。今天我们来聊聊河流是从哪里来的。'],
};

void t.test("eSpeak NG's voices of every other language synthesize 22.05 kHz speech whose length grows with the text", async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const voices = engine.voices().filter((voice) => !['rms', 'slt'].includes(voice));
  t.same(voices, Object.keys(SENTENCES).flatMap((language) => [`${language}-male`, `${language}-female`]), 'a male and a female voice for each language');
  for (const voice of voices) {
    const [short, long] = (SENTENCES[voice.replace(/-(?:male|female)$/, '')] as [string, string]);
    const shortAudio = await engine.synthesize({ text: short, voice });
    const longAudio = await engine.synthesize({ text: long, voice, speed: 1.05 });
    t.equal(shortAudio.sampleRate, 22_050, `${voice} speaks at 22.05 kHz`);
    t.ok(peak(shortAudio.samples) > 0.05 && peak(shortAudio.samples) <= 1, `${voice} is audible and within -1..1 (peak ${peak(shortAudio.samples).toFixed(2)})`);
    t.ok(seconds(longAudio) > seconds(shortAudio) * 2, `${voice}: ${seconds(longAudio).toFixed(2)} s for the long text vs ${seconds(shortAudio).toFixed(2)} s`);
  }
  const [male, female] = await Promise.all([engine.synthesize({ text: 'Hola a todos.', voice: 'es-male' }), engine.synthesize({ text: 'Hola a todos.', voice: 'es-female' })]);
  t.not(male.samples.length, female.samples.length, 'the male and female voices are different voices');
});

void t.test('Japanese is read from its kana reading, so kanji are words, not "Chinese letter"', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const kanji = await engine.synthesize({ text: '今日は川の歴史を話します。', voice: 'ja-female' });
  const kana = await engine.synthesize({ text: 'きょうはかわのれきしをはなします。', voice: 'ja-female' });
  t.ok(Math.abs(seconds(kanji) - seconds(kana)) < seconds(kana) * 0.25, `kanji ${seconds(kanji).toFixed(2)} s, its kana ${seconds(kana).toFixed(2)} s`);
});

void t.test('speed changes the pace', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir() });
  t.teardown(() => engine.close());
  const normal = await engine.synthesize({ text: SENTENCE, voice: 'slt' });
  const fast = await engine.synthesize({ text: SENTENCE, voice: 'slt', speed: 1.5 });
  t.ok(seconds(fast) < seconds(normal) * 0.8, `speed 1.5: ${seconds(fast).toFixed(2)} s vs ${seconds(normal).toFixed(2)} s`);
  await t.rejects(engine.synthesize({ text: SENTENCE, voice: 'slt', speed: 5 }), { message: /Speed must be between/ });
  const spanish = 'Hoy hablamos de los ríos, de dónde nacen y de cómo dan forma a los valles.';
  const slow = await engine.synthesize({ text: spanish, voice: 'es-female', speed: 0.8 });
  const quick = await engine.synthesize({ text: spanish, voice: 'es-female', speed: 1.5 });
  t.ok(seconds(quick) < seconds(slow) * 0.75, `eSpeak NG too: ${seconds(quick).toFixed(2)} s at 1.5 vs ${seconds(slow).toFixed(2)} s at 0.8`);
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
  await t.rejects(engine.synthesize({ text: 'Hello.', voice: 'kal' }), { name: 'OfflineVoiceError', message: /Unknown offline voice "kal"; available: rms, slt, es-male, es-female, /u });
  await t.rejects(engine.synthesize({ text: '   ', voice: 'slt' }), { message: /empty text/ });
  await engine.close();
  await t.rejects(engine.synthesize({ text: 'Hello.', voice: 'slt' }), { message: /closed/ });
  const broken = new OfflineVoiceEngine({ tempDir: t.testdir(), wasmPath: '/nonexistent/flite.wasm' });
  t.teardown(() => broken.close());
  await t.rejects(broken.warmUp(), { name: 'OfflineVoiceError', message: /worker crashed: .*ENOENT/ });
});

void t.test('a worker that dies mid-request fails that request only', async (t) => {
  const parent = t.testdir();
  const engine = new OfflineVoiceEngine({ tempDir: parent, slots: 1 });
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
  // Each thread works in a directory of its own, removed when the thread is gone.
  const left = await until('the dead thread’s directory to be removed', async () => {
    const entries = await readdir(join(parent, workRoot ?? ''), { recursive: true });
    return entries.length === 1 ? entries : undefined;
  });
  t.match(left, [/^thread-\d+$/], 'only the live thread’s (empty) directory is left: the dead worker’s request files were swept');
});

void t.test('two slots voice two requests at once, each on its own thread, exactly as one slot does', async (t) => {
  const two = new OfflineVoiceEngine({ tempDir: t.testdir(), slots: 2 });
  const one = new OfflineVoiceEngine({ tempDir: t.testdir(), slots: 1 });
  t.teardown(() => Promise.all([two.close(), one.close()]));
  t.equal(two.slots, 2);
  await two.warmUp();
  const finished: string[] = [];
  const long = two.synthesize({ text: LONG_TEXT, voice: 'slt' }).then((audio) => (finished.push('long'), audio));
  const short = two.synthesize({ text: 'Not waiting in line.', voice: 'rms' }).then((audio) => (finished.push('short'), audio));
  await Promise.all([long, short]);
  t.same(finished, ['short', 'long'], 'the short request did not wait for the long one');

  const requests = [
    { text: 'Rivers carry water from the mountains to the sea.', voice: 'rms' },
    { text: 'They also shape the land around them.', voice: 'slt', speed: 1.2 },
    { text: 'Los ríos llevan agua al mar.', voice: 'es-female' },
    { text: 'Thanks for listening everyone.', voice: 'rms' },
  ];
  const together = await Promise.all(requests.map((request) => two.synthesize(request)));
  for (const [index, request] of requests.entries()) {
    const alone = await one.synthesize(request);
    const both = together[index] as { samples: Float32Array; sampleRate: number };
    t.equal(both.sampleRate, alone.sampleRate);
    if (request.voice.startsWith('es-')) {
      // eSpeak NG breathes random noise into its voices: no two calls give the same samples,
      // one slot or many, but they give the same number of them.
      t.equal(both.samples.length, alone.samples.length, `${request.voice}: as many samples`);
    } else {
      t.ok(Buffer.from(both.samples.buffer).equals(Buffer.from(alone.samples.buffer)), `${request.voice}: the same samples`);
    }
  }
});

void t.test('requests that each start a thread at once get a thread each: none is left unanswered', async (t) => {
  // No thread of either synthesizer yet: each request starts one. A thread being started
  // was once seen idle by the next request, which took it over and left the first waiting forever.
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir(), slots: 4, requestTimeoutMs: 60_000 });
  t.teardown(() => engine.close());
  const requests = [
    { text: '番組へようこそ。お聞きいただきありがとうございます。', voice: 'ja-female', language: 'ja' as const },
    { text: 'ありがとうございます。聞きたいことがたくさんあります。', voice: 'ja-male', language: 'ja' as const },
    { text: 'Rivers carry water from the mountains to the sea.', voice: 'rms' },
    { text: 'They also shape the land around them.', voice: 'slt' },
  ];
  const answers = await Promise.all(requests.map((request) => engine.synthesize(request)));
  for (const [index, audio] of answers.entries()) t.ok(audio.samples.length > 0, `${requests[index]?.voice}: answered`);
  t.not(answers[0]?.samples.length, answers[1]?.samples.length, 'each its own text (different lengths)');
});

void t.test('a request over the time limit rejects and the engine recovers', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir(), requestTimeoutMs: 1_500 });
  t.teardown(() => engine.close());
  // The message is the limit's: the engine gave up at it instead of waiting for Flite.
  await t.rejects(engine.synthesize({ text: LONG_TEXT.repeat(2), voice: 'rms' }), { message: /timed out after 1500 ms/ });
  const next = await engine.synthesize({ text: 'Short and sweet.', voice: 'rms' });
  t.ok(next.samples.length > 0);
});

void t.test('aborting stops the request in flight and requests still queued', async (t) => {
  const engine = new OfflineVoiceEngine({ tempDir: t.testdir(), slots: 1 });
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
