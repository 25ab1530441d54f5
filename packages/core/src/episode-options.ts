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
}

/** The interface's defaults for every optional choice of POST /api/episodes and uploads. */
export const EPISODE_DEFAULTS: EpisodeChoices = {
  preset: 'standard',
  hostMode: 'single',
  voiceStyle: 'professional',
  voicePair: 'expert-curious',
  ttsEngine: 'auto',
  reviewScript: false,
};

/** Longest source text an episode is made from (typed, fetched or extracted): about four hours of speech. */
export const MAX_SOURCE_CHARACTERS = 200_000;
