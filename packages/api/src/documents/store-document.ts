// POST /api/documents: a document kept for use as an episode source (`sources:
// [{documentId}]`). It passes the checks an episode upload does (the tier's size limit
// while it streams, magic bytes against the extension, strict UTF-8, a DOCX archive
// inspected for zip bombs) before anything is stored; then, in one transaction under the
// account's lock, the bound on documents an account keeps, the original to storage, the
// row and the answer (Idempotency-Key). A refusal stores nothing.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '@castwright/core/db/connect';
import type { DocumentRow, UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import type { ServiceLogger } from '@castwright/core/logger';
import { countDocuments, insertDocument, lockAccountDocuments } from '@castwright/core/repositories/documents';
import { documentKey, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { DOCUMENT_CONTENT_TYPES } from '@castwright/content/ingest/documents/document-type';
import { checkDocument } from '../episodes/check-document.ts';
import { receiveFormFiles } from '../episodes/receive-upload.ts';
import type { UploadForm } from '../http/form-file.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';

/** Documents one account keeps at most (409 `Limit reached` beyond). */
export const MAX_DOCUMENTS_PER_ACCOUNT = 200;

export async function storeDocument(
  services: { db: Db; storage: ObjectStorage; logger: ServiceLogger },
  form: UploadForm,
  user: UserRow,
  answer: AnswerRecorder<DocumentRow>,
): Promise<DocumentRow> {
  const directory = await mkdtemp(path.join(tmpdir(), 'castwright-document-'));
  try {
    const { files } = await receiveFormFiles(form, user, directory, { fieldNames: [], maxFiles: 1 });
    const file = files[0] as (typeof files)[number];
    await answer.claim(form.digest());
    const type = await checkDocument(file.filePath, file.filename);
    const sha256 = await fileSha256(file.filePath);
    const id = newId('document');
    const key = documentKey(user.id, id, type);
    let stored = false;
    const document = await services.db.transaction().execute(async (trx) => {
      await lockAccountDocuments(trx, user.id);
      if ((await countDocuments(trx, user.id)) >= MAX_DOCUMENTS_PER_ACCOUNT) {
        throw new AppError('limitReached', `An account keeps at most ${MAX_DOCUMENTS_PER_ACCOUNT} documents; delete one first`);
      }
      stored = true;
      await services.storage.putFile(key, file.filePath, DOCUMENT_CONTENT_TYPES[type]);
      const row = await insertDocument(trx, { id, user_id: user.id, filename: file.filename || `document.${type}`, document_type: type, storage_key: key, bytes: file.size, sha256 });
      await answer.record(trx, row);
      return row;
    }).catch(async (error: unknown) => {
      if (stored) await services.storage.delete(key).catch((cleanupError: unknown) => services.logger.warn({ err: cleanupError, key }, 'could not delete a refused document'));
      throw error;
    });
    services.logger.info({ documentId: id, type, bytes: file.size }, 'document stored');
    return document;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function fileSha256(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return hash.digest('hex');
}
