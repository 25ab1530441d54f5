// Files the API sends only with credentials (private audio, transcripts, the account
// export) are fetched with the session and handed to the browser as blob: URLs.
import { sessionFetch } from './session.ts';
import { describeFailure } from './errors.ts';

export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await sessionFetch(new Request(new URL(path, location.origin), { signal: signal ?? null }));
  if (!response.ok) throw describeFailure(response, await response.json().catch(() => undefined));
  return response.blob();
}

/** Saves a blob under `filename` through the browser's download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Has the browser download `url` (this origin's, e.g. a signed audio address) under `filename`. */
export function saveUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/** A file name from a title: letters, digits and dashes. */
export const fileName = (title: string, extension: string) =>
  `${title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 80) || 'episode'}.${extension}`;
