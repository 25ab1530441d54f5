// Where episode audio and uploads live. Local disk by default; S3-compatible in
// production. Keys are slash-separated, like object-store keys.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  size: number;
  contentType: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP Range headers. */
  end: number;
}

export interface ObjectStorage {
  readonly driver: string;
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Removes what interrupted uploads under `prefix` left behind (S3 multipart uploads
   * never completed, half-written local files); returns how many. Uploads in progress
   * under the prefix are cut off too, so call it only when no one else may write there.
   */
  deletePartialUploads(prefix: string): Promise<number>;
  /** Deletes every object whose key starts with `prefix` (a folder: ends in `/`); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
}

const SAFE_KEY = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_\-.]+(\/[A-Za-z0-9_\-.]+)*$/;

/** Keys are built by our code, never from raw client input; this check keeps it so. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 512) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/**
 * Where render attempt `attempt` of an episode puts its MP3. Each attempt has its own
 * key, so a late, superseded attempt can never overwrite the audio that was published.
 */
export function episodeAudioKey(episodeId: string, attempt: number): string {
  return `episodes/${episodeId}/audio-${attempt}.mp3`;
}

/** The one audio key of episodes rendered before attempts had keys of their own. */
export function legacyEpisodeAudioKey(episodeId: string): string {
  return `episodes/${episodeId}/audio.mp3`;
}

/** Everything stored for one episode's audio starts with this (partial uploads included). */
export function episodeAudioPrefix(episodeId: string): string {
  return `episodes/${episodeId}/`;
}

/**
 * Where a document uploaded with an episode lives; `extension` is one of ours (`pdf`,
 * `docx`…), never the client's. The first file is `original.<ext>` (as when an upload had
 * one file); the n-th of several `source-<n>.<ext>`.
 */
export function uploadKey(episodeId: string, extension: string, position = 0): string {
  return `${uploadPrefix(episodeId)}${position === 0 ? 'original' : `source-${position}`}.${extension}`;
}

/** Every file uploaded with one episode starts with this. */
export function uploadPrefix(episodeId: string): string {
  return `uploads/${episodeId}/`;
}

/** Where a stored document's original lives (POST /api/documents); `extension` is one of ours. */
export function documentKey(userId: string, documentId: string, extension: string): string {
  const key = `${documentPrefix(userId)}${documentId}/original.${extension}`;
  assertSafeKey(key);
  return key;
}

/** Every document an account stores starts with this. */
export function documentPrefix(userId: string): string {
  return `documents/${userId}/`;
}

/**
 * Where one voiced line of an episode is kept (media's segment store): `segmentKey` is
 * the SHA-256 hex of everything that changes the line's sound, so the same line voiced
 * the same way always lands on the same object.
 */
export function episodeSegmentKey(episodeId: string, segmentKey: string): string {
  if (!/^[0-9a-f]{64}$/.test(segmentKey)) throw new Error(`Not a segment key: ${JSON.stringify(segmentKey)}`);
  return `${episodeSegmentPrefix(episodeId)}${segmentKey}.wav`;
}

/** Every voiced line kept for an episode starts with this. */
export function episodeSegmentPrefix(episodeId: string): string {
  return `episodes/${episodeId}/segments/`;
}

/** Everything a live stream of an episode published (its takes' segments) starts with this. */
export function episodeLivePrefix(episodeId: string): string {
  return `episodes/${episodeId}/live/`;
}

/**
 * Where render attempt `attempt` puts segment `seq` of live take `take`: an attempt never
 * writes over another's segment, so bytes a listener was sent are never changed under them.
 */
export function episodeLiveSegmentKey(episodeId: string, take: number, seq: number, attempt: number): string {
  const key = `${episodeLivePrefix(episodeId)}${take}/${seq}-${attempt}.mp3`;
  assertSafeKey(key);
  return key;
}

/**
 * Where a voice's files live: a custom voice's clip (`clip.wav`) and any voice's sample
 * (`sample-<random>.mp3`). Catalog ids hold characters keys do not (`kokoro:af_heart`),
 * so the folder is named by a digest of the id.
 */
export function voiceFileKey(voiceId: string, file: string): string {
  if (!/^[a-z0-9-]+\.(wav|mp3)$/.test(file)) throw new Error(`Not a voice file name: ${JSON.stringify(file)}`);
  return `voices/${createHash('sha256').update(voiceId).digest('hex').slice(0, 32)}/${file}`;
}

/**
 * Everything stored for an account's lexicon (its entries' samples) starts with this; with
 * `pronunciationId`, everything of one entry.
 */
export function pronunciationSamplePrefix(userId: string, pronunciationId?: string): string {
  return `pronunciations/${userId}/${pronunciationId === undefined ? '' : `${pronunciationId}/`}`;
}

/** Where one sample of an entry lives (`sample-<random>.mp3`: a new name for every sample made). */
export function pronunciationSampleKey(userId: string, pronunciationId: string, file: string): string {
  if (!/^sample-[0-9a-f]+\.mp3$/.test(file)) throw new Error(`Not a sample file name: ${JSON.stringify(file)}`);
  const key = `${pronunciationSamplePrefix(userId, pronunciationId)}${file}`;
  assertSafeKey(key);
  return key;
}

/** Everything stored for an episode's videos and clips starts with this. */
export function episodeVideoPrefix(episodeId: string): string {
  return `episodes/${episodeId}/videos/`;
}

/** Where one made video or clip lives (`<video id>-<random>.mp4`: a new name for every file made). */
export function episodeVideoKey(episodeId: string, videoId: string, nonce: string): string {
  const key = `${episodeVideoPrefix(episodeId)}${videoId}-${nonce}.mp4`;
  assertSafeKey(key);
  return key;
}

/** Everything stored for an account's shows (covers, audio parts) starts with this; with `showId`, everything of one show. */
export function showFilePrefix(userId: string, showId?: string): string {
  return `shows/${userId}/${showId === undefined ? '' : `${showId}/`}`;
}

/** Where one of a show's files lives (`<part>-<random>.flac`, `artwork-<random>.jpg`: a new name for every upload). */
export function showFileKey(userId: string, showId: string, file: string): string {
  if (!/^(intro|outro|bed|sting)-[0-9a-f]+\.flac$|^artwork-[0-9a-f]+\.jpg$/.test(file)) throw new Error(`Not a show file name: ${JSON.stringify(file)}`);
  const key = `${showFilePrefix(userId, showId)}${file}`;
  assertSafeKey(key);
  return key;
}
