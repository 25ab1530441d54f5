// GET /feeds/:token/artwork.png: the feed's cover, made from the playlist or show (its id
// picks the colours, its name the initials), so it needs no upload and no storage. Its
// version is in the feed's image address and in its ETag, so a renamed playlist's apps
// fetch the new cover and unchanged ones get a 304. GET /feeds/:token/artwork.jpg: the
// cover a show's owner uploaded, which its feed names instead.
import { createHash } from 'node:crypto';
import type { PlaylistRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { isNotModified, notModified, validatorHeaders, type ConditionalRequest, type HttpAnswer, type Validators } from '../http/conditional-get.ts';
import { storedShowFile } from '../shows/stored-show-file.ts';
import { drawArtwork } from './artwork-image.ts';
import type { FeedSource } from './feed-access.ts';
import { FEED_CACHE_CONTROL } from './feed-files.ts';
import { initialsOf } from './pixel-font.ts';

/** Bump when the drawing changes, so every cover gets a new address. */
const ARTWORK_STYLE = 1;

export function artworkVersion(playlist: Pick<PlaylistRow, 'id' | 'name'>): string {
  return createHash('sha256').update(`${ARTWORK_STYLE}:${playlist.id}:${initialsOf(playlist.name)}`).digest('base64url').slice(0, 16);
}

/** Drawing and encoding take a few tenths of a second of CPU, and apps ask for the same few covers again and again. */
const recent = new Map<string, Buffer>();
const RECENT_LIMIT = 32;

function artworkPng(playlist: Pick<PlaylistRow, 'id' | 'name'>, version: string): Buffer {
  let png = recent.get(version);
  if (!png) {
    png = drawArtwork(playlist.id, initialsOf(playlist.name));
    recent.set(version, png);
    const [oldest] = recent.keys();
    if (recent.size > RECENT_LIMIT && oldest !== undefined) recent.delete(oldest);
  }
  return png;
}

export function readArtwork(source: FeedSource, request: ConditionalRequest): HttpAnswer {
  const playlist: Pick<PlaylistRow, 'id' | 'name' | 'updated_at'> = source.kind === 'playlist' ? source.playlist : source.show;
  const version = artworkVersion(playlist);
  const validators: Validators = { etag: `"${version}"`, lastModified: playlist.updated_at };
  if (isNotModified(request, validators)) return notModified(validators, FEED_CACHE_CONTROL);
  return {
    status: 200,
    headers: { ...validatorHeaders(validators), 'Content-Type': 'image/png', 'Cache-Control': FEED_CACHE_CONTROL },
    body: artworkPng(playlist, version),
  };
}

/** A show's uploaded cover; 404 for a playlist's feed or a show without one. */
export async function readUploadedArtwork(storage: ObjectStorage, source: FeedSource, request: ConditionalRequest): Promise<HttpAnswer> {
  const show = source.kind === 'show' ? source.show : undefined;
  const info = show?.artwork_key ? await storage.stat(show.artwork_key) : null;
  if (!show?.artwork_key || !info) throw new AppError('notFound', 'This feed has no uploaded artwork');
  return storedShowFile(storage, { key: show.artwork_key, bytes: info.size, contentType: 'image/jpeg', lastModified: show.updated_at, fileName: 'artwork.jpg' }, request, FEED_CACHE_CONTROL);
}
