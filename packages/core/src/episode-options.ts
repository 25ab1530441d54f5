// What a user chooses when creating an episode, the defaults the interface gives each
// choice, and the bound on source text. One definition for the API, the pipeline and
// the writers.
import type { Preset } from './tiers.ts';

export const HOST_MODES = ['single', 'multi'] as const;
export type HostMode = (typeof HOST_MODES)[number];

export const VOICE_STYLES = ['professional', 'casual', 'educational', 'enthusiastic'] as const;
export type VoiceStyle = (typeof VOICE_STYLES)[number];

export const VOICE_PAIRS = ['expert-curious', 'debate', 'interview'] as const;
export type VoicePair = (typeof VOICE_PAIRS)[number];

export const TTS_ENGINES = ['kokoro', 'chatterbox', 'auto'] as const;

/**
 * How the episode is built: `deep_dive` (the hosts explore the source, one explaining and
 * one asking), `brief` (one host, the main points only), `debate` (the hosts take opposite
 * positions on the source's claims, each with its evidence), `critique` (what the source
 * does well, then what it misses) and `interview` (one host interviews the other as an
 * expert on the source). Both writers write each.
 */
export const FORMATS = ['deep_dive', 'brief', 'debate', 'critique', 'interview'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * How much the listening hosts react while another speaks: `none` (strict turns with the
 * voice style's fixed pauses, as before reactions existed), `some` (a backchannel now and
 * then, and natural pauses) or `lively` (more reactions, cut-ins too).
 */
export const REACTION_LEVELS = ['none', 'some', 'lively'] as const;
export type ReactionLevel = (typeof REACTION_LEVELS)[number];
export type TtsEngineChoice = (typeof TTS_ENGINES)[number];

// `briefing`: a briefing run's items (see briefings/); `document`: one stored document;
// `sources`: several sources of any kind (episode-sources.ts). What the episode is made
// from, source by source, is its `episode_sources`.
export const SOURCE_TYPES = ['text', 'url', 'upload', 'briefing', 'document', 'sources'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface EpisodeChoices {
  preset: Preset;
  /** Minutes asked for instead of a preset (see episode-length.ts); `preset` is then the shortest preset at least as long. */
  durationMinutes?: number | undefined;
  hostMode: HostMode;
  voiceStyle: VoiceStyle;
  voicePair: VoicePair;
  ttsEngine: TtsEngineChoice;
  reviewScript: boolean;
  format: Format;
  reactions: ReactionLevel;
}

/** The interface's defaults for every optional choice of POST /api/episodes and uploads. */
export const EPISODE_DEFAULTS: EpisodeChoices = {
  preset: 'standard',
  hostMode: 'single',
  voiceStyle: 'professional',
  voicePair: 'expert-curious',
  ttsEngine: 'auto',
  reviewScript: false,
  format: 'deep_dive',
  reactions: 'some',
};

/**
 * Why a format cannot be read by this many hosts (a 400), or undefined when it can: a
 * brief is one host's; a debate, a critique and an interview need two or more to talk.
 * A deep dive works either way.
 */
export function formatHostsProblem(format: Format, hosts: number): string | undefined {
  if (format === 'brief' && hosts > 1) return 'A brief is read by one host: use hostMode single (or one named host), or another format';
  if ((format === 'debate' || format === 'interview') && hosts < 2) return `${format === 'debate' ? 'A debate' : 'An interview'} needs two hosts or more: use hostMode multi (or two named hosts or more)`;
  return undefined;
}

/** Longest source text an episode is made from (typed, fetched or extracted): about four hours of speech. */
export const MAX_SOURCE_CHARACTERS = 200_000;
