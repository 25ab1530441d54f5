// The typed Castwright client for Node: everything of `api-client.ts` (openapi-fetch over
// the generated `paths`, the progress stream as typed events) plus downloading an
// episode's audio to a file.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ApiError, send, type ClientOptions } from './api-client.ts';

export { ApiError, createCastwrightClient, followEpisode, type ClientOptions, type ProgressEvent } from './api-client.ts';

/** Saves the episode's MP3 to `destination`; resolves with the number of bytes written. */
export async function downloadAudio(options: ClientOptions, episodeId: string, destination: string, signal?: AbortSignal): Promise<number> {
  const response = await send(options, `/api/episodes/${encodeURIComponent(episodeId)}/audio`, signal);
  if (!response.body) throw new ApiError(response.status, undefined);
  let bytes = 0;
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(body, createWriteStream(destination));
  return bytes;
}
