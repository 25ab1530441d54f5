// An episode from uploaded documents (one, or several woven into one episode): each
// received to a temporary file, checked, and stored only inside createEpisode's
// transaction (after the quota is counted), so a refused upload leaves no file, no row
// and no quota used. The temporary directory is gone before the answer goes out. An
// Idempotency-Key is claimed once the whole form has been read, since the request is
// known only with its files' hashes (form.digest()).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { newId } from '@castwright/core/ids';
import type { ServiceLogger } from '@castwright/core/logger';
import { uploadKey, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { DOCUMENT_CONTENT_TYPES, type DocumentType } from '@castwright/content/ingest/documents/document-type';
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
    const episodeId = newId('episode');
    const files: { key: string; filePath: string; filename: string; type: DocumentType; size: number }[] = [];
    for (const file of upload.files) {
      const type = await checkDocument(file.filePath, file.filename);
      files.push({ ...file, type, key: uploadKey(episodeId, type, files.length) });
    }
    const stored: string[] = [];
    const sources = files.map((file) => ({ kind: 'upload' as const, storageKey: file.key, filename: file.filename }));
    const created = await createEpisode(services, user, { sources, ...upload.choices }, answer, {
      id: episodeId,
      beforeInsert: async () => {
        for (const file of files) {
          stored.push(file.key);
          await services.storage.putFile(file.key, file.filePath, DOCUMENT_CONTENT_TYPES[file.type]);
        }
      },
    }).catch(async (error: unknown) => {
      for (const key of stored) await services.storage.delete(key).catch((cleanupError: unknown) => services.logger.warn({ err: cleanupError, key }, 'could not delete a refused upload'));
      throw error;
    });
    services.logger.info({ episodeId, documents: files.map((file) => ({ type: file.type, bytes: file.size })) }, 'documents uploaded');
    return created;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
