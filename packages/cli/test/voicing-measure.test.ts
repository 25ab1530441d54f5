// `castwright voicing measure` as an operator runs it, on this machine's CPU: Kokoro's
// path (the Kokoro-shaped model with the real voice files, so ONNX Runtime, the session
// threads and the slots are real; only the weights are not) and the built-in voice. On a
// GPU node the same command runs Kokoro's real weights through CUDA (docs/capacity.md).
import t from 'tap';
import { runCastwright } from '#test-helpers/castwright-cli';
import { installKokoroShapedModel } from '#test-helpers/kokoro-shaped-model';

/** The table's rows: slots, audio seconds a second, per slot, × one slot. */
function tableRows(stdout: string): number[][] {
  return stdout
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => line.split('|').slice(1, 5).map((cell) => Number.parseFloat(cell)));
}

t.test('Kokoro on the CPU provider: one row per slot count, with the slots each holding a session', async (t) => {
  const modelDir = t.testdir();
  await installKokoroShapedModel(modelDir, { voices: ['af_heart', 'am_michael'] });
  const result = await runCastwright(['voicing', 'measure', '--device', 'cpu', '--slots', '1,2,3', '--minutes', '0.5'], { KOKORO_MODEL_DIR: modelDir }, 300_000);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /with Kokoro from .* on CPU, on 1, 2, 3 slots/);
  t.match(result.stdout, /\| voicing slots \| audio seconds per second \| per slot \| × one slot \| resident memory \| GPU memory \|/);
  const rows = tableRows(result.stdout);
  t.same(rows.map(([slots]) => slots), [1, 2, 3]);
  for (const [slots, total, perSlot] of rows) {
    t.ok((total as number) > 0, `${slots} slots voiced something`);
    t.ok(Math.abs((perSlot as number) * (slots as number) - (total as number)) <= 0.1 * (slots as number), 'per slot is the total shared out');
  }
  t.equal(rows[0]?.[3], 1, 'one slot against itself');
  t.match(result.stdout, /Set VOICING_SLOTS=[123] on media workers like this one/);
  t.match(result.stderr, /1 slots: \d+ s of audio in [\d.]+ s/);
});

t.test('the built-in voice, on the default slot counts of a CPU', async (t) => {
  const result = await runCastwright(['voicing', 'measure', '--engine', 'offline', '--minutes', '0.3'], {}, 300_000);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /with the built-in voice \(Flite\)/);
  t.ok(tableRows(result.stdout).length >= 2, 'one slot and two at least');
});

t.test('Kokoro not installed is a clear failure', async (t) => {
  const result = await runCastwright(['voicing', 'measure', '--device', 'cpu'], { KOKORO_MODEL_DIR: t.testdir() });
  t.equal(result.code, 1);
  t.match(result.stderr, /Kokoro is not installed in .* \(run `castwright models pull kokoro`\)/);
});
