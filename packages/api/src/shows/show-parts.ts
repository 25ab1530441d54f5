// A show's audio parts: POST /api/shows/:id/audio/:part uploads one (checked as a custom
// voice's clip is: real audio by its content, the part's length bounds, a size bound,
// no bombs: core/audio/check-show-part.ts), replacing the part of that kind; DELETE
// removes it; GET plays it back to its owner (the kept mono FLAC).
import path from 'node:path';
import { checkShowPart } from '@castwright/core/audio/check-show-part';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ServiceLogger } from '@castwright/core/logger';
import { deleteShowPart, selectShowPart, upsertShowPart } from '@castwright/core/repositories/show-audio-parts';
import { lockOwnShow, selectOwnShow, updateShow } from '@castwright/core/repositories/shows';
import { SHOW_PART_MAX_BYTES, type ShowPartKind } from '@castwright/core/shows/show-options';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { ConditionalRequest, HttpAnswer } from '../http/conditional-get.ts';
import type { UploadForm } from '../http/form-file.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkShowIfMatch, readShow } from './read-shows.ts';
import { storedShowFile } from './stored-show-file.ts';
import { uploadToShow, type ShowUploadServices } from './show-upload.ts';
import type { ShowView } from './show-views.ts';

const named = (part: ShowPartKind) => `The ${part}`;

export function uploadShowPart(
  services: ShowUploadServices,
  form: UploadForm,
  user: UserRow,
  id: string,
  part: ShowPartKind,
  ifMatch: string | undefined,
  answer: AnswerRecorder<ShowView>,
): Promise<ShowView> {
  return uploadToShow(services, form, user, id, ifMatch, {
    what: named(part),
    maxBytes: SHOW_PART_MAX_BYTES,
    name: part,
    extension: 'flac',
    check: async (tools, received, directory) => {
      const checked = await checkShowPart(tools, part, received.filePath, path.join(directory, 'part.flac'));
      return { ...checked, file: checked.flacFile, contentType: 'audio/flac' };
    },
    record: async (trx, show, stored) => {
      const { checked } = stored;
      const replaced = await upsertShowPart(trx, {
        show_id: show.id,
        part,
        storage_key: stored.key,
        sha256: stored.sha256,
        duration_ms: checked.durationMs,
        sample_rate: checked.sampleRate,
        channels: checked.channels,
        bytes: stored.bytes,
        filename: stored.received.filename,
      });
      services.logger.info({ showId: show.id, part, durationMs: checked.durationMs, sampleRate: checked.sampleRate }, 'show part stored');
      return replaced?.storage_key;
    },
  }, answer);
}

export async function removeShowPart(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, id: string, part: ShowPartKind, ifMatch: string | undefined): Promise<ShowView> {
  let removedKey: string | undefined;
  const view = await services.db.transaction().execute(async (trx) => {
    const show = await ownedOr404('show', lockOwnShow(trx, user.id, id));
    await checkShowIfMatch(trx, user, id, ifMatch);
    const removed = await deleteShowPart(trx, show.id, part);
    if (!removed) throw new AppError('notFound', `This show has no ${part}`);
    removedKey = removed.storage_key;
    await updateShow(trx, show.id, {});
    return readShow(trx, user, id);
  });
  if (removedKey) {
    const key = removedKey;
    await services.storage.delete(key).catch((error: unknown) => services.logger.warn({ err: error, key }, "could not delete a removed show part's file"));
  }
  return view;
}

export async function readShowPart(services: { db: Db; storage: ObjectStorage }, user: UserRow, id: string, part: ShowPartKind, request: ConditionalRequest): Promise<HttpAnswer> {
  const show = await ownedOr404('show', selectOwnShow(services.db, user.id, id));
  const row = await selectShowPart(services.db, show.id, part);
  if (!row) throw new AppError('notFound', `This show has no ${part}`);
  return storedShowFile(services.storage, { key: row.storage_key, bytes: Number(row.bytes), contentType: 'audio/flac', lastModified: row.created_at, fileName: `${show.name}-${part}.flac` }, request);
}
