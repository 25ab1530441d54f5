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

const TERMINAL_STATUSES: readonly EpisodeStatus[] = ['ready', 'error'];

export function isTerminal(status: EpisodeStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/**
 * A revision (one render of an episode): `rendering` → `published` (its audio is served)
 * → `replaced` (a later revision was published); or `rendering` → `failed`.
 */
export const REVISION_STATUSES = ['rendering', 'published', 'replaced', 'failed'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** The relative audio address the API serves an episode's audio under. */
export function episodeAudioPath(episodeId: string): string {
  return `/api/episodes/${episodeId}/audio`;
}

/** The relative address of an episode's live stream while it is made (previewUrl). */
export function episodeLivePath(episodeId: string): string {
  return `/api/episodes/${episodeId}/live`;
}
