// A real S3-protocol server on loopback for tests: s3rver, keeping objects in a temporary
// directory, mounted in an HTTP server of our own that records every request, can make
// chosen requests fail as a failing S3 would, and answers the one call s3rver lacks.
//
// s3rver 3.7.1 quirks worth knowing:
// - it checks that the access key id exists but never verifies SigV4 signatures, so a
//   wrong secret goes unnoticed; only a wrong key id is refused (InvalidAccessKeyId);
// - it has no AbortMultipartUpload (DELETE ?uploadId is 405) and no ListMultipartUploads
//   (GET ?uploads is NotImplemented), so both are answered here;
// - `Range: bytes=0-0` gets the whole object, because it reads the end as `end || Infinity`;
// - its multipart ETag is a plain MD5, without S3's `-<parts>` suffix;
// - an `aws-chunked` body is stored as is, framing and checksum trailer included.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '@castwright/core/config';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface S3Request {
  method: string;
  /** The object key, decoded; '' for requests to the bucket itself. */
  key: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type S3RequestMatcher = (request: S3Request) => boolean;

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** s3rver's built-in key pair. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Every request received, in order. */
  requests: S3Request[];
  /** Matching requests get 403 AccessDenied, an error the SDK does not retry. */
  refuse(match: S3RequestMatcher): void;
  /** Matching requests lose their Range header, as behind a server that ignores it. */
  ignoreRange(match: S3RequestMatcher): void;
  /** Matching requests have their connection cut after a first chunk of the body, as when the server dies mid-upload. */
  interrupt(match: S3RequestMatcher): void;
  /** Stops answering (connections refused) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Multipart uploads begun and neither completed nor aborted, by key. */
  openUploads(): string[];
  /** Settings for the storage driver; `prefix` must be '' or end in '/'. */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  /** The environment that points Castwright's config at this server. */
  env(prefix?: string): Record<string, string>;
  /** Every key in the bucket, read with a plain S3 client. */
  listKeys(): Promise<string[]>;
}

export async function startS3Server(t: TestContext): Promise<S3TestServer> {
  const bucket = 'castwright-test';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const directory = await mkdtemp(path.join(tmpdir(), 'castwright-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.getMiddleware();

  const requests: S3Request[] = [];
  const refusals: S3RequestMatcher[] = [];
  const rangeIgnorers: S3RequestMatcher[] = [];
  const interrupters: S3RequestMatcher[] = [];
  const uploads = new Map<string, string>(); // uploadId → key

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.invalid');
    const [, , ...keyPath] = url.pathname.split('/');
    const recorded: S3Request = { method: request.method ?? '', key: decodeURIComponent(keyPath.join('/')), query: url.searchParams, headers: { ...request.headers } };
    requests.push(recorded);
    if (refusals.some((match) => match(recorded))) return void answerError(request, response, 403, 'AccessDenied', 'Access Denied');
    if (interrupters.some((match) => match(recorded))) {
      request.once('data', () => request.socket.destroy());
      return;
    }
    if (recorded.method === 'DELETE' && url.searchParams.has('uploadId')) {
      // S3 drops the parts uploaded so far; so does this stand-in for the missing call.
      const uploadId = url.searchParams.get('uploadId') ?? '';
      uploads.delete(uploadId);
      const parts = path.join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
      return void rm(parts, { recursive: true, force: true }).then(() => response.writeHead(204).end());
    }
    if (recorded.method === 'GET' && recorded.key === '' && url.searchParams.has('uploads')) return void listUploads(url.searchParams.get('prefix') ?? '', response);
    if (recorded.method === 'POST' && url.searchParams.has('uploads')) rememberUploadId(recorded.key, response);
    if (recorded.method === 'POST' && url.searchParams.has('uploadId')) uploads.delete(url.searchParams.get('uploadId') ?? '');
    if (rangeIgnorers.some((match) => match(recorded))) delete request.headers.range;
    handle(request, response);
  });
  /** Reads the UploadId out of CreateMultipartUpload's answer as it goes by. */
  function rememberUploadId(key: string, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    response.write = ((chunk: Buffer | string, ...rest: never[]) => {
      chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    }) as typeof response.write;
    response.end = ((chunk?: Buffer | string, ...rest: never[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
      if (uploadId) uploads.set(uploadId, key);
      return end(chunk as never, ...rest);
    }) as typeof response.end;
  }

  function listUploads(prefix: string, response: ServerResponse): void {
    const entries = [...uploads].filter(([, key]) => key.startsWith(prefix));
    const xml = entries.map(([uploadId, key]) => `<Upload><Key>${key}</Key><UploadId>${uploadId}</UploadId></Upload>`).join('');
    response
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(`<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><Prefix>${prefix}</Prefix><IsTruncated>false</IsTruncated>${xml}</ListMultipartUploadsResult>`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });

  t.teardown(async () => {
    client.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    s3rver.logger.close();
    await rm(directory, { recursive: true, force: true });
  });

  return {
    endpoint,
    bucket,
    credentials,
    requests,
    refuse: (match) => void refusals.push(match),
    ignoreRange: (match) => void rangeIgnorers.push(match),
    interrupt: (match) => void interrupters.push(match),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    openUploads: () => [...uploads.values()].sort(),
    settings: (overrides = {}) => ({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials, prefix: '', ...overrides }),
    env: (prefix = '') => ({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: prefix,
    }),
    async listKeys() {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
  };
}

/** An S3 error document, sent once the request body has been read, as S3 does. */
function answerError(request: IncomingMessage, response: ServerResponse, status: number, code: string, message: string): void {
  request.resume().once('end', () => {
    response
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  });
}
