// Accepting an episode: check the tier allows its length (a preset, or minutes up to the
// tier's maximum), count it against the monthly quota (once, whatever its length),
// insert the row and queue its first job, all in the caller's ONE transaction, so
// nothing is lost or double-counted whichever process dies when. The API
// (POST /api/episodes, uploads) and briefing runs accept episodes through here alone.
import type { TemplateType } from '../briefing-options.ts';
import type { Trx } from '../db/connect.ts';
import type { EpisodeRow, UserRow } from '../db/schema.ts';
import type { EpisodeChoices, SourceType } from '../episode-options.ts';
import { checkDurationAllowed } from '../episode-length.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Language } from '../languages.ts';
import { addJob } from '../jobs.ts';
import { insertEpisode } from '../repositories/episodes.ts';
import { countEpisodeAgainstQuota, type QuotaSnapshot } from '../repositories/usage.ts';
import { isPresetAllowed, TIER_LIMITS, UPGRADE_PATH } from '../tiers.ts';
import type { EpisodeHost } from '../voices/episode-hosts.ts';

export interface EpisodeSource {
  type: SourceType;
  text?: string;
  url?: string;
  /** An uploaded document's stored original and its client-side name. */
  key?: string;
  filename?: string;
}

export interface EpisodeRequest extends EpisodeChoices {
  source: EpisodeSource;
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
  const episode = await insertEpisode(trx, {
    id: options.id ?? newId('episode'),
    user_id: user.id,
    title: request.title ?? provisionalTitle(request.source),
    description: '',
    preset: request.preset,
    duration_minutes: request.durationMinutes ?? null,
    host_mode: request.hostMode,
    voice_style: request.voiceStyle,
    voice_pair: request.voicePair,
    tts_engine: request.ttsEngine,
    review_script: request.reviewScript,
    source_type: request.source.type,
    source_url: request.source.url ?? null,
    source_text: request.source.text ?? null,
    source_key: request.source.key ?? null,
    source_filename: request.source.filename ?? null,
    briefing_template: request.briefingTemplate ?? null,
    hosts: request.hosts ? JSON.stringify(request.hosts) : null,
    language: request.language,
    language_detected: request.languageDetected,
  });
  await addJob(trx, 'episode:ingest', { episodeId: episode.id }, { account: user.id, fair: options.fair });
  return { episode, quota: counted.quota };
}

/** A title until the script writer gives a better one: the text's first words, or the page's address. */
function provisionalTitle(source: EpisodeSource): string {
  if (source.url) return `Episode from ${new URL(source.url).hostname}`;
  if (source.filename) return source.filename.length > 80 ? `${source.filename.slice(0, 77)}…` : source.filename;
  const words = (source.text ?? '').trim().split(/\s+/).slice(0, 10).join(' ');
  return words.length > 80 ? `${words.slice(0, 77)}…` : words || 'Untitled episode';
}
