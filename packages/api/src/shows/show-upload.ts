// What every upload to a show shares (an audio part, the cover): the form received with
// its byte bound into a private folder, the show found (404) before anything is decoded,
// the key claimed once the whole form is known, the file checked by core with ffmpeg
// (a refusal is a 400 with its reason and nothing is stored), then ONE transaction under
// the show's lock: If-Match, the checked file to storage under a new key, the rows, and
// the answer. A failed transaction deletes the file it stored; the file the upload
// replaced is deleted after the commit.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries, type FfmpegBinaries } from '@castwright/core/audio/ffmpeg-binaries';
import { MediaFileError } from '@castwright/core/audio/media-file';
import type { Config } from '@castwright/core/config';
import type { Db, Trx } from '@castwright/core/db/connect';
import type { ShowRow, UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ServiceLogger } from '@castwright/core/logger';
import { lockOwnShow, selectOwnShow, updateShow } from '@castwright/core/repositories/shows';
import { showFileKey, type ObjectStorage } from '@castwright/core/storage/object-storage';
import type { UploadForm } from '../http/form-file.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkShowIfMatch, readShow } from './read-shows.ts';
import { receiveShowFile, type ReceivedFile } from './receive-show-file.ts';
import type { ShowView } from './show-views.ts';

export interface ShowUploadServices {
  db: Db;
  storage: ObjectStorage;
  config: Config;
  logger: ServiceLogger;
}

export interface CheckedFile {
  /** The file as kept, in the upload's folder. */
  file: string;
  contentType: string;
}

export interface ShowUpload<Checked extends CheckedFile> {
  /** "The intro", "The artwork": the file in messages. */
  what: string;
  maxBytes: number;
  /** `<name>-<random>.<extension>` is its stored name. */
  name: string;
  extension: 'flac' | 'jpg';
  check(tools: FfmpegBinaries, received: ReceivedFile, directory: string): Promise<Checked>;
  /** In the transaction, under the show's lock: records the stored file; returns the key it replaced, if any. */
  record(trx: Trx, show: ShowRow, stored: { key: string; sha256: string; bytes: number; checked: Checked; received: ReceivedFile }): Promise<string | undefined>;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function uploadToShow<Checked extends CheckedFile>(
  services: ShowUploadServices,
  form: UploadForm,
  user: UserRow,
  id: string,
  ifMatch: string | undefined,
  upload: ShowUpload<Checked>,
  answer: AnswerRecorder<ShowView>,
): Promise<ShowView> {
  const { db, storage, config, logger } = services;
  const directory = await mkdtemp(path.join(tmpdir(), 'castwright-show-'));
  try {
    const received = await receiveShowFile(form, directory, upload.maxBytes, upload.what);
    await answer.claim(form.digest());
    await ownedOr404('show', selectOwnShow(db, user.id, id));
    const tools = resolveFfmpegBinaries({ ...(config.ffmpegPath ? { ffmpeg: config.ffmpegPath } : {}), ...(config.ffprobePath ? { ffprobe: config.ffprobePath } : {}) });
    const checked = await upload.check(tools, received, directory).catch((error: unknown) => {
      if (error instanceof MediaFileError) throw AppError.validation(error.message, [`file: ${error.message}`]);
      throw error;
    });
    const key = showFileKey(user.id, id, `${upload.name}-${randomBytes(12).toString('hex')}.${upload.extension}`);
    const [sha256, { size }] = await Promise.all([sha256Of(checked.file), stat(checked.file)]);
    let stored = false;
    let replaced: string | undefined;
    const view = await db.transaction().execute(async (trx) => {
      const show = await ownedOr404('show', lockOwnShow(trx, user.id, id));
      await checkShowIfMatch(trx, user, id, ifMatch);
      stored = true;
      await storage.putFile(key, checked.file, checked.contentType);
      replaced = await upload.record(trx, show, { key, sha256, bytes: size, checked, received });
      await updateShow(trx, show.id, {});
      const changed = await readShow(trx, user, id);
      await answer.record(trx, changed);
      return changed;
    }).catch(async (error: unknown) => {
      if (stored) await storage.delete(key).catch((cleanup: unknown) => logger.warn({ err: cleanup, key }, 'could not delete a refused upload'));
      throw error;
    });
    if (replaced && replaced !== key) await storage.delete(replaced).catch((error: unknown) => logger.warn({ err: error, key: replaced }, 'could not delete a replaced show file'));
    return view;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
