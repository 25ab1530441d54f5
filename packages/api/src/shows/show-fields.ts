// A show's fields as sent (a create, or a PATCH of any subset) checked as a whole against
// what is stored, and turned into the row's columns: text trimmed, the language matched
// (any BCP 47 spelling of a supported one), named hosts checked against the voice catalog
// as an episode's are, a length (a preset or minutes, setting one clears the other) the
// tier allows, levels within their bounds with the bed never louder under speech than in
// the gaps, a format its line-up can read. Problems are one 400 listing each.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { ShowRow, ShowUpdate, UserRow } from '@castwright/core/db/schema';
import { checkLengthAllowed } from '@castwright/core/episodes/accept-episode';
import { formatHostsProblem, type Format, type HostMode, type ReactionLevel, type TtsEngineChoice, type VoicePair, type VoiceStyle } from '@castwright/core/episode-options';
import { AppError } from '@castwright/core/errors';
import { matchLanguage } from '@castwright/core/languages';
import { showLevels } from '@castwright/core/shows/show-levels';
import { DEFAULT_SHOW_LEVELS, type ShowCategory, type ShowLevels } from '@castwright/core/shows/show-options';
import type { Preset } from '@castwright/core/tiers';
import { checkHosts, type HostInput } from '../episodes/episode-hosts.ts';

/** What a client sends: any field may be left out (kept), and a default may be null (cleared). */
export interface ShowInput {
  name?: string | undefined;
  description?: string | undefined;
  author?: string | undefined;
  language?: string | null | undefined;
  category?: ShowCategory | null | undefined;
  hostMode?: HostMode | null | undefined;
  hosts?: readonly HostInput[] | null | undefined;
  voiceStyle?: VoiceStyle | null | undefined;
  voicePair?: VoicePair | null | undefined;
  ttsEngine?: TtsEngineChoice | null | undefined;
  preset?: Preset | null | undefined;
  durationMinutes?: number | null | undefined;
  format?: Format | null | undefined;
  reactions?: ReactionLevel | null | undefined;
  levels?: Partial<ShowLevels> | undefined;
}

type ShowColumns = Omit<ShowUpdate, 'id' | 'user_id' | 'created_at' | 'updated_at' | 'artwork_key' | 'artwork_sha256'>;

/** The columns `input` changes (all of them for a new show: `current` undefined). */
export async function showColumns(services: { db: Db; config: Config }, user: UserRow, input: ShowInput, current?: ShowRow): Promise<ShowColumns> {
  const problems: string[] = [];
  const columns: ShowColumns = {};
  if (input.name !== undefined) {
    const name = input.name.replace(/\s+/g, ' ').trim();
    if (name === '') problems.push('name must not be blank');
    columns.name = name;
  }
  if (input.description !== undefined) columns.description = input.description.trim();
  if (input.author !== undefined) columns.author = input.author.replace(/\s+/g, ' ').trim();
  if (input.language !== undefined) {
    const match = input.language === null ? undefined : matchLanguage(input.language);
    if (match && 'problem' in match) problems.push(`language: ${match.problem}`);
    else columns.language = match?.language ?? null;
  }
  if (input.category !== undefined) columns.category = input.category;
  for (const [field, column] of [['voiceStyle', 'voice_style'], ['voicePair', 'voice_pair'], ['ttsEngine', 'tts_engine'], ['hostMode', 'host_mode'], ['format', 'format'], ['reactions', 'reactions']] as const) {
    if (input[field] !== undefined) Object.assign(columns, { [column]: input[field] });
  }
  lengthColumns(user, input, columns, problems);
  levelColumns(input.levels, current, columns, problems);
  if (problems.length > 0) throw AppError.validation(problems.length === 1 ? (problems[0] as string) : `The show has ${problems.length} problems: ${problems.join('; ')}`, problems);
  if (input.hosts !== undefined) {
    if (input.hosts === null) {
      columns.hosts = null;
    } else {
      const ttsEngine = input.ttsEngine ?? current?.tts_engine ?? undefined;
      const hostMode = input.hostMode ?? undefined;
      const named = await checkHosts(services.db, user, { hosts: input.hosts, hostMode, ttsEngine }, services.config.liveness.deadAfterMs);
      if (named) Object.assign(columns, { hosts: JSON.stringify(named.hosts), host_mode: named.hostMode });
    }
  }
  formatFitsHosts(input, columns, current);
  return columns;
}

/**
 * A show's format must suit its line-up where it sets both (a brief read by one host, a
 * debate or an interview by two or more), or every episode made in it would be refused:
 * a 400, as an episode's is. A show that leaves the hosts to its episodes is not judged.
 */
function formatFitsHosts(input: ShowInput, columns: ShowColumns, current: ShowRow | undefined): void {
  const format = columns.format !== undefined ? columns.format : current?.format;
  if (!format) return;
  const named = input.hosts !== undefined ? (input.hosts === null ? null : (JSON.parse(columns.hosts as string) as unknown[])) : (current?.hosts ?? null);
  const hostMode = columns.host_mode !== undefined ? columns.host_mode : current?.host_mode;
  const hosts = named && named.length > 0 ? named.length : hostMode ? (hostMode === 'multi' ? 2 : 1) : undefined;
  const problem = hosts === undefined ? undefined : formatHostsProblem(format, hosts);
  if (problem) throw AppError.validation(problem, [`format: ${problem}`]);
}

/** A length is a preset or minutes; setting one clears the other. */
function lengthColumns(user: UserRow, input: ShowInput, columns: ShowColumns, problems: string[]): void {
  const { preset, durationMinutes } = input;
  if (preset && durationMinutes) {
    problems.push('give preset or durationMinutes, not both');
    return;
  }
  // Beyond the tier: the same 403 an episode gets.
  if (preset) checkLengthAllowed(user, { preset });
  if (durationMinutes) checkLengthAllowed(user, { preset: 'standard', durationMinutes });
  if (preset !== undefined) Object.assign(columns, { preset, ...(preset !== null ? { duration_minutes: null } : {}) });
  if (durationMinutes !== undefined) Object.assign(columns, { duration_minutes: durationMinutes, ...(durationMinutes !== null ? { preset: null } : {}) });
}

function levelColumns(levels: Partial<ShowLevels> | undefined, current: ShowRow | undefined, columns: ShowColumns, problems: string[]): void {
  if (levels === undefined) return;
  const merged = { ...(current ? showLevels(current) : DEFAULT_SHOW_LEVELS), ...Object.fromEntries(Object.entries(levels).filter(([, value]) => value !== undefined)) };
  if (merged.bedSpeechDb > merged.bedGapDb) problems.push(`levels: the bed under speech (${merged.bedSpeechDb} dB) must not be louder than in the gaps (${merged.bedGapDb} dB)`);
  Object.assign(columns, {
    bed_speech_db: merged.bedSpeechDb,
    bed_gap_db: merged.bedGapDb,
    duck_attack_ms: Math.round(merged.duckAttackMs),
    duck_release_ms: Math.round(merged.duckReleaseMs),
    parts_db: merged.partsDb,
  });
}
