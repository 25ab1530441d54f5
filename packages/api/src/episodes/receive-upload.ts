// Receiving an upload: each of the multipart form's files (one, or several woven into one
// episode, up to the tier's number of sources) streams to a temporary file and is refused
// (413) the moment it passes the tier's size limit, before the rest of the body is read
// (the error handler discards that rest after answering). The small form fields are
// checked against their allowed values, durationMinutes as a whole number. The form
// arrives as plain parts (plugins/multipart-form.ts reads them off the request). A
// document stored for later (POST /api/documents) is received the same way.
import path from 'node:path';
import type { UserRow } from '@castwright/core/db/schema';
import { FORMATS, HOST_MODES, REACTION_LEVELS, VOICE_PAIRS, VOICE_STYLES, type EpisodeChoices } from '@castwright/core/episode-options';
import { AppError } from '@castwright/core/errors';
import { parseValue, SchemaError } from '@castwright/core/validation';
import { MAX_DURATION_MINUTES, MAX_SOURCES, PRESETS, TIER_LIMITS } from '@castwright/core/tiers';
import { cleanFilename, FORM_OVERHEAD_BYTES, saveFilePart, type UploadForm } from '../http/form-file.ts';
import { Hosts } from '../schemas/voices.ts';
import { withDefaults, type RequestedChoices } from './create-episode.ts';
import { checkedLanguage } from './episode-language.ts';

const FIELD_CHOICES = {
  preset: PRESETS,
  hostMode: HOST_MODES,
  voiceStyle: VOICE_STYLES,
  voicePair: VOICE_PAIRS,
  format: FORMATS,
  reactions: REACTION_LEVELS,
} as const;
type FieldName = keyof typeof FIELD_CHOICES;
const FIELD_NAMES = [...Object.keys(FIELD_CHOICES), 'durationMinutes', 'hosts', 'language', 'showId'];
/** The longest form field: `hosts` as JSON (four hosts with blends and roles fit in well under this). */
const MAX_FIELD_BYTES = 4096;

export interface ReceivedFile {
  filePath: string;
  filename: string;
  size: number;
}

export interface ReceivedUpload {
  /** In the order sent: the first is the episode's first source. */
  files: ReceivedFile[];
  choices: RequestedChoices & { showId?: string | undefined };
}

const MB = 1024 * 1024;

function uploadTooLarge(user: UserRow): AppError {
  const limitMb = TIER_LIMITS[user.tier].maxUploadBytes / MB;
  // The error handler answers, then discards the rest of the body (http/drain-unread-body.ts).
  return new AppError('payloadTooLarge', `The file is larger than the ${limitMb} MB upload limit of the ${user.tier} tier`);
}

/** Reads the form into `directory`; the caller removes the directory. */
export async function receiveUpload(form: UploadForm, user: UserRow, directory: string): Promise<ReceivedUpload> {
  const { files, fields } = await receiveFormFiles(form, user, directory, { fieldNames: FIELD_NAMES, maxFiles: TIER_LIMITS[user.tier].maxSources });
  const choices = { ...checkedChoices(fields), durationMinutes: checkedMinutes(fields.durationMinutes) };
  // A preset with durationMinutes, or a language Castwright does not speak, is a 400 here already, before the document is read.
  withDefaults(choices);
  checkedLanguage(fields.language);
  return { files, choices: { ...choices, hosts: checkedHosts(fields.hosts), language: fields.language, ...(fields.showId ? { showId: fields.showId } : {}) } };
}

/**
 * A form's `file` parts (at least one, at most `maxFiles`; each within the tier's upload
 * limit and not empty) saved into `directory`, and its text fields (only `fieldNames`).
 */
export async function receiveFormFiles(
  form: UploadForm,
  user: UserRow,
  directory: string,
  accepted: { fieldNames: readonly string[]; maxFiles: number },
): Promise<{ files: ReceivedFile[]; fields: Partial<Record<string, string>> }> {
  const maxBytes = TIER_LIMITS[user.tier].maxUploadBytes;
  if (form.declaredBytes !== undefined && form.declaredBytes > maxBytes * accepted.maxFiles + FORM_OVERHEAD_BYTES) throw uploadTooLarge(user);
  const files: ReceivedFile[] = [];
  const fields: Partial<Record<string, string>> = {};
  const allowed = ['file', ...accepted.fieldNames].join(', ');
  const parts = form.parts({ fileSize: maxBytes + 1, files: MAX_SOURCES + 1, fields: 12, fieldSize: MAX_FIELD_BYTES, parts: MAX_SOURCES + 14, headerPairs: 20 });
  for await (const part of parts) {
    if (part.kind === 'field') {
      if (!accepted.fieldNames.includes(part.name)) throw AppError.validation(`Unknown form field ${JSON.stringify(part.name)}; allowed: ${allowed}`);
      if (typeof part.value !== 'string') throw AppError.validation(`${part.name} must be text`);
      fields[part.name] = part.value;
      continue;
    }
    if (part.name !== 'file') throw AppError.validation(`Unexpected file field ${JSON.stringify(part.name)}; send the document as "file"`);
    if (files.length >= accepted.maxFiles) {
      throw accepted.maxFiles === 1
        ? AppError.validation('Send exactly one file')
        : new AppError('sourceLimit', `An episode on the ${user.tier} tier may have up to ${accepted.maxFiles} sources; send at most ${accepted.maxFiles} files`, {
            extras: { tier: user.tier, maxSources: accepted.maxFiles },
          });
    }
    const filePath = path.join(directory, `upload-${files.length}`);
    const size = await saveFilePart(part, filePath, maxBytes, () => uploadTooLarge(user));
    files.push({ filePath, filename: cleanFilename(part.filename), size });
  }
  if (files.length === 0) throw AppError.validation('The "file" field is required');
  if (files.some((file) => file.size === 0)) throw AppError.validation(files.length === 1 ? 'The file is empty' : 'A file is empty');
  return { files, fields };
}

/** The hosts form field: the same JSON array as POST /api/episodes takes. */
function checkedHosts(value: string | undefined): RequestedChoices['hosts'] {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw AppError.validation('hosts must be a JSON array of {name, voice, role}, as POST /api/episodes takes it');
  }
  try {
    return parseValue(Hosts, parsed, { what: 'hosts' });
  } catch (error) {
    if (error instanceof SchemaError) throw AppError.validation(`hosts: ${error.problems.join('; ')}`, error.problems.map((problem) => `hosts.${problem}`));
    throw error;
  }
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
