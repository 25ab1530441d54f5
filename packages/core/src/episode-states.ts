// Episode states and the progress each stage reports, as in the interface's table.

export const EPISODE_STATUSES = [
  'queued',
  'ingesting',
  'generating_script',
  'review_script',
  'generating_audio',
  'ready',
  'error',
] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];

export const HOST_MODES = ['single', 'multi'] as const;
export type HostMode = (typeof HOST_MODES)[number];

export const VOICE_STYLES = ['professional', 'casual', 'educational', 'enthusiastic'] as const;
export type VoiceStyle = (typeof VOICE_STYLES)[number];

export const VOICE_PAIRS = ['expert-curious', 'debate', 'interview'] as const;
export type VoicePair = (typeof VOICE_PAIRS)[number];

export const TTS_ENGINES = ['kokoro', 'chatterbox', 'auto'] as const;
export type TtsEngineChoice = (typeof TTS_ENGINES)[number];

export const SOURCE_TYPES = ['text', 'url', 'upload'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** progressPercent on entering each stage; rendering reports finer steps between 70 and 100. */
export const STAGE_PROGRESS: Record<EpisodeStatus, number> = {
  queued: 0,
  ingesting: 10,
  generating_script: 30,
  review_script: 50,
  generating_audio: 70,
  ready: 100,
  error: 0,
};

export const TERMINAL_STATUSES: readonly EpisodeStatus[] = ['ready', 'error'];

export function isTerminal(status: EpisodeStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** The relative audio address the API serves an episode's audio under. */
export function episodeAudioPath(episodeId: string): string {
  return `/api/episodes/${episodeId}/audio`;
}
