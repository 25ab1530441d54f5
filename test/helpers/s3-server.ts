// A real S3-protocol server on loopback for tests: s3rver, keeping objects in a temporary
// directory, mounted in an HTTP server of our own that records every request, can make
// chosen requests fail as a failing S3 would, and answers the one call s3rver lacks.
//
// s3rver 3.7.1 quirks worth knowing:
// - it checks that the access key id exists but never verifies SigV4 signatures, so a
//   wrong secret goes unnoticed; only a wrong key id is refused (InvalidAccessKeyId);
// - it has no AbortMultipartUpload (DELETE ?uploadId is 405), so it is answered here;
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

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.invalid');
    const [, , ...keyPath] = url.pathname.split('/');
    const recorded: S3Request = { method: request.method ?? '', key: decodeURIComponent(keyPath.join('/')), query: url.searchParams, headers: { ...request.headers } };
    requests.push(recorded);
    if (refusals.some((match) => match(recorded))) return void answerError(request, response, 403, 'AccessDenied', 'Access Denied');
    if (recorded.method === 'DELETE' && url.searchParams.has('uploadId')) {
      // S3 drops the parts uploaded so far; so does this stand-in for the missing call.
      const parts = path.join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), url.searchParams.get('uploadId') ?? '');
      return void rm(parts, { recursive: true, force: true }).then(() => response.writeHead(204).end());
    }
    if (rangeIgnorers.some((match) => match(recorded))) delete request.headers.range;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
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
