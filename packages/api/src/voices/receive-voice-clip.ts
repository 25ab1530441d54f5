// Receiving a custom voice's form: `file` streams to a temporary file and is refused
// (413) the moment it passes CLIP_BOUNDS.maxBytes, never buffered; `name`, `consent`
// (the literal `true`), and optional `gender`, `language` and `description` are
// checked as they come.
import path from 'node:path';
import { AppError } from '@castwright/core/errors';
import { CLIP_BOUNDS, VOICE_NAME_MAX_CHARACTERS } from '@castwright/core/voices/custom-voices';
import type { VoiceGender } from '@castwright/core/voices/episode-hosts';
import { FORM_OVERHEAD_BYTES, saveFilePart, type UploadForm } from '../http/form-file.ts';

const FIELDS = ['name', 'consent', 'gender', 'language', 'description'] as const;
type Field = (typeof FIELDS)[number];
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export interface ReceivedClip {
  filePath: string;
  name: string;
  gender: VoiceGender;
  language: string;
  description: string;
}

function clipTooLarge(): AppError {
  return new AppError('payloadTooLarge', `The clip is larger than ${CLIP_BOUNDS.maxBytes / 1024 / 1024} MB; ${CLIP_BOUNDS.maxSeconds} s of speech needs far less`);
}

/** Reads the form into `directory`; the caller removes the directory. */
export async function receiveVoiceClip(form: UploadForm, directory: string): Promise<ReceivedClip> {
  if (form.declaredBytes !== undefined && form.declaredBytes > CLIP_BOUNDS.maxBytes + FORM_OVERHEAD_BYTES) throw clipTooLarge();
  const fields: Partial<Record<Field, string>> = {};
  let filePath: string | undefined;
  let size = 0;
  for await (const part of form.parts({ fileSize: CLIP_BOUNDS.maxBytes + 1, files: 2, fields: FIELDS.length + 1, fieldSize: 1024, parts: 10, headerPairs: 20 })) {
    if (part.kind === 'field') {
      if (!(FIELDS as readonly string[]).includes(part.name)) throw AppError.validation(`Unknown form field ${JSON.stringify(part.name)}; allowed: file, ${FIELDS.join(', ')}`);
      if (typeof part.value !== 'string') throw AppError.validation(`${part.name} must be text`);
      fields[part.name as Field] = part.value;
      continue;
    }
    if (part.name !== 'file') throw AppError.validation(`Unexpected file field ${JSON.stringify(part.name)}; send the clip as "file"`);
    if (filePath) throw AppError.validation('Send exactly one clip');
    filePath = path.join(directory, 'clip');
    size = await saveFilePart(part, filePath, CLIP_BOUNDS.maxBytes, clipTooLarge);
  }
  const problems: string[] = [];
  const name = fields.name?.replace(/\s+/g, ' ').trim() ?? '';
  if (name === '' || name.length > VOICE_NAME_MAX_CHARACTERS) problems.push(`name is required: 1 to ${VOICE_NAME_MAX_CHARACTERS} characters`);
  if (fields.consent !== 'true') {
    problems.push('consent must be "true": your statement that you have the right to use this voice (your own, or its speaker agreed to this use)');
  }
  if (fields.gender !== undefined && fields.gender !== 'female' && fields.gender !== 'male') problems.push('gender must be female or male');
  const language = fields.language?.trim() || 'en';
  if (!LANGUAGE.test(language)) problems.push('language must be a BCP 47 tag such as en, en-GB or pt-BR');
  const description = fields.description?.trim() ?? '';
  if (description.length > 200) problems.push('description must be at most 200 characters');
  if (!filePath) problems.push('file is required: a WAV, MP3 or FLAC clip');
  else if (size === 0) problems.push('file is empty');
  if (problems.length > 0) throw AppError.validation(problems.length === 1 ? (problems[0] as string) : `The form has ${problems.length} problems: ${problems.join('; ')}`, problems);
  return { filePath: filePath as string, name, gender: (fields.gender as VoiceGender | undefined) ?? 'unknown', language, description };
}
