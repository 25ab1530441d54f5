// The Kokoro engine end to end on a Kokoro-shaped ONNX model generated here, the
// real voice files from kokoro-js and the real phonemiser: the test model echoes
// its inputs into the waveform, so these tests read back which tokens, style row
// and speed the engine actually fed ONNX Runtime.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { KokoroEngine, KokoroError, KOKORO_SAMPLE_RATE } from '@castwright/media/kokoro/kokoro-engine';
import { openKokoroSession, KokoroModelError } from '@castwright/media/kokoro/kokoro-session';
import { MAX_PHONEME_TOKENS, phonemesToTokens, tokensToPhonemes } from '@castwright/media/kokoro/kokoro-vocabulary';
import { VoiceFileError } from '@castwright/media/kokoro/voice-styles';
import type { PronunciationEntry } from '@castwright/media/segment-key';
import { cpuCores } from '@castwright/media/voicing-slots';
import {
  decodeKokoroShapedOutput,
  HOP_SAMPLES,
  installKokoroShapedModel,
  kokoroJsVoicesDir,
  writeKokoroShapedModel,
} from '#test-helpers/kokoro-shaped-model';

async function styleRowMeans(voice: string): Promise<number[]> {
  const bytes = await readFile(path.join(kokoroJsVoicesDir(), `${voice}.bin`));
  const table = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const means: number[] = [];
  for (let row = 0; row < 510; row++) {
    let sum = 0;
    for (let column = 0; column < 256; column++) sum += table[row * 256 + column] as number;
    // float32 arithmetic as in the model, to within rounding.
    means.push(Math.fround(sum / 256));
  }
  return means;
}

async function modelDir(t: Test, options: Parameters<typeof installKokoroShapedModel>[1] = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-kokoro-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await installKokoroShapedModel(dir, options);
  return dir;
}

async function openEngine(t: Test, options: Parameters<typeof installKokoroShapedModel>[1] = {}): Promise<KokoroEngine> {
  const engine = await KokoroEngine.open({ modelDir: await modelDir(t, options), device: 'cpu' });
  t.teardown(() => engine.close());
  return engine;
}

t.test('voices the phonemes of the text with the style row for its length, at 24 kHz', async (t) => {
  const engine = await openEngine(t);
  t.same(engine.voices(), ['af_heart', 'am_adam', 'bf_emma', 'bm_george']);
  const audio = await engine.synthesize({ text: 'Hello world.', voice: 'af_heart' });
  t.equal(audio.sampleRate, KOKORO_SAMPLE_RATE);

  const [chunk, ...rest] = decodeKokoroShapedOutput(audio.samples, await styleRowMeans('af_heart'));
  t.equal(rest.length, 0, 'one chunk');
  t.equal(tokensToPhonemes(chunk?.tokens ?? []), 'həlˈoʊ wˈɜːld.', 'American phonemes, punctuation kept');
  t.equal(chunk?.row, chunk?.tokens.length, 'style row = number of phoneme tokens');
  t.equal(audio.samples.length, ((chunk?.tokens.length ?? 0) + 2) * HOP_SAMPLES, 'pads at both ends');
});

t.test('British voices are phonemised as en-gb', async (t) => {
  const engine = await openEngine(t);
  const audio = await engine.synthesize({ text: 'Hello world.', voice: 'bf_emma' });
  const [chunk] = decodeKokoroShapedOutput(audio.samples, await styleRowMeans('bf_emma'));
  t.equal(tokensToPhonemes(chunk?.tokens ?? []), 'həlˈəʊ wˈɜːld.');
});

t.test('text is normalised before phonemisation (years, currency, times)', async (t) => {
  const engine = await openEngine(t);
  const audio = await engine.synthesize({ text: 'In 1990 it cost $5.', voice: 'am_adam' });
  const [chunk] = decodeKokoroShapedOutput(audio.samples, await styleRowMeans('am_adam'));
  const phonemes = tokensToPhonemes(chunk?.tokens ?? []);
  t.match(phonemes, /nˈaɪntiːn nˈaɪndi/, '1990 read as nineteen ninety');
  t.match(phonemes, /fˈaɪv dˈɑːlɚz/, '$5 read as five dollars');
});

t.test('speed reaches the model', async (t) => {
  const engine = await openEngine(t);
  const normal = await engine.synthesize({ text: 'Quick test.', voice: 'af_heart' });
  const fast = await engine.synthesize({ text: 'Quick test.', voice: 'af_heart', speed: 1.5 });
  t.equal(fast.samples.length, normal.samples.length);
  t.ok(Math.abs((fast.samples[HOP_SAMPLES * 2] as number) - 1.5 * (normal.samples[HOP_SAMPLES * 2] as number)) < 1e-5);
  await t.rejects(engine.synthesize({ text: 'x', voice: 'af_heart', speed: 3 }), KokoroError);
});

t.test('lexicon entries: the IPA reaches the model as written, a respelling goes through the phonemiser', async (t) => {
  const engine = await openEngine(t);
  const means = await styleRowMeans('am_adam');
  const phonemes = async (text: string, pronunciations?: PronunciationEntry[]) => {
    const audio = await engine.synthesize({ text, voice: 'am_adam', ...(pronunciations && { pronunciations }) });
    return decodeKokoroShapedOutput(audio.samples, means).map((chunk) => tokensToPhonemes(chunk.tokens)).join(' ');
  };
  const sql = [{ term: 'SQL', ipa: 'ˈsiːkwəl' }];
  t.equal(
    await phonemes('We use SQL daily.', sql),
    `${await phonemes('We use')} ˈsiːkwəl ${await phonemes('daily.')}`,
    'the IPA in place of the term, the words around it phonemised as before',
  );
  t.notMatch(await phonemes('We use SQL daily.'), /ˈsiːkwəl/, 'without the entry eSpeak spells it out');
  t.match(await phonemes('Rioja, please.', [{ term: 'rioja', ipa: 'riˈoxa' }]), /^riˈoxa, /, 'untouched by the misaki spellings (r and x would become ɹ and k)');
  t.match(await phonemes("SQL's syntax.", sql), /^ˈsiːkwəlz /, 'a possessive after the term is said /z/, not the letter S');
  t.match(await phonemes('The Kubernetes API.', [{ term: 'kubernetes', ipa: 'kˌuːbɚnˈɛtiːz' }]), /kˌuːbɚnˈɛtiːz/, 'any capitalisation');
  t.notMatch(await phonemes('We use sql daily.', [{ term: 'SQL', ipa: 'ˈsiːkwəl', caseSensitive: true }]), /ˈsiːkwəl/, 'a case-sensitive entry only as written');
  t.equal(
    await phonemes('We use SQL daily.', [{ term: 'SQL', sayAs: 'sequel' }]),
    await phonemes('We use sequel daily.'),
    'a respelling is phonemised with the line',
  );
  t.match(await phonemes('We use SQL daily.', [{ term: 'SQL', sayAs: 'squeal', ipa: 'ˈsiːkwəl' }]), /ˈsiːkwəl/, 'with both, Kokoro says the IPA');
  t.equal(await phonemes('We use SQL\uE000 daily.'), await phonemes('We use SQL daily.'), 'private-use characters in the text are not taken for stand-ins');
});

t.test('long text is voiced in chunks of at most 510 tokens, cut between sentences, nothing lost', async (t) => {
  const engine = await openEngine(t);
  const sentence = 'The lighthouse keeper climbed the stairs every evening to light the great lamp above the harbour.';
  const text = Array.from({ length: 14 }, () => sentence).join(' ');
  const audio = await engine.synthesize({ text, voice: 'af_heart' });
  const chunks = decodeKokoroShapedOutput(audio.samples, await styleRowMeans('af_heart'));
  t.ok(chunks.length >= 2, `${chunks.length} chunks`);
  for (const chunk of chunks) {
    t.ok(chunk.tokens.length <= MAX_PHONEME_TOKENS, 'within the context');
    t.ok(tokensToPhonemes(chunk.tokens).endsWith('.'), 'each chunk ends at a sentence end');
  }
  const voiced = chunks.map((chunk) => tokensToPhonemes(chunk.tokens)).join(' ');
  const one = tokensToPhonemes(decodeKokoroShapedOutput((await engine.synthesize({ text: sentence, voice: 'af_heart' })).samples, await styleRowMeans('af_heart'))[0]?.tokens ?? []);
  t.equal(voiced, Array.from({ length: 14 }, () => one).join(' '), 'every sentence voiced once, in order');
});

t.test("kokoro-onnx's export (tokens → audio) and an int32-speed export load too", async (t) => {
  for (const options of [{ tokensInput: 'tokens', outputName: 'audio' }, { speedType: 'int32' }] as const) {
    const engine = await openEngine(t, options);
    const audio = await engine.synthesize({ text: 'Hello world.', voice: 'af_heart' });
    const [chunk] = decodeKokoroShapedOutput(audio.samples, await styleRowMeans('af_heart'));
    t.equal(tokensToPhonemes(chunk?.tokens ?? []), 'həlˈoʊ wˈɜːld.', JSON.stringify(options));
  }
});

t.test('CUDA that cannot load falls back to CPU with a warning; cuda-only refuses', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-kokoro-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const modelFile = await writeKokoroShapedModel(dir);
  const reasons: string[] = [];
  const session = await openKokoroSession(modelFile, { device: 'auto', onFallback: (reason) => reasons.push(reason) });
  t.teardown(() => session.release());
  if (session.provider === 'cuda') {
    t.equal(reasons.length, 0, 'CUDA available here: no fallback');
    return;
  }
  t.equal(reasons.length, 1, 'the fallback was reported');
  t.match(reasons[0], /cuda|shared library/i);
  const tokens = phonemesToTokens('hi');
  t.equal((await session.run(tokens, new Float32Array(256), 1)).length, (tokens.length + 2) * HOP_SAMPLES, 'the CPU session works');
  await t.rejects(openKokoroSession(modelFile, { device: 'cuda' }), KokoroModelError);
});

t.test('a missing install, a non-Kokoro model and a broken voice file are clear errors', async (t) => {
  const empty = await mkdtemp(path.join(tmpdir(), 'castwright-kokoro-'));
  t.teardown(() => rm(empty, { recursive: true, force: true }));
  await t.rejects(KokoroEngine.open({ modelDir: empty, device: 'cpu' }), { name: 'KokoroError', message: /models pull kokoro/ });

  const notKokoro = await mkdtemp(path.join(tmpdir(), 'castwright-kokoro-'));
  t.teardown(() => rm(notKokoro, { recursive: true, force: true }));
  await writeKokoroShapedModel(notKokoro, {});
  await writeFile(path.join(notKokoro, 'model.onnx'), 'this is not a model');
  await t.rejects(openKokoroSession(path.join(notKokoro, 'model.onnx'), { device: 'cpu' }), KokoroModelError);

  const dir = await modelDir(t);
  await writeFile(path.join(dir, 'voices', 'am_adam.bin'), Buffer.alloc(1000));
  const engine = await KokoroEngine.open({ modelDir: dir, device: 'cpu' });
  t.teardown(() => engine.close());
  await t.rejects(engine.synthesize({ text: 'Hi.', voice: 'am_adam' }), VoiceFileError);
  await t.rejects(engine.synthesize({ text: 'Hi.', voice: 'zz_nobody' }), KokoroError);
  await t.rejects(engine.synthesize({ text: '...', voice: 'af_heart' }), { message: /Nothing to pronounce/ });
  t.ok((await engine.synthesize({ text: 'Hi.', voice: 'af_heart' })).samples.length > 0, 'the engine still works');
});

t.test('slots: lines voiced at once, each on a session of its own, come out as they do one at a time', async (t) => {
  const dir = await modelDir(t);
  const one = await KokoroEngine.open({ modelDir: dir, device: 'cpu', slots: 1 });
  const three = await KokoroEngine.open({ modelDir: dir, device: 'cpu', slots: 3 });
  const byDefault = await KokoroEngine.open({ modelDir: dir, device: 'cpu' });
  t.teardown(() => Promise.all([one.close(), three.close(), byDefault.close()]));
  t.equal(one.slots, 1);
  t.equal(three.slots, 3);
  t.equal(byDefault.slots, cpuCores(), 'on CPU: one slot per core by default');
  await three.warmUp();
  const sentence = 'The keeper climbed the tower every evening to light the lamp before the ships came in. ';
  const requests = [
    { text: sentence.repeat(10), voice: 'af_heart' },
    { text: 'Hello world.', voice: 'bm_george' },
    { text: 'It cost $5 in 1999.', voice: 'am_adam', speed: 1.2 },
    { text: sentence.repeat(4), voice: 'bf_emma' },
    { text: 'Goodbye.', voice: 'af_heart' },
  ];
  const together = await Promise.all(requests.map((request) => three.synthesize(request)));
  for (const [index, request] of requests.entries()) {
    const alone = await one.synthesize(request);
    t.ok(Buffer.from((together[index] as { samples: Float32Array }).samples.buffer).equals(Buffer.from(alone.samples.buffer)), `${request.voice}: the same samples`);
  }
  t.ok(decodeKokoroShapedOutput((together[0] as { samples: Float32Array }).samples, await styleRowMeans('af_heart')).length > 1, 'the long line had several chunks, all on its own session');
});

t.test('an aborted request rejects', async (t) => {
  const engine = await openEngine(t);
  const controller = new AbortController();
  controller.abort();
  await t.rejects(engine.synthesize({ text: 'Hello.', voice: 'af_heart', signal: controller.signal }));
});

t.test("the other languages: Kokoro's voices of each, phonemised with the language's eSpeak NG voice", async (t) => {
  const engine = await openEngine(t, { voices: ['af_heart', 'ef_dora', 'jf_alpha', 'zf_xiaoxiao'] });
  t.same(engine.voices(), ['af_heart', 'ef_dora', 'jf_alpha', 'zf_xiaoxiao'], 'voices of every language are found');
  const phonemesOf = async (text: string, voice: string, language?: 'es' | 'ja' | 'zh') => {
    const audio = await engine.synthesize({ text, voice, ...(language ? { language } : {}) });
    return decodeKokoroShapedOutput(audio.samples, await styleRowMeans(voice)).map((chunk) => tokensToPhonemes(chunk.tokens)).join(' ');
  };
  const spanish = await phonemesOf('Hola, el faro.', 'ef_dora', 'es');
  t.equal(spanish, 'ˈola, el fˈaɾo.', 'Spanish rules: a silent h, a tapped r');
  t.not(spanish, await phonemesOf('Hola, el faro.', 'ef_dora'), 'without the language, English rules');
  t.equal(await phonemesOf('Hola, el faro.', 'af_heart', 'es'), spanish, "any voice reads the episode's language with its rules");
  const japanese = await phonemesOf('灯台の歴史。', 'jf_alpha', 'ja');
  t.ok(japanese.length > 8 && !japanese.includes('tʃˈaɪniːz'), `kanji read as Japanese words (${japanese}), not "Chinese letter"`);
  t.match(japanese, /\.$/, 'the Japanese full stop is a stop');
  const chinese = await phonemesOf('灯塔很古老。', 'zf_xiaoxiao', 'zh');
  t.ok(chinese.length > 8 && /\.$/.test(chinese), `Mandarin phonemes (${chinese})`);
});
