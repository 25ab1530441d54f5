// `castwright models pull kokoro` against a loopback file server: verified files
// land, present ones are kept, and anything that does not match its pin (size or
// SHA-256) is refused and leaves nothing behind.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { KOKORO_FILES, findKokoroInstall, type PinnedFile } from '@castwright/media/kokoro/kokoro-files';
import { ModelDownloadError, pullKokoro } from '@castwright/media/kokoro/pull-kokoro';
import { kokoroJsVoicesDir, kokoroShapedModel } from '#test-helpers/kokoro-shaped-model';
import { until } from '#test-helpers/until';

async function serve(t: Test, files: Map<string, Uint8Array>) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = files.get(request.url ?? '');
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-length': body.byteLength }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

t.test('downloads, verifies and lays out the model; a second pull downloads nothing', async (t) => {
  const model = kokoroShapedModel();
  const voices = KOKORO_FILES.filter((file) => ['voices/af_heart.bin', 'voices/bm_george.bin', 'voices/ef_dora.bin'].includes(file.path));
  t.equal(voices.length, 3);
  const served = new Map<string, Uint8Array>([['/onnx/model.onnx', model]]);
  for (const voice of voices) served.set(`/${voice.path}`, await readFile(path.join(kokoroJsVoicesDir(), path.basename(voice.path))));
  const { base, requests } = await serve(t, served);
  // The real pins for the voices (so this also checks them against kokoro-js's copies);
  // the test model stands in for the 310 MB weights.
  const manifest: PinnedFile[] = [
    { path: 'model.onnx', url: `${base}/onnx/model.onnx`, bytes: model.byteLength, sha256: sha256(model) },
    ...voices.map((voice) => ({ ...voice, url: `${base}/${voice.path}` })),
  ];
  const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-pull-'));
  t.teardown(() => rm(modelDir, { recursive: true, force: true }));

  t.equal(await findKokoroInstall(modelDir), undefined, 'not installed yet');
  t.same(await pullKokoro({ modelDir, files: manifest }), { downloaded: 4, present: 0 });
  t.same((await findKokoroInstall(modelDir))?.voices, ['af_heart', 'bm_george', 'ef_dora'], 'a Spanish voice is found like the English ones');
  t.same(await pullKokoro({ modelDir, files: manifest }), { downloaded: 0, present: 4 });
  t.equal(requests.length, 4, 'nothing fetched twice');
});

t.test('a file that does not match its pin is refused and not installed', async (t) => {
  const good = kokoroShapedModel();
  const tampered = Uint8Array.from(good);
  tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 0xff;
  const { base } = await serve(t, new Map([['/model.onnx', tampered], ['/long.onnx', new Uint8Array(good.byteLength + 10)]]));
  const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-pull-'));
  t.teardown(() => rm(modelDir, { recursive: true, force: true }));
  const pin = { path: 'model.onnx', bytes: good.byteLength, sha256: sha256(good) };

  await t.rejects(pullKokoro({ modelDir, files: [{ ...pin, url: `${base}/model.onnx` }] }), { name: 'ModelDownloadError', message: /does not match its pin/ });
  await t.rejects(pullKokoro({ modelDir, files: [{ ...pin, url: `${base}/long.onnx` }] }), { message: /larger than the pinned/ });
  await t.rejects(pullKokoro({ modelDir, files: [{ ...pin, url: `${base}/missing.onnx` }] }), ModelDownloadError);
  t.same(await readdir(modelDir), [], 'no model file and no .part left behind');
  await t.rejects(stat(path.join(modelDir, 'model.onnx')));
});

t.test('the pinned manifest: the fp32 model plus all 54 voices kokoro-js ships, of every Kokoro language, 510×256 float32', async (t) => {
  t.equal(KOKORO_FILES.length, 55);
  const shipped = (await readdir(kokoroJsVoicesDir())).filter((name) => name.endsWith('.bin')).sort();
  t.same(KOKORO_FILES.filter((file) => file.path.startsWith('voices/')).map((file) => path.basename(file.path)).sort(), shipped, 'every voice kokoro-js ships is pinned');
  t.same([...new Set(shipped.map((name) => name.charAt(0)))].sort(), ['a', 'b', 'e', 'f', 'h', 'i', 'j', 'p', 'z'], 'all nine Kokoro languages');
  for (const file of KOKORO_FILES) {
    t.match(file.sha256, /^[0-9a-f]{64}$/);
    t.match(file.url, /^https:\/\/huggingface\.co\/onnx-community\/Kokoro-82M-v1\.0-ONNX\/resolve\//);
  }
  for (const voice of KOKORO_FILES.filter((file) => file.path.startsWith('voices/'))) {
    const bytes = await readFile(path.join(kokoroJsVoicesDir(), path.basename(voice.path)));
    t.equal(sha256(bytes), voice.sha256, `${voice.path} pin matches kokoro-js's copy`);
  }
});

/**
 * Serves one file with Range support; `cutAfter` bytes into the first full answer the
 * connection drops, once `beforeCut` resolves (so a test can wait until the client has
 * stored what arrived: a cut that races the client's reads makes it drop buffered bytes).
 */
async function serveResumable(
  t: Test,
  body: Uint8Array,
  options: { cutAfter?: number; ignoreRange?: boolean; beforeCut?: () => Promise<void> } = {},
) {
  const ranges: (string | undefined)[] = [];
  let cut = options.cutAfter;
  const server = createServer((request, response) => {
    ranges.push(request.headers.range);
    const match = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    if (match && !options.ignoreRange) {
      const first = Number(match[1]);
      response.writeHead(206, { 'content-length': body.byteLength - first, 'content-range': `bytes ${first}-${body.byteLength - 1}/${body.byteLength}` });
      return response.end(body.subarray(first));
    }
    response.writeHead(200, { 'content-length': body.byteLength });
    if (cut !== undefined) {
      const sent = cut;
      cut = undefined;
      // Half a file, then the connection dies: the client sees a cut-off body.
      return response.write(body.subarray(0, sent), () => {
        void (options.beforeCut?.() ?? Promise.resolve()).then(() => response.destroy());
      });
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/model.onnx`, ranges };
}

t.test('an interrupted download keeps its .part and the next pull resumes it with Range, still verified', async (t) => {
  const model = kokoroShapedModel();
  const half = Math.floor(model.byteLength / 2);
  const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-pull-'));
  const partSize = async () => (await stat(path.join(modelDir, 'model.onnx.part')).catch(() => undefined))?.size ?? 0;
  const { url, ranges } = await serveResumable(t, model, {
    cutAfter: half,
    beforeCut: async () => {
      await until('half the model in the .part file', async () => (await partSize()) >= half, 60_000, 5);
    },
  });
  t.teardown(() => rm(modelDir, { recursive: true, force: true }));
  const pin = { path: 'model.onnx', url, bytes: model.byteLength, sha256: sha256(model) };

  await t.rejects(pullKokoro({ modelDir, files: [pin] }), 'the first pull is cut off');
  const kept = await partSize();
  t.equal(kept, half, 'the .part keeps what arrived');
  await t.rejects(stat(path.join(modelDir, 'model.onnx')), 'nothing installed yet');

  const events: { status: string; bytes: number; resumedFrom?: number }[] = [];
  t.same(await pullKokoro({ modelDir, files: [pin], onProgress: (event) => events.push(event) }), { downloaded: 1, present: 0 });
  t.same(ranges, [undefined, `bytes=${kept}-`], 'the second request asked only for the rest');
  t.match(events[0], { status: 'downloading', bytes: kept, resumedFrom: kept });
  t.match(events.at(-2), { status: 'downloading', bytes: model.byteLength });
  t.match(events.at(-1), { status: 'downloaded' });
  t.same(await readFile(path.join(modelDir, 'model.onnx')), Buffer.from(model));
  t.same(await readdir(modelDir), ['model.onnx'], 'no .part left');
});

t.test('a server that ignores Range sends the whole file again, and that is used', async (t) => {
  const model = kokoroShapedModel();
  const { url, ranges } = await serveResumable(t, model, { cutAfter: Math.floor(model.byteLength / 3), ignoreRange: true });
  const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-pull-'));
  t.teardown(() => rm(modelDir, { recursive: true, force: true }));
  const pin = { path: 'model.onnx', url, bytes: model.byteLength, sha256: sha256(model) };
  await t.rejects(pullKokoro({ modelDir, files: [pin] }));
  t.same(await pullKokoro({ modelDir, files: [pin] }), { downloaded: 1, present: 0 });
  t.equal(ranges.length, 2);
  t.same(await readFile(path.join(modelDir, 'model.onnx')), Buffer.from(model));
});

t.test('a .part whose kept bytes are wrong fails the pin after resuming and is deleted', async (t) => {
  const model = kokoroShapedModel();
  const { url } = await serveResumable(t, model);
  const modelDir = await mkdtemp(path.join(tmpdir(), 'castwright-pull-'));
  t.teardown(() => rm(modelDir, { recursive: true, force: true }));
  const corrupt = Buffer.from(model.subarray(0, 500));
  corrupt[10] = (corrupt[10] ?? 0) ^ 0xff;
  await writeFile(path.join(modelDir, 'model.onnx.part'), corrupt);
  await t.rejects(pullKokoro({ modelDir, files: [{ path: 'model.onnx', url, bytes: model.byteLength, sha256: sha256(model) }] }), { message: /does not match its pin/ });
  t.same(await readdir(modelDir), [], 'the bad .part is gone, so the next pull starts clean');
});
