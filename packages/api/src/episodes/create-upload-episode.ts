// An episode from an uploaded document: received to a temporary file, checked, and
// stored only inside createEpisode's transaction (after the quota is counted), so a
// refused upload leaves no file, no row and no quota used. The temporary directory is
// gone before the answer goes out. An Idempotency-Key is claimed once the whole form has
// been read, since the request is known only with its file's hash (form.digest()).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { newId } from '@castwright/core/ids';
import type { ServiceLogger } from '@castwright/core/logger';
import { uploadKey, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { DOCUMENT_CONTENT_TYPES } from '@castwright/content/ingest/documents/document-type';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { checkDocument } from './check-document.ts';
import { createEpisode, type CreatedEpisode } from './create-episode.ts';
import type { UploadForm } from '../http/form-file.ts';
import { receiveUpload } from './receive-upload.ts';

export async function createUploadEpisode(
  services: { db: Db; config: Config; storage: ObjectStorage; logger: ServiceLogger },
  form: UploadForm,
  user: UserRow,
  answer: AnswerRecorder<CreatedEpisode>,
): Promise<CreatedEpisode> {
  const directory = await mkdtemp(path.join(tmpdir(), 'castwright-upload-'));
  try {
    const upload = await receiveUpload(form, user, directory);
    await answer.claim(form.digest());
    const type = await checkDocument(upload.filePath, upload.filename);
    const episodeId = newId('episode');
    const key = uploadKey(episodeId, type);
    let stored = false;
    const created = await createEpisode(services, user, { source: { type: 'upload', key, filename: upload.filename }, ...upload.choices }, answer, {
      id: episodeId,
      beforeInsert: async () => {
        stored = true;
        await services.storage.putFile(key, upload.filePath, DOCUMENT_CONTENT_TYPES[type]);
      },
    }).catch(async (error: unknown) => {
      if (stored) await services.storage.delete(key).catch((cleanupError: unknown) => services.logger.warn({ err: cleanupError, key }, 'could not delete a refused upload'));
      throw error;
    });
    services.logger.info({ episodeId, type, bytes: upload.size }, 'document uploaded');
    return created;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
