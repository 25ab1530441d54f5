// A show's cover: POST /api/shows/:id/artwork uploads it (checked as podcast directories
// take a feed's artwork: core/shows/check-show-artwork.ts) and keeps it as a JPEG;
// DELETE removes it (the feed draws one from the show's name again); GET shows it to its
// owner. Its feed serves it too (feeds/feed-artwork.ts).
import path from 'node:path';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ServiceLogger } from '@castwright/core/logger';
import { lockOwnShow, selectOwnShow, updateShow } from '@castwright/core/repositories/shows';
import { checkShowArtwork } from '@castwright/core/shows/check-show-artwork';
import { SHOW_ARTWORK } from '@castwright/core/shows/show-options';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { ConditionalRequest, HttpAnswer } from '../http/conditional-get.ts';
import type { UploadForm } from '../http/form-file.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkShowIfMatch, readShow } from './read-shows.ts';
import { storedShowFile } from './stored-show-file.ts';
import { uploadToShow, type ShowUploadServices } from './show-upload.ts';
import type { ShowView } from './show-views.ts';

export function uploadShowArtwork(services: ShowUploadServices, form: UploadForm, user: UserRow, id: string, ifMatch: string | undefined, answer: AnswerRecorder<ShowView>): Promise<ShowView> {
  return uploadToShow(services, form, user, id, ifMatch, {
    what: 'The artwork',
    maxBytes: SHOW_ARTWORK.maxBytes,
    name: 'artwork',
    extension: 'jpg',
    check: async (tools, received, directory) => {
      const checked = await checkShowArtwork(tools, received.filePath, path.join(directory, 'artwork.jpg'));
      return { ...checked, file: checked.jpegFile, contentType: 'image/jpeg' };
    },
    record: async (trx, show, stored) => {
      await updateShow(trx, show.id, { artwork_key: stored.key, artwork_sha256: stored.sha256 });
      return show.artwork_key ?? undefined;
    },
  }, answer);
}

export async function removeShowArtwork(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, id: string, ifMatch: string | undefined): Promise<ShowView> {
  let removedKey: string | null = null;
  const view = await services.db.transaction().execute(async (trx) => {
    const show = await ownedOr404('show', lockOwnShow(trx, user.id, id));
    await checkShowIfMatch(trx, user, id, ifMatch);
    if (!show.artwork_key) throw new AppError('notFound', 'This show has no artwork');
    removedKey = show.artwork_key;
    await updateShow(trx, show.id, { artwork_key: null, artwork_sha256: null });
    return readShow(trx, user, id);
  });
  if (removedKey) {
    const key: string = removedKey;
    await services.storage.delete(key).catch((error: unknown) => services.logger.warn({ err: error, key }, "could not delete a removed show's artwork"));
  }
  return view;
}

export async function readShowArtwork(services: { db: Db; storage: ObjectStorage }, user: UserRow, id: string, request: ConditionalRequest): Promise<HttpAnswer> {
  const show = await ownedOr404('show', selectOwnShow(services.db, user.id, id));
  if (!show.artwork_key) throw new AppError('notFound', 'This show has no artwork');
  const info = await services.storage.stat(show.artwork_key);
  if (!info) throw new AppError('notFound', 'This show has no artwork');
  return storedShowFile(services.storage, { key: show.artwork_key, bytes: info.size, contentType: 'image/jpeg', lastModified: show.updated_at, fileName: `${show.name}.jpg` }, request);
}
