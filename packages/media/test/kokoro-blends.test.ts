// A Kokoro blend on the real engine (a Kokoro-shaped test model with kokoro-js's real
// voice files): the style row the model is fed is the weighted mix of the voices' rows,
// the blend speaks with its heaviest voice's accent, and blends of voices that are not
// installed, or with bad weights, are refused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { decodeKokoroShapedOutput, installKokoroShapedModel, kokoroJsVoicesDir } from '#test-helpers/kokoro-shaped-model';

async function rowMeans(voice: string): Promise<number[]> {
  const bytes = await readFile(path.join(kokoroJsVoicesDir(), `${voice}.bin`));
  const table = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return Array.from({ length: 510 }, (_, row) => table.subarray(row * 256, (row + 1) * 256).reduce((sum, value) => sum + value, 0) / 256);
}

const dir = await mkdtemp(path.join(tmpdir(), 'castwright-kokoro-blend-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
await installKokoroShapedModel(dir, { voices: ['af_heart', 'bf_emma', 'am_adam'] });
const engine = await KokoroEngine.open({ modelDir: dir, device: 'cpu' });
t.teardown(() => engine.close());
const TEXT = 'Tomatoes grow in the garden.';

t.test('the model is fed the weighted mix of the voices\' style rows', async (t) => {
  const heart = await rowMeans('af_heart');
  const emma = await rowMeans('bf_emma');
  const [single] = decodeKokoroShapedOutput((await engine.synthesize({ text: TEXT, voice: 'af_heart' })).samples, heart);
  const blended = await engine.synthesize({ text: TEXT, voice: 'af_heart*0.7+bf_emma*0.3' });
  const mixed = heart.map((mean, row) => 0.7 * mean + 0.3 * (emma[row] as number));
  const [chunk] = decodeKokoroShapedOutput(blended.samples, mixed);
  t.same(chunk?.tokens, single?.tokens, "the heaviest voice's accent: the same American phonemes as af_heart alone");
  t.equal(chunk?.row, single?.row, 'the style row for the same length');
  const row = single?.row ?? -1;
  // The first block is the leading pad: token 0 plus the mean of the style row fed.
  const fed = blended.samples[0] as number;
  t.ok(Math.abs(fed - (mixed[row] as number)) < 1e-5, `style mean ${fed} is 0.7 × af_heart + 0.3 × bf_emma`);
  t.ok(Math.abs(fed - (heart[row] as number)) > 1e-4, 'and not af_heart alone');

  const british = await engine.synthesize({ text: TEXT, voice: 'bf_emma*0.6+af_heart*0.4' });
  const [britishChunk] = decodeKokoroShapedOutput(british.samples, emma.map((mean, row) => 0.6 * mean + 0.4 * (heart[row] as number)));
  t.not(JSON.stringify(britishChunk?.tokens), JSON.stringify(single?.tokens), 'a blend led by a British voice is phonemised as en-gb');
});

t.test('blends of voices that are not installed, or badly weighted, are refused', async (t) => {
  await t.rejects(engine.synthesize({ text: TEXT, voice: 'af_heart*0.5+bm_george*0.5' }), { name: 'KokoroError', message: /Unknown Kokoro voice "bm_george"/ });
  await t.rejects(engine.synthesize({ text: TEXT, voice: 'af_heart*0.9+am_adam*0.3' }), { name: 'KokoroError', message: /must add up to 1/ });
});
