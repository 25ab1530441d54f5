// How a stored document looks in API responses and the account export.
import type { DocumentRow } from '@castwright/core/db/schema';

export function documentView(document: DocumentRow) {
  return {
    id: document.id,
    filename: document.filename,
    type: document.document_type,
    bytes: Number(document.bytes),
    createdAt: document.created_at.toISOString(),
  };
}
