// Names and descriptions as stored: trimmed, and a name is never blank.
import { AppError } from '@castwright/core/errors';

export function playlistText(input: { name?: string | undefined; description?: string | undefined }) {
  const name = input.name?.trim();
  if (name === '') throw AppError.validation('The playlist name must not be blank', ['body.name must contain a visible character']);
  return { name, description: input.description?.trim() };
}
