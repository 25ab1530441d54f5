// Objects in an S3-compatible bucket (AWS S3, MinIO, R2, …). The API streams audio from
// here with byte ranges; nothing is ever served from a public bucket URL.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { assertSafeKey, type ByteRange, type ObjectStorage, type StoredObjectInfo } from './object-storage.ts';

/** Files above this size go up in parts of this size (S3's minimum part is 5 MiB). */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;
/** Parts in flight at once; it bounds the memory one upload holds to this many parts. */
const PARTS_IN_FLIGHT = 4;
// Every streamed read holds a connection until its listener has it all; the SDK's default
// of 50 sockets would make the 51st listener wait for someone else's episode to finish.
const MAX_SOCKETS = 256;
/** Deletes in flight at once when a whole prefix goes. */
const DELETES_AT_ONCE = 8;

export class S3Storage implements ObjectStorage {
  readonly driver = 's3';
  readonly bucket: string;
  readonly prefix: string;
  private readonly client: S3Client;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Since 3.729 the SDK adds CRC32 checksums to uploads by default: x-amz-checksum
      // headers, a checksum algorithm on multipart uploads, and for streamed bodies the
      // `aws-chunked` encoding with a checksum trailer. Many S3-compatible servers know
      // none of it: some refuse the request, others (s3rver among them) store the chunk
      // framing as if it were the object's bytes. Checksums only where an operation
      // requires one keep uploads plain HTTP bodies that every server reads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 10_000, httpAgent: { maxSockets: MAX_SOCKETS }, httpsAgent: { maxSockets: MAX_SOCKETS } },
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { size } = await stat(filePath);
    const body = createReadStream(filePath);
    try {
      // One PUT for a file smaller than a part; otherwise a multipart upload, which
      // Upload aborts when a part fails, so no orphaned parts keep costing storage.
      await new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: objectKey, Body: body, ContentType: contentType, ContentLength: size },
        partSize: MULTIPART_PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      }).done();
    } finally {
      body.destroy();
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      // A HEAD response has no body, so a missing key shows only as its status.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    }));
    const body = object.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${JSON.stringify(key)}`);
    // A server that ignores or mangles Range would have the API send the wrong bytes
    // under a 206 header; refuse instead.
    if (range && !object.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
      body.destroy();
      throw new Error(`S3 answered bytes ${range.start}-${range.end} of ${JSON.stringify(key)} with ${object.ContentRange ?? 'the whole object'}`);
    }
    return body;
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there, so deleting twice is fine.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix.endsWith('/')) throw new Error(`A prefix to delete must be a folder ending in "/": ${JSON.stringify(prefix)}`);
    // One DeleteObject per key, a few at a time: DeleteObjects needs a Content-MD5 or
    // checksum that not every S3-compatible server accepts (see the checksum note above).
    let deleted = 0;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: this.objectKey(prefix.slice(0, -1)) + '/',
        ContinuationToken: continuationToken,
      }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      for (let start = 0; start < keys.length; start += DELETES_AT_ONCE) {
        await Promise.all(keys.slice(start, start + DELETES_AT_ONCE).map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))));
      }
      deleted += keys.length;
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return deleted;
  }

  async deletePartialUploads(prefix: string): Promise<number> {
    // A multipart upload that was never completed (its process was killed) is invisible
    // as an object but keeps its parts, and their cost, until aborted.
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(new ListMultipartUploadsCommand({
        Bucket: this.bucket,
        Prefix: this.objectKey(prefix.replace(/\/+$/, '')) + '/',
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }));
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        aborted += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return aborted;
  }

  /** Closes the pooled connections; for tests and tools that end before the process does. */
  destroy(): void {
    this.client.destroy();
  }
}
