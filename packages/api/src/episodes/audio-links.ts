// Signed, short-lived audio and video addresses: what a browser's <audio> or <video> element
// (which cannot send a bearer token) plays a private episode from, with range requests,
// straight from the API. A link names the episode, what it plays (the published revision's
// file, a live take, the revision's video in a shape, or a clip), the account that asked for
// it and when it expires, under an HMAC of all of them: it
// cannot be stretched to another episode, revision or take, or past its time, and it
// serves only while that account may still read the episode. Stateless: any API replica
// checks it with the shared secret (JWT_SECRET's, under a label of its own).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow, UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { selectUserById } from '@castwright/core/repositories/users';
import type { VideoShape } from '@castwright/core/video/video-shapes';
import { canRead } from './episode-views.ts';
import { readableEpisode } from './readable-episode.ts';

/**
 * `audio`: the published revision's MP3 (version: the revision); `live`: a live stream
 * (version: the take); `video:<shape>`: the published revision's video in that shape
 * (version: the revision); `clip:<id>`: that clip's video (version: the revision it was cut from).
 */
export type AudioLinkKind = 'audio' | 'live' | `video:${VideoShape}` | `clip:${string}`;

/** The signer of a link asked for without credentials (a public episode): it serves while the episode stays public. */
const ANYONE = 'public';

export interface SignedLink {
  token: string;
  expiresAt: Date;
}

const TOKEN = /^(\d{1,9})\.(\d{1,12})\.([0-9a-f-]{36}|public)\.([A-Za-z0-9_-]{43})$/;

export class AudioLinks {
  readonly #key: Buffer;
  readonly ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.#key = createHmac('sha256', secret).update('castwright audio links v1').digest();
    this.ttlSeconds = ttlSeconds;
  }

  sign(kind: AudioLinkKind, episodeId: string, version: number, userId: string | null, now = Date.now()): SignedLink {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    const signer = userId ?? ANYONE;
    return { token: `${version}.${expires}.${signer}.${this.#mac(kind, episodeId, version, expires, signer)}`, expiresAt: new Date(expires * 1000) };
  }

  /** What a token signs for this episode and kind; a 403 for a token that is not one of ours for it, or has expired. */
  verify(kind: AudioLinkKind, episodeId: string, token: string, now = Date.now()): { version: number; userId: string | null } {
    const match = TOKEN.exec(token);
    const [version, expires, signer, mac] = [Number(match?.[1]), Number(match?.[2]), match?.[3] ?? '', match?.[4] ?? ''];
    const expected = match ? this.#mac(kind, episodeId, version, expires, signer) : '';
    if (!match || !timingSafeEqual(Buffer.from(mac.padEnd(43)), Buffer.from(expected.padEnd(43)))) {
      throw new AppError('forbidden', 'This audio link is not valid for this episode');
    }
    if (expires * 1000 <= now) throw new AppError('forbidden', 'This audio link has expired; ask for a new one (GET /api/episodes/{id}/listen)');
    return { version, userId: signer === ANYONE ? null : signer };
  }

  #mac(kind: AudioLinkKind, episodeId: string, version: number, expires: number, signer: string): string {
    return createHmac('sha256', this.#key).update(`${kind}\n${episodeId}\n${version}\n${expires}\n${signer}`).digest('base64url');
  }
}

/**
 * The episode a signed link may serve now: the link must be ours for this episode and
 * kind and unexpired (403), its account must still be able to read the episode, and what
 * it names must still be what is served (404: another revision is published, or the live
 * take was replaced or finished). Returns the episode and the version the link names.
 */
export async function signedEpisode(db: Db, links: AudioLinks, kind: AudioLinkKind, episodeId: string, token: string): Promise<{ episode: EpisodeRow; version: number }> {
  const { version, userId } = links.verify(kind, episodeId, token);
  const [episode, user] = await Promise.all([selectEpisodeById(db, episodeId), userId === null ? null : selectUserById(db, userId)]);
  if (!episode || (userId !== null && !user) || !canRead(episode, user ?? null)) throw new AppError('notFound', 'Episode not found');
  // A clip stays what it was cut from (its route finds it, or 404); the others serve only what is current.
  if (kind.startsWith('clip:')) return { episode, version };
  const current = kind === 'live' ? episode.live_take : episode.published_revision;
  if (current !== version) {
    throw new AppError('notFound', kind === 'live' ? 'This live stream has been replaced' : `This link is for a revision whose ${kind === 'audio' ? 'audio' : 'video'} is no longer served`);
  }
  return { episode, version };
}

/** The episode a player asks for: by the caller's credentials (none for a public episode), or by a signed link's `token` for `kind`. */
export async function playableEpisode(db: Db, links: AudioLinks, reader: UserRow | null, episodeId: string, link: { kind: AudioLinkKind; token: string | undefined }): Promise<EpisodeRow> {
  if (link.token === undefined) return readableEpisode(db, reader, episodeId);
  return (await signedEpisode(db, links, link.kind, episodeId, link.token)).episode;
}
