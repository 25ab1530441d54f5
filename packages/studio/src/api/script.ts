// An episode's script with the ETag it was read at. Every change sends that tag back in
// If-Match, so a change to a script someone else changed meanwhile (another tab, the API)
// is refused with 412 and changes nothing; each answer carries the next tag.
import { ok } from './errors.ts';
import { api } from './session.ts';
import type { ScriptView } from './types.ts';

export interface ScriptState {
  view: ScriptView;
  /** The script's ETag as read: `If-Match` for the next change. */
  etag: string;
}

/** A script answer (a read or a change) with its tag, or its failure in words. */
export function scriptState(result: { data?: ScriptView; error?: unknown; response: Response }): ScriptState {
  return { view: ok(result), etag: result.response.headers.get('etag') ?? '' };
}

export async function readScript(id: string): Promise<ScriptState> {
  return scriptState(await api.GET('/api/episodes/{id}/script', { params: { path: { id } } }));
}

/** "lines 3, 7 and 12" (numbers from 0, said from 1). */
export function lineNumbers(indexes: Iterable<number>): string {
  const numbers = [...indexes].sort((a, b) => a - b).map((index) => String(index + 1));
  if (numbers.length <= 1) return `line ${numbers[0] ?? ''}`.trim();
  return `lines ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}
