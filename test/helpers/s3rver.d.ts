// s3rver ships no types; the part of its interface the tests use.
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the buckets named in `configureBuckets`; `run()` does it too. */
    configureBuckets(): Promise<void>;
    /** The request handler, for mounting in a server of one's own. */
    getMiddleware(): (request: IncomingMessage, response: ServerResponse) => void;
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    logger: { close(): void };
  }
}
