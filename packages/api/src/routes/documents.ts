// Documents kept for use as episode sources: upload, list, read, delete (owner only).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DocumentRow } from '@castwright/core/db/schema';
import { documentView } from '../documents/document-views.ts';
import { listDocuments, readDocument, removeDocument } from '../documents/read-documents.ts';
import { MAX_DOCUMENTS_PER_ACCOUNT, storeDocument } from '../documents/store-document.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { uploadForm } from '../plugins/multipart-form.ts';
import { errorResponses, IdParams, MessageBody } from '../schemas/common.ts';
import { DocumentForm, DocumentList, DocumentListQuery, DocumentReply } from '../schemas/sources.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function documentRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  const common = { tags: ['documents'], security: bearer };
  return async (app) => {
    // Registered here, so only this plugin's routes parse multipart bodies.
    await app.register(multipart, { throwFileSizeLimit: false });

    app.post('/api/documents', {
      preHandler: auth.requireUser,
      config: { idempotent: true, documented: { body: DocumentForm } },
      schema: {
        ...common,
        summary: 'Store a document for use as an episode source (PDF, DOCX, DOC, TXT, MD)',
        description:
          'multipart/form-data with one `file`. The checks of an episode upload apply: the tier\'s upload limit (larger is 413), contents that match the extension, ' +
          'UTF-8 text, no zip bombs (400 naming the problem). Use its `id` in `POST /api/episodes` as `sources: [{"documentId": "…"}]`; it is read when an episode uses it. ' +
          `An account keeps at most ${MAX_DOCUMENTS_PER_ACCOUNT} documents (409 \`Limit reached\`).`,
        consumes: ['multipart/form-data'],
        response: { 201: DocumentReply, ...errorResponses(400, 401, 409, 413, 415, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (document: DocumentRow) => ({ success: true as const, document: documentView(document) }));
      await storeDocument({ db, storage, logger: request.log }, uploadForm(request), currentUser(request), answer);
      return answer.send();
    });

    app.get('/api/documents', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "The account's documents, newest first",
        description: 'Paginated with `limit` (default 50, at most 100) and `offset`. Each is its id, file name, type, size and when it was stored.',
        querystring: DocumentListQuery,
        response: { 200: DocumentList, ...errorResponses(400, 401) },
      },
    }, async (request) => {
      const { rows, pagination } = await listDocuments(db, currentUser(request).id, request.query);
      return { success: true as const, documents: rows.map(documentView), pagination };
    });

    app.get('/api/documents/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'One document (owner only)',
        description: 'Its id, file name, type, size and when it was stored. Another account\'s document, or a deleted one, is a 404.',
        params: IdParams,
        response: { 200: DocumentReply, ...errorResponses(401, 404) },
      },
    }, async (request) => ({ success: true as const, document: documentView(await readDocument(db, currentUser(request).id, request.params.id)) }));

    app.delete('/api/documents/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete a document (owner only)',
        description: 'Episodes made from it keep the text they read; an episode that has not read it yet makes do without it, saying why.',
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(401, 404) },
      },
    }, async (request) => {
      await removeDocument({ db, storage, logger: request.log }, currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Document deleted' };
    });
  };
}
