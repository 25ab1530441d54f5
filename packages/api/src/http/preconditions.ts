// Conditional changes (RFC 9110 §13.1.1): a client sends back the ETag it read in
// If-Match, and a change to something that moved on since is refused with 412, so two
// editors never overwrite each other silently. Routes pass the raw header; services check
// it against the current representation's tag inside their transaction, where the row is
// locked. A resource's tag is `viewEtag` of its single read's view (GET sends it), so the
// read and the check cannot disagree. If-Match stays optional: without it a change goes ahead.
import { createHash } from 'node:crypto';
import { AppError } from '@castwright/core/errors';

/** A strong ETag derived from a representation's content: it changes exactly when the content does. */
export function contentEtag(content: string): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

/** The ETag of a resource as its single read shows it (playlist, briefing, webhook, profile). */
export function viewEtag(view: unknown): string {
  return contentEtag(JSON.stringify(view));
}

/**
 * Refuses a change whose If-Match names none of the current tags (strong comparison: a
 * weak tag never matches). No header: the client did not ask, the change goes ahead.
 */
export function requireIfMatch(ifMatch: string | undefined, currentEtag: string, thing: string): void {
  if (ifMatch === undefined) return;
  if (ifMatch.trim() === '*') return;
  const matches = ifMatch.split(',').some((candidate) => candidate.trim() === currentEtag);
  if (!matches) throw new AppError('preconditionFailed', `The ${thing} changed since you read it (If-Match does not match its ETag); read it again and re-apply your change`);
}
