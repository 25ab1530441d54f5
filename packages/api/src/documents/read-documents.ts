// Reading and deleting an account's stored documents. Another account's document reads as
// missing (404). A deletion removes the row, then the original: an episode that used it
// keeps the text it read (its source row loses only the link), and one not yet read fails
// that source with a reason.
import type { Db } from '@castwright/core/db/connect';
import type { DocumentRow } from '@castwright/core/db/schema';
import type { ServiceLogger } from '@castwright/core/logger';
import { deleteOwnDocument, selectDocumentPage, selectOwnDocument } from '@castwright/core/repositories/documents';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { ownedOr404 } from '../owned-or-404.ts';

export async function readDocument(db: Db, userId: string, id: string): Promise<DocumentRow> {
  return ownedOr404('document', selectOwnDocument(db, userId, id));
}

export async function listDocuments(db: Db, userId: string, page: { limit: number; offset: number }) {
  const { rows, total } = await selectDocumentPage(db, userId, page);
  return { rows, pagination: { total, limit: page.limit, offset: page.offset } };
}

export async function removeDocument(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, userId: string, id: string): Promise<void> {
  const removed = await ownedOr404('document', deleteOwnDocument(services.db, userId, id));
  await services.storage.delete(removed.storage_key).catch((error: unknown) => services.logger.warn({ err: error, key: removed.storage_key }, 'could not delete a deleted document\'s file'));
}
