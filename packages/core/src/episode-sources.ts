// An episode's sources: what it may be made from (typed text, a web page, a stored
// document, a file uploaded with it), the states a source goes through as it is read and
// written into the script, and the rules every way in shares: duplicates merged, and the
// tier's bounds on how many sources and how many typed characters one episode takes. The
// one-source forms of POST /api/episodes, uploads, `sources` and briefing runs all become
// a list of these, accepted by episodes/accept-episode.ts.
import { AppError } from './errors.ts';
import { TIER_LIMITS, UPGRADE_PATH, type Tier } from './tiers.ts';

export const SOURCE_KINDS = ['text', 'url', 'document', 'upload'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * pending: not read yet; read: its text is stored; failed: it could not be read (`error`
 * says why); left_out: read, but the episode's length could not hold it.
 */
export const SOURCE_STATUSES = ['pending', 'read', 'failed', 'left_out'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** A source as an episode is accepted with. */
export type SourceInput =
  /** Typed text; `title` and `url` when it is known where it comes from (a briefing's item). */
  | { kind: 'text'; text: string; title?: string | undefined; url?: string | undefined }
  | { kind: 'url'; url: string }
  /** A stored document of the account's: its original is read at ingest. */
  | { kind: 'document'; documentId: string; storageKey: string; filename: string }
  /** A file uploaded with the episode, stored under the episode. */
  | { kind: 'upload'; storageKey: string; filename: string };

/** What makes two sources the same one: the same page, the same text, the same document. */
function identity(source: SourceInput): string {
  switch (source.kind) {
    case 'text':
      return `text:${source.text.replace(/\s+/gu, ' ').trim()}`;
    case 'url':
      return `url:${canonicalUrl(source.url)}`;
    case 'document':
      return `document:${source.documentId}`;
    case 'upload':
      return `upload:${source.storageKey}`;
  }
}

/** An address as a page is identified by: no fragment, host in lower case, default port and empty path normalised (WHATWG URL). */
function canonicalUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url.trim();
  }
}

/** The sources with duplicates merged into their first occurrence, and how many were merged. */
export function mergeDuplicateSources<S extends SourceInput>(sources: readonly S[]): { sources: S[]; merged: number } {
  const seen = new Set<string>();
  const kept: S[] = [];
  for (const source of sources) {
    const key = identity(source);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(source);
  }
  return { sources: kept, merged: sources.length - kept.length };
}

/** Characters of typed text among the sources (pages and documents are bounded as they are read). */
function typedCharacters(sources: readonly SourceInput[]): number {
  return sources.reduce((sum, source) => sum + (source.kind === 'text' ? source.text.length : 0), 0);
}

function sourceLimit(tier: Tier, message: string): AppError {
  const { maxSources, maxSourceCharacters } = TIER_LIMITS[tier];
  return new AppError('sourceLimit', message, {
    extras: { tier, maxSources, maxSourceCharacters, upgrade: { message: 'Upgrade for more sources an episode', url: UPGRADE_PATH } },
  });
}

/** 403 `Source limit exceeded` when the sources are more, or their typed text longer, than the tier allows one episode. */
export function checkSourceLimits(tier: Tier, sources: readonly SourceInput[]): void {
  const { maxSources, maxSourceCharacters } = TIER_LIMITS[tier];
  if (sources.length > maxSources) {
    throw sourceLimit(tier, `An episode on the ${tier} tier may have up to ${maxSources} sources; ${sources.length} were given`);
  }
  const characters = typedCharacters(sources);
  if (characters > maxSourceCharacters) {
    throw sourceLimit(tier, `The sources of an episode on the ${tier} tier may hold up to ${maxSourceCharacters.toLocaleString('en-US')} characters together; these hold ${characters.toLocaleString('en-US')}`);
  }
}
