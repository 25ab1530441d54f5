import t, { type Test } from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { loadConfig } from '@castwright/core/config';
import { createStorage } from '@castwright/core/storage/create-storage';
import { MULTIPART_PART_BYTES, S3Storage } from '@castwright/core/storage/s3-storage';
import { startS3Server, type S3Request } from '#test-helpers/s3-server';

const s3 = await startS3Server(t);
const dir = await mkdtemp(path.join(tmpdir(), 'castwright-s3-storage-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

function storage(overrides: Parameters<typeof s3.settings>[0] = {}): S3Storage {
  const instance = new S3Storage(s3.settings(overrides));
  t.teardown(() => instance.destroy());
  return instance;
}

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

const requestsFor = (key: string) => s3.requests.filter((request) => request.key === key);
const isUploadPart = (request: S3Request) => request.method === 'PUT' && request.query.has('partNumber');

/** Uploads must be plain bodies: no aws-chunked encoding, no checksums a server may not know (see S3Storage). */
function assertPlainUploads(t: Test, requests: S3Request[]): void {
  const uploads = requests.filter((request) => request.method === 'PUT' || request.method === 'POST');
  t.ok(uploads.length > 0);
  for (const request of uploads) {
    const checksums = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm');
    t.same({ encoding: request.headers['content-encoding'], checksums }, { encoding: undefined, checksums: [] }, `${request.method} ${request.key} ${request.query}`);
  }
}

t.test('a small file goes up in one PUT and comes back with its content type', async (t) => {
  const store = storage();
  const bytes = randomBytes(10_000);
  await store.putFile('episodes/small/audio.mp3', await fileOf('small.mp3', bytes), 'audio/mpeg');

  t.same(await store.stat('episodes/small/audio.mp3'), { size: 10_000, contentType: 'audio/mpeg' });
  t.ok((await bytesOf(await store.read('episodes/small/audio.mp3'))).equals(bytes));
  const writes = requestsFor('episodes/small/audio.mp3').filter((request) => request.method === 'PUT' || request.method === 'POST');
  t.equal(writes.length, 1, 'one request');
  t.notOk(writes[0]?.query.has('uploadId'), 'not a multipart upload');
  assertPlainUploads(t, writes);
});

t.test('a file above the part size goes up in parts and reads back whole and in ranges', async (t) => {
  const store = storage();
  const size = 2 * MULTIPART_PART_BYTES + 12_345;
  const bytes = randomBytes(size);
  const key = 'episodes/big/audio.mp3';
  await store.putFile(key, await fileOf('big.mp3', bytes), 'audio/mpeg');

  const requests = requestsFor(key);
  t.equal(requests.filter((request) => request.method === 'POST' && request.query.has('uploads')).length, 1, 'one multipart upload created');
  t.same(requests.filter(isUploadPart).map((request) => request.query.get('partNumber')).sort(), ['1', '2', '3'], 'three parts');
  t.equal(requests.filter((request) => request.method === 'POST' && request.query.has('uploadId')).length, 1, 'completed once');
  assertPlainUploads(t, requests);

  t.same(await store.stat(key), { size, contentType: 'audio/mpeg' });
  t.ok((await bytesOf(await store.read(key))).equals(bytes), 'the whole file');
  t.ok((await bytesOf(await store.read(key, { start: 0, end: 99 }))).equals(bytes.subarray(0, 100)), 'the first bytes');
  const middle = { start: MULTIPART_PART_BYTES - 50, end: MULTIPART_PART_BYTES + 49 };
  t.ok((await bytesOf(await store.read(key, middle))).equals(bytes.subarray(middle.start, middle.end + 1)), 'across a part boundary');
  t.ok((await bytesOf(await store.read(key, { start: size - 1, end: size - 1 }))).equals(bytes.subarray(size - 1)), 'the last byte');
  t.same(
    requestsFor(key).filter((request) => request.method === 'GET').map((request) => request.headers.range),
    [undefined, 'bytes=0-99', `bytes=${middle.start}-${middle.end}`, `bytes=${size - 1}-${size - 1}`],
    'ranges are asked of S3, not cut out of the whole object',
  );
});

t.test('a failed part aborts the multipart upload instead of leaving its parts behind', async (t) => {
  const store = storage();
  const key = 'episodes/failing/audio.mp3';
  s3.refuse((request) => request.key === key && isUploadPart(request) && request.query.get('partNumber') === '2');
  const file = await fileOf('failing.mp3', randomBytes(2 * MULTIPART_PART_BYTES + 1));

  await t.rejects(store.putFile(key, file, 'audio/mpeg'), { name: 'AccessDenied' }, 'the part failure is reported');
  const requests = requestsFor(key);
  const uploadId = requests.find(isUploadPart)?.query.get('uploadId');
  const abortAt = requests.findIndex((request) => request.method === 'DELETE' && request.query.get('uploadId') === uploadId);
  t.ok(uploadId && abortAt >= 0, 'the upload was aborted');
  t.ok(requests.slice(abortAt + 1).every((request) => !isUploadPart(request)), 'no part after the abort');
  t.notOk(requests.some((request) => request.method === 'POST' && request.query.has('uploadId')), 'never completed');
  t.equal(await store.stat(key), null);
});

t.test('multipart uploads a killed worker left open under a prefix are aborted, others kept', async (t) => {
  const store = storage({ prefix: 'fleet/' });
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials });
  t.teardown(() => client.destroy());
  // As a worker killed mid-upload leaves them: begun, a part sent, never completed.
  for (const key of ['fleet/episodes/ep_killed/audio-1.mp3', 'fleet/episodes/ep_killed/audio-2.mp3', 'fleet/episodes/ep_other/audio-1.mp3']) {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }));
    await client.send(new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId, PartNumber: 1, Body: randomBytes(1024) }));
  }
  t.equal(await store.deletePartialUploads('episodes/ep_killed/'), 2);
  t.same(s3.openUploads(), ['fleet/episodes/ep_other/audio-1.mp3'], 'only that episode\'s uploads were aborted');
  t.equal(await store.deletePartialUploads('episodes/ep_killed/'), 0, 'nothing left to abort');
});

t.test('missing keys: stat is null, delete is quiet, read fails', async (t) => {
  const store = storage();
  t.equal(await store.stat('episodes/none/audio.mp3'), null);
  await t.resolves(store.delete('episodes/none/audio.mp3'), 'deleting a missing key is not an error');

  await store.putFile('episodes/doomed/audio.mp3', await fileOf('doomed.mp3', randomBytes(100)), 'audio/mpeg');
  t.ok(await store.stat('episodes/doomed/audio.mp3'));
  await store.delete('episodes/doomed/audio.mp3');
  t.equal(await store.stat('episodes/doomed/audio.mp3'), null);
  await t.rejects(store.read('episodes/doomed/audio.mp3'), { name: 'NoSuchKey' });
});

t.test('a prefix keeps deployments apart in one bucket', async (t) => {
  const a = storage({ prefix: 'deployment-a/' });
  const b = storage({ prefix: 'deployment-b/' });
  const unprefixed = storage();
  const key = 'episodes/shared-name/audio.mp3';
  await a.putFile(key, await fileOf('prefixed.mp3', Buffer.from('for a only')), 'audio/mpeg');

  const keys = await s3.listKeys();
  t.ok(keys.includes(`deployment-a/${key}`), 'stored under the prefix');
  t.notOk(keys.includes(key), 'not at the bare key');
  t.equal(await b.stat(key), null, 'another prefix does not see it');
  t.equal(await unprefixed.stat(key), null, 'nor does no prefix');
  await b.delete(key);
  t.same(await a.stat(key), { size: 10, contentType: 'audio/mpeg' }, 'nor can another prefix delete it');
});

t.test('a server that ignores Range is refused rather than trusted', async (t) => {
  const store = storage();
  const key = 'episodes/no-ranges/audio.mp3';
  s3.ignoreRange((request) => request.key === key);
  const bytes = randomBytes(1_000);
  await store.putFile(key, await fileOf('no-ranges.mp3', bytes), 'audio/mpeg');
  await t.rejects(store.read(key, { start: 10, end: 19 }), { message: /answered bytes 10-19 .* with the whole object/ });
  t.ok((await bytesOf(await store.read(key))).equals(bytes), 'whole reads still work');
});

t.test('an unknown access key is refused by every operation', async (t) => {
  // s3rver checks the key id but not SigV4 signatures, so a wrong secret cannot be tested here.
  const store = storage({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } });
  const file = await fileOf('denied.mp3', Buffer.from('x'));
  await t.rejects(store.putFile('episodes/denied/audio.mp3', file, 'audio/mpeg'), { name: 'InvalidAccessKeyId' });
  await t.rejects(store.stat('episodes/denied/audio.mp3'), 'a refused stat is an error, not a missing object');
  await t.rejects(store.read('episodes/denied/audio.mp3'), { name: 'InvalidAccessKeyId' });
  await t.rejects(store.delete('episodes/denied/audio.mp3'), { name: 'InvalidAccessKeyId' });
});

t.test('unsafe keys are refused before any request is made', async (t) => {
  const store = storage({ prefix: 'safe/' });
  const file = await fileOf('unsafe.txt', Buffer.from('x'));
  const before = s3.requests.length;
  for (const key of ['', '../escape', 'a/../../b', '/absolute', 'a//b', './here', 'with space', 'back\\slash']) {
    await t.rejects(store.putFile(key, file, 'text/plain'), { message: /Unsafe storage key/ }, `putFile ${JSON.stringify(key)}`);
    await t.rejects(store.stat(key), { message: /Unsafe storage key/ }, `stat ${JSON.stringify(key)}`);
    await t.rejects(store.read(key, { start: 0, end: 0 }), { message: /Unsafe storage key/ }, `read ${JSON.stringify(key)}`);
    await t.rejects(store.delete(key), { message: /Unsafe storage key/ }, `delete ${JSON.stringify(key)}`);
  }
  t.equal(s3.requests.length, before, 'nothing reached the server');
});

t.test('createStorage picks S3 for STORAGE_DRIVER=s3, prefix from S3_PREFIX', async (t) => {
  const store = createStorage(loadConfig({ DATA_DIR: dir, ...s3.env('from-env') }));
  t.teardown(() => (store instanceof S3Storage ? store.destroy() : undefined));
  t.type(store, S3Storage);
  await store.putFile('uploads/configured/original.txt', await fileOf('configured.txt', Buffer.from('via config')), 'text/plain');
  t.ok((await s3.listKeys()).includes('from-env/uploads/configured/original.txt'));
});

t.test('deleting a prefix removes every object under it, on S3 and on local disk, and nothing beside it', async (t) => {
  const local = createStorage(loadConfig({ DATA_DIR: path.join(dir, 'data'), STORAGE_DRIVER: 'local' }));
  for (const store of [storage({ prefix: 'fleet/' }), local]) {
    const keep = ['episodes/ep_a/audio-1.mp3', 'episodes/ep_ab/segments/kept.wav', 'episodes/ep_b/segments/other.wav'];
    const doomed = Array.from({ length: 12 }, (_, n) => `episodes/ep_a/segments/${n.toString().padStart(2, '0')}.wav`);
    for (const key of [...keep, ...doomed]) await store.putFile(key, await fileOf('object.bin', randomBytes(64)), 'audio/wav');
    t.equal(await store.deletePrefix('episodes/ep_a/segments/'), doomed.length, `${store.driver}: every object under the prefix`);
    for (const key of doomed) t.equal(await store.stat(key), null);
    for (const key of keep) t.ok(await store.stat(key), `${store.driver}: ${key} is kept`);
    t.equal(await store.deletePrefix('episodes/ep_a/segments/'), 0, `${store.driver}: deleting again finds nothing`);
    await t.rejects(store.deletePrefix('episodes/ep_a/segments'), /folder/, 'a prefix must name a folder');
  }
});
