// Accepting an episode: check the tier allows the preset, count it against the
// monthly quota, insert the row and queue its first job, all in ONE transaction, so
// nothing is lost or double-counted whichever process dies when.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow, UserRow } from '@castwright/core/db/schema';
import { EPISODE_DEFAULTS, type EpisodeChoices, type SourceType } from '@castwright/core/episode-options';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { addJob } from '@castwright/core/jobs';
import { insertEpisode } from '@castwright/core/repositories/episodes';
import { countEpisodeAgainstQuota, type QuotaSnapshot } from '@castwright/core/repositories/usage';
import { isPresetAllowed, TIER_LIMITS, UPGRADE_PATH } from '@castwright/core/tiers';

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
}

/** The choices a client made, with the interface's default for each one it left out. */
export function withDefaults(choices: Partial<{ [K in keyof EpisodeChoices]: EpisodeChoices[K] | undefined }>): EpisodeChoices {
  const chosen = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  return { ...EPISODE_DEFAULTS, ...chosen };
}

export interface CreateEpisodeOptions {
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

export async function createEpisode(db: Db, user: UserRow, request: EpisodeRequest, options: CreateEpisodeOptions = {}): Promise<AcceptedEpisode> {
  if (!isPresetAllowed(user.tier, request.preset)) {
    const allowed = TIER_LIMITS[user.tier].presets;
    throw new AppError('presetNotAllowed', `The ${request.preset} preset is not available on the ${user.tier} tier; allowed presets: ${allowed.join(', ')}`, {
      extras: { tier: user.tier, allowedPresets: allowed, upgrade: { message: 'Upgrade to use longer presets', url: UPGRADE_PATH } },
    });
  }
  return db.transaction().execute(async (trx) => {
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
      title: provisionalTitle(request.source),
      description: '',
      preset: request.preset,
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
    });
    await addJob(trx, 'episode:ingest', { episodeId: episode.id });
    return { episode, quota: counted.quota };
  });
}

/** A title until the script writer gives a better one: the text's first words, or the page's address. */
function provisionalTitle(source: EpisodeRequest['source']): string {
  if (source.url) return `Episode from ${new URL(source.url).hostname}`;
  if (source.filename) return source.filename.length > 80 ? `${source.filename.slice(0, 77)}…` : source.filename;
  const words = (source.text ?? '').trim().split(/\s+/).slice(0, 10).join(' ');
  return words.length > 80 ? `${words.slice(0, 77)}…` : words || 'Untitled episode';
}
