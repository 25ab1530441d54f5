// Accepting an episode: check the tier allows its length (a preset, or minutes up to the
// tier's maximum), count it against the monthly quota (once, whatever its length),
// insert the row and queue its first job, all in the caller's ONE transaction, so
// nothing is lost or double-counted whichever process dies when. The API
// (POST /api/episodes, uploads) and briefing runs accept episodes through here alone,
// each as a list of sources (episode-sources.ts), written as the episode's rows.
import type { TemplateType } from '../briefing-options.ts';
import type { Trx } from '../db/connect.ts';
import type { EpisodeRow, UserRow } from '../db/schema.ts';
import type { EpisodeChoices, SourceType } from '../episode-options.ts';
import { checkDurationAllowed } from '../episode-length.ts';
import type { SourceInput } from '../episode-sources.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Language } from '../languages.ts';
import { addJob } from '../jobs.ts';
import { insertEpisodeSources } from '../repositories/episode-sources.ts';
import { insertEpisode } from '../repositories/episodes.ts';
import { countEpisodeAgainstQuota, type QuotaSnapshot } from '../repositories/usage.ts';
import { isPresetAllowed, TIER_LIMITS, UPGRADE_PATH } from '../tiers.ts';
import type { EpisodeHost } from '../voices/episode-hosts.ts';

export interface EpisodeRequest extends EpisodeChoices {
  /** What the episode is made from, in order, duplicates merged (at least one). */
  sources: SourceInput[];
  /** How the episode list names its making; by default its one source's kind, or `sources`. */
  sourceType?: SourceType;
  /** A title chosen by the caller (a briefing's "<name>: <date>"); otherwise one made from the source. */
  title?: string;
  /** A briefing's template: the script is written by it. */
  briefingTemplate?: TemplateType;
  /** Named hosts, as the API checked them against the voice catalog. */
  hosts?: EpisodeHost[] | undefined;
  /** The episode's language; null: detected from the source once ingest has read it (a web page, a document). */
  language: Language | null;
  /** Whether `language` was detected from the source rather than asked for. */
  languageDetected: boolean;
  /** The show it is made in (the caller checked it is the account's own). */
  showId?: string | null | undefined;
}

export interface AcceptEpisodeOptions {
  /** FAIR_SCHEDULING of the role that accepts it, for its first job (core/jobs.ts). */
  fair: boolean;
  /** The new episode's id, when the caller needs it before the row exists (an upload's storage key). */
  id?: string;
  /**
   * Runs inside the transaction once the quota is counted and before the row is
   * inserted (an upload stores its original here): if it throws, nothing is committed.
   */
  beforeInsert?: () => Promise<void>;
}

export interface AcceptedEpisode {
  episode: EpisodeRow;
  quota: QuotaSnapshot;
}

/** 403 `Preset not allowed` naming the tier's presets, with the upgrade hint. */
export function checkPresetAllowed(user: Pick<UserRow, 'tier'>, preset: EpisodeChoices['preset']): void {
  if (isPresetAllowed(user.tier, preset)) return;
  const allowed = TIER_LIMITS[user.tier].presets;
  throw new AppError('presetNotAllowed', `The ${preset} preset is not available on the ${user.tier} tier; allowed presets: ${allowed.join(', ')}`, {
    extras: { tier: user.tier, allowedPresets: allowed, upgrade: { message: 'Upgrade to use longer presets', url: UPGRADE_PATH } },
  });
}

/** The tier's rule for the length asked for: its maximum minutes, or its presets. */
export function checkLengthAllowed(user: Pick<UserRow, 'tier'>, request: Pick<EpisodeChoices, 'preset' | 'durationMinutes'>): void {
  if (request.durationMinutes !== undefined) checkDurationAllowed(user.tier, request.durationMinutes);
  else checkPresetAllowed(user, request.preset);
}

export async function acceptEpisode(trx: Trx, user: UserRow, request: EpisodeRequest, options: AcceptEpisodeOptions): Promise<AcceptedEpisode> {
  if (request.sources.length === 0) throw AppError.validation('An episode needs at least one source');
  checkLengthAllowed(user, request);
  const counted = await countEpisodeAgainstQuota(trx, user.id, user.tier);
  if (counted.kind === 'exceeded') {
    const { quota } = counted;
    throw new AppError('quotaExceeded', `You have used all ${quota.limit} episodes of the ${user.tier} tier this month`, {
      extras: {
        quota: { tier: quota.tier, limit: quota.limit, used: quota.used, remaining: quota.remaining },
        upgrade: { message: 'Upgrade your plan for more episodes each month', url: UPGRADE_PATH },
      },
    });
  }
  await options.beforeInsert?.();
  const only = request.sources.length === 1 ? request.sources[0] : undefined;
  const episode = await insertEpisode(trx, {
    id: options.id ?? newId('episode'),
    user_id: user.id,
    title: request.title ?? provisionalTitle(request.sources),
    description: '',
    preset: request.preset,
    duration_minutes: request.durationMinutes ?? null,
    host_mode: request.hostMode,
    voice_style: request.voiceStyle,
    voice_pair: request.voicePair,
    tts_engine: request.ttsEngine,
    review_script: request.reviewScript,
    format: request.format,
    reactions: request.reactions,
    source_type: request.sourceType ?? (only ? only.kind : 'sources'),
    // The one page or upload, as before sources; every source is in episode_sources.
    source_url: only?.kind === 'url' ? only.url : null,
    source_text: null,
    source_key: only?.kind === 'upload' ? only.storageKey : null,
    source_filename: only?.kind === 'upload' || only?.kind === 'document' ? only.filename : null,
    briefing_template: request.briefingTemplate ?? null,
    hosts: request.hosts ? JSON.stringify(request.hosts) : null,
    language: request.language,
    language_detected: request.languageDetected,
    show_id: request.showId ?? null,
  });
  await insertEpisodeSources(trx, request.sources.map((source, position) => ({
    episode_id: episode.id,
    position,
    kind: source.kind,
    url: source.kind === 'url' || source.kind === 'text' ? (source.url ?? null) : null,
    input_text: source.kind === 'text' ? source.text : null,
    document_id: source.kind === 'document' ? source.documentId : null,
    storage_key: source.kind === 'document' || source.kind === 'upload' ? source.storageKey : null,
    filename: source.kind === 'document' || source.kind === 'upload' ? source.filename : null,
    title: source.kind === 'text' ? (source.title ?? null) : null,
  })));
  await addJob(trx, 'episode:ingest', { episodeId: episode.id }, { account: user.id, fair: options.fair });
  return { episode, quota: counted.quota };
}

/** A title until the script writer gives a better one: the first source's words, address or file name, and how many more there are. */
function provisionalTitle(sources: readonly SourceInput[]): string {
  const first = sources[0];
  const more = sources.length > 1 ? ` and ${sources.length - 1} more` : '';
  return `${shortened(first ? sourceTitle(first) : '', 80 - more.length) || 'Untitled episode'}${more}`;
}

function sourceTitle(source: SourceInput): string {
  switch (source.kind) {
    case 'url':
      return `Episode from ${new URL(source.url).hostname}`;
    case 'document':
    case 'upload':
      return source.filename;
    case 'text':
      return source.title ?? source.text.trim().split(/\s+/).slice(0, 10).join(' ');
  }
}

function shortened(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 3)}…` : text;
}
