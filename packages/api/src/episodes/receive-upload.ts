// Receiving an upload: the multipart form's one file streams to a temporary file and
// is refused (413) the moment it passes the tier's size limit, before the rest of the
// body is read (the error handler discards that rest after answering). The small form
// fields are checked against their allowed values, durationMinutes as a whole number. The form
// arrives as plain parts (plugins/multipart-form.ts reads them off the request).
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UserRow } from '@castwright/core/db/schema';
import { HOST_MODES, VOICE_PAIRS, VOICE_STYLES, type EpisodeChoices } from '@castwright/core/episode-options';
import { AppError } from '@castwright/core/errors';
import { MAX_DURATION_MINUTES, PRESETS, TIER_LIMITS } from '@castwright/core/tiers';
import { withDefaults } from './create-episode.ts';

/** Room for the multipart boundaries, part headers and the small form fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const FIELD_CHOICES = {
  preset: PRESETS,
  hostMode: HOST_MODES,
  voiceStyle: VOICE_STYLES,
  voicePair: VOICE_PAIRS,
} as const;
type FieldName = keyof typeof FIELD_CHOICES;
const FIELD_NAMES = [...Object.keys(FIELD_CHOICES), 'durationMinutes'];

/** Bounds the multipart parser applies while it reads (busboy's limits). */
export interface FormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
  headerPairs: number;
}

export type FormPart =
  | { kind: 'field'; name: string; value: unknown }
  | {
      kind: 'file';
      name: string;
      filename: string;
      /** Must be read to its end before the next part comes. */
      content: Readable;
      /** True once the parser cut the file at `fileSize`. */
      truncated(): boolean;
    };

/** A multipart/form-data body, read part by part as it arrives. */
export interface UploadForm {
  /** The body's declared Content-Length, if any. */
  declaredBytes: number | undefined;
  parts(limits: FormLimits): AsyncIterable<FormPart>;
  /** A digest of the parts read so far (fields, file names and the files' SHA-256), for Idempotency-Key. */
  digest(): string;
}

export interface ReceivedUpload {
  filePath: string;
  filename: string;
  size: number;
  choices: EpisodeChoices;
}

const MB = 1024 * 1024;

function uploadTooLarge(user: UserRow): AppError {
  const limitMb = TIER_LIMITS[user.tier].maxUploadBytes / MB;
  // The error handler answers, then discards the rest of the body (http/drain-unread-body.ts).
  return new AppError('payloadTooLarge', `The file is larger than the ${limitMb} MB upload limit of the ${user.tier} tier`);
}

/** The client's file name, reduced to a plain base name fit to show back. */
function cleanFilename(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return base.length > 255 ? base.slice(-255) : base;
}

/** Reads the form into `directory`; the caller removes the directory. */
export async function receiveUpload(form: UploadForm, user: UserRow, directory: string): Promise<ReceivedUpload> {
  const maxBytes = TIER_LIMITS[user.tier].maxUploadBytes;
  if (form.declaredBytes !== undefined && form.declaredBytes > maxBytes + FORM_OVERHEAD_BYTES) throw uploadTooLarge(user);

  let file: { filePath: string; filename: string; size: number } | undefined;
  const fields: Partial<Record<FieldName | 'durationMinutes', string>> = {};
  const parts = form.parts({ fileSize: maxBytes + 1, files: 2, fields: 8, fieldSize: 256, parts: 10, headerPairs: 20 });
  for await (const part of parts) {
    if (part.kind === 'field') {
      if (!FIELD_NAMES.includes(part.name)) {
        throw AppError.validation(`Unknown form field ${JSON.stringify(part.name)}; allowed: file, ${FIELD_NAMES.join(', ')}`);
      }
      if (typeof part.value !== 'string') throw AppError.validation(`${part.name} must be text`);
      fields[part.name as FieldName | 'durationMinutes'] = part.value;
      continue;
    }
    if (part.name !== 'file') throw AppError.validation(`Unexpected file field ${JSON.stringify(part.name)}; send the document as "file"`);
    if (file) throw AppError.validation('Send exactly one file');
    const filePath = path.join(directory, 'upload');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > maxBytes ? uploadTooLarge(user) : null, chunk);
      },
    });
    await pipeline(part.content, counter, createWriteStream(filePath));
    if (part.truncated()) throw uploadTooLarge(user);
    file = { filePath, filename: cleanFilename(part.filename), size };
  }
  if (!file) throw AppError.validation('The "file" field is required');
  if (file.size === 0) throw AppError.validation('The file is empty');
  return { ...file, choices: withDefaults({ ...checkedChoices(fields), durationMinutes: checkedMinutes(fields.durationMinutes), ttsEngine: 'auto', reviewScript: false }) };
}

/** The durationMinutes form field: a whole number of minutes within the schema's bounds (the tier's are checked later). */
function checkedMinutes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const minutes = /^[0-9]{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(minutes >= 1 && minutes <= MAX_DURATION_MINUTES)) throw AppError.validation(`durationMinutes must be a whole number of minutes from 1 to ${MAX_DURATION_MINUTES}`);
  return minutes;
}

function checkedChoices(fields: Partial<Record<FieldName, string>>): Partial<Pick<EpisodeChoices, FieldName>> {
  const checked: Partial<Record<FieldName, string>> = {};
  for (const name of Object.keys(FIELD_CHOICES) as FieldName[]) {
    const value = fields[name];
    if (value === undefined) continue;
    const allowed: readonly string[] = FIELD_CHOICES[name];
    if (!allowed.includes(value)) throw AppError.validation(`${name} must be one of ${allowed.join(', ')}`);
    checked[name] = value;
  }
  return checked as Partial<Pick<EpisodeChoices, FieldName>>;
}
