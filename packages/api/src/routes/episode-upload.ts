// POST /api/episodes/upload: an episode from a document. The file streams to a
// temporary file under the tier's size limit (413 the moment it is passed, before
// the rest of the body is read), is checked by magic bytes AND extension, and is
// stored only inside createEpisode's transaction (after the quota is counted), so a
// refused upload leaves no file, no row and no quota used.
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '@castwright/core/db/schema';
import { HOST_MODES, VOICE_PAIRS, VOICE_STYLES } from '@castwright/core/episode-states';
import { AppError, PermanentError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { uploadKey } from '@castwright/core/storage/object-storage';
import { PRESETS, TIER_LIMITS, type Preset } from '@castwright/core/tiers';
import {
  ALLOWED_TYPES_TEXT,
  DOCUMENT_CONTENT_TYPES,
  documentTypeFor,
  MAGIC_BYTES_NEEDED,
  type DocumentType,
} from '@castwright/content/ingest/documents/document-type';
import { inspectDocxArchive } from '@castwright/content/ingest/documents/docx-text';
import { isStrictUtf8File } from '@castwright/content/ingest/documents/plain-text';
import { createEpisode } from '../episodes/create-episode.ts';
import { acceptedEpisodeBody } from '../episodes/episode-views.ts';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses } from '../schemas/common.ts';
import { CreatedEpisode } from '../schemas/episodes.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

/** Room for the multipart boundaries, part headers and the small form fields. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

const FIELD_CHOICES = {
  preset: PRESETS,
  hostMode: HOST_MODES,
  voiceStyle: VOICE_STYLES,
  voicePair: VOICE_PAIRS,
} as const;
type FieldName = keyof typeof FIELD_CHOICES;

interface ReceivedForm {
  filePath: string | null;
  filename: string;
  size: number;
  fields: Partial<Record<FieldName, string>>;
}

const MB = 1024 * 1024;

function tooLarge(user: UserRow): AppError {
  const limitMb = TIER_LIMITS[user.tier].maxUploadBytes / MB;
  return new AppError('payloadTooLarge', `The file is larger than the ${limitMb} MB upload limit of the ${user.tier} tier`, {
    // The rest of the body is not read: the connection closes after this answer.
    headers: { connection: 'close' },
  });
}

function invalid(message: string): AppError {
  return new AppError('validation', message, { extras: { errors: [message] } });
}

/** The client's file name, reduced to a plain base name fit to show back. */
function cleanFilename(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return base.length > 255 ? base.slice(-255) : base;
}

async function receiveForm(request: FastifyRequest, user: UserRow, directory: string): Promise<ReceivedForm> {
  const maxBytes = TIER_LIMITS[user.tier].maxUploadBytes;
  const form: ReceivedForm = { filePath: null, filename: '', size: 0, fields: {} };
  const parts = request.parts({
    limits: { fileSize: maxBytes + 1, files: 2, fields: 8, fieldSize: 256, parts: 10, headerPairs: 20 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!(part.fieldname in FIELD_CHOICES)) throw invalid(`Unknown form field ${JSON.stringify(part.fieldname)}; allowed: file, ${Object.keys(FIELD_CHOICES).join(', ')}`);
      if (typeof part.value !== 'string') throw invalid(`${part.fieldname} must be text`);
      form.fields[part.fieldname as FieldName] = part.value;
      continue;
    }
    if (part.fieldname !== 'file') throw invalid(`Unexpected file field ${JSON.stringify(part.fieldname)}; send the document as "file"`);
    if (form.filePath !== null) throw invalid('Send exactly one file');
    const filePath = path.join(directory, 'upload');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > maxBytes ? tooLarge(user) : null, chunk);
      },
    });
    await pipeline(part.file, counter, createWriteStream(filePath));
    if (part.file.truncated) throw tooLarge(user);
    form.filePath = filePath;
    form.filename = cleanFilename(part.filename);
    form.size = size;
  }
  return form;
}

/** The document's type by contents and name, or a 400 naming the allowed types. */
async function checkDocument(filePath: string, filename: string): Promise<DocumentType> {
  const handle = await open(filePath);
  const head = Buffer.alloc(MAGIC_BYTES_NEEDED);
  try {
    await handle.read(head, 0, MAGIC_BYTES_NEEDED, 0);
  } finally {
    await handle.close();
  }
  const unsupported = invalid(`The file must be one of ${ALLOWED_TYPES_TEXT}, and its contents must match its extension`);
  const type = documentTypeFor(head, filename);
  if (type === null) throw unsupported;
  if (type === 'txt' || type === 'md') {
    if (!(await isStrictUtf8File(filePath))) throw invalid(`A .${type} file must be UTF-8 text; allowed types: ${ALLOWED_TYPES_TEXT}`);
  }
  if (type === 'docx') {
    try {
      await inspectDocxArchive(filePath);
    } catch (error) {
      if (error instanceof PermanentError) throw invalid(error.message);
      throw error;
    }
  }
  return type;
}

function choice<K extends FieldName>(fields: ReceivedForm['fields'], name: K, fallback: (typeof FIELD_CHOICES)[K][number]): (typeof FIELD_CHOICES)[K][number] {
  const value = fields[name];
  if (value === undefined) return fallback;
  const allowed: readonly string[] = FIELD_CHOICES[name];
  if (!allowed.includes(value)) throw invalid(`${name} must be one of ${allowed.join(', ')}`);
  return value as (typeof FIELD_CHOICES)[K][number];
}

export function episodeUploadRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    // Registered here, so only this plugin's routes parse multipart bodies.
    await app.register(multipart, { throwFileSizeLimit: false });

    app.post('/api/episodes/upload', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: 'Create an episode from a document (PDF, DOCX, DOC, TXT, MD)',
        description:
          'multipart/form-data: `file` (required), `preset` (default standard), `hostMode`, `voiceStyle`, `voicePair`. ' +
          'The file may be up to the tier\'s upload limit (free 5 MB, creator 20 MB, professional 50 MB, enterprise 100 MB); larger is 413. ' +
          'Counts against the monthly quota. Processing is asynchronous: follow /api/episodes/{id}/stream.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 202: CreatedEpisode, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    }, async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'Send the document as multipart/form-data with a "file" field');
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > TIER_LIMITS[user.tier].maxUploadBytes + FORM_OVERHEAD_BYTES) throw tooLarge(user);

      const directory = await mkdtemp(path.join(tmpdir(), 'castwright-upload-'));
      let created: Awaited<ReturnType<typeof createEpisode>>;
      try {
        const form = await receiveForm(request, user, directory);
        if (form.filePath === null) throw invalid('The "file" field is required');
        if (form.size === 0) throw invalid('The file is empty');
        const preset: Preset = choice(form.fields, 'preset', 'standard');
        const hostMode = choice(form.fields, 'hostMode', 'single');
        const voiceStyle = choice(form.fields, 'voiceStyle', 'professional');
        const voicePair = choice(form.fields, 'voicePair', 'expert-curious');
        const type = await checkDocument(form.filePath, form.filename);
        const filePath = form.filePath;

        const episodeId = newId('episode');
        const key = uploadKey(episodeId, type);
        let stored = false;
        created = await createEpisode(db, user, {
          source: { type: 'upload', key, filename: form.filename },
          preset,
          hostMode,
          voiceStyle,
          voicePair,
          ttsEngine: 'auto',
          reviewScript: false,
        }, {
          id: episodeId,
          beforeInsert: async () => {
            stored = true;
            await storage.putFile(key, filePath, DOCUMENT_CONTENT_TYPES[type]);
          },
        }).catch(async (error: unknown) => {
          if (stored) {
            await storage.delete(key).catch((cleanupError: unknown) => request.log.warn({ err: cleanupError, key }, 'could not delete a refused upload'));
          }
          throw error;
        });
        request.log.info({ episodeId: created.episode.id, type, bytes: form.size }, 'document uploaded');
      } finally {
        // Before any answer goes out, so no temporary file outlives its request.
        await rm(directory, { recursive: true, force: true });
      }
      return reply.status(202).send(acceptedEpisodeBody(created.episode, created.quota));
    });
  };
}
