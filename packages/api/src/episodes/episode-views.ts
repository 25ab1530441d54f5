// How episode rows look in API responses.
import type { EpisodeRow, UserRow } from '@castwright/core/db/schema';
import { lengthNote, targetMinutes } from '@castwright/core/episode-length';
import { episodeAudioPath, episodeLivePath } from '@castwright/core/episode-states';
import type { SourceSummary } from '@castwright/core/repositories/episode-sources';
import { labelledHosts } from '@castwright/core/voices/episode-hosts';
import type { CreatedEpisode } from './create-episode.ts';
import { leftOutSources, sourceView } from './source-views.ts';

/** Published audio is served from the first ready on, also while a new revision renders. */
export function audioUrlOf(episode: EpisodeRow): string | null {
  return episode.audio_key ? episodeAudioPath(episode.id) : null;
}

/** The live stream of an episode being made, once it has something to hear (previewUrl, previewDurationMs). */
export function previewOf(episode: Pick<EpisodeRow, 'id' | 'status' | 'live_take' | 'live_duration_ms'>): { previewUrl: string | null; previewDurationMs: number | null } {
  const playing = episode.status === 'generating_audio' && episode.live_take !== null && (episode.live_duration_ms ?? 0) > 0;
  return playing ? { previewUrl: episodeLivePath(episode.id), previewDurationMs: episode.live_duration_ms } : { previewUrl: null, previewDurationMs: null };
}

/** The minutes the episode is planned for: those asked for, or its preset's. */
function durationMinutesOf(episode: EpisodeRow): number {
  return targetMinutes({ preset: episode.preset, durationMinutes: episode.duration_minutes });
}

/** Audio length in whole seconds, as the interface counts durations. */
export function audioSecondsOf(episode: EpisodeRow): number | null {
  return episode.audio_duration_ms === null ? null : Math.round(episode.audio_duration_ms / 1000);
}

export function episodeListItem(episode: EpisodeRow) {
  return {
    id: episode.id,
    title: episode.title,
    status: episode.status,
    preset: episode.preset,
    hostMode: episode.host_mode,
    sourceType: episode.source_type,
    audioUrl: audioUrlOf(episode),
    audioDuration: audioSecondsOf(episode),
    createdAt: episode.created_at.toISOString(),
  };
}

/**
 * The episode with its sources (in order, without their texts) and the name of the show it is
 * in (`showNames` by show id).
 */
export function episodeDetail(episode: EpisodeRow, related: { sources: readonly SourceSummary[]; showNames: ReadonlyMap<string, string>; readerId: string | null }) {
  const { sources, showNames, readerId } = related;
  return {
    id: episode.id,
    title: episode.title,
    description: episode.description,
    status: episode.status,
    progressPercent: episode.progress_percent,
    progressNote: episode.progress_note,
    preset: episode.preset,
    durationMinutes: durationMinutesOf(episode),
    hostMode: episode.host_mode,
    format: episode.format,
    reactions: episode.reactions,
    language: episode.language,
    languageDetected: episode.language_detected,
    sourceType: episode.source_type,
    scriptText: episode.script_text,
    audioUrl: audioUrlOf(episode),
    audioDuration: audioSecondsOf(episode),
    ...previewOf(episode),
    publishedRevision: episode.published_revision,
    // Worked out from what is stored, so it is always true to the audio that is served.
    lengthNote: lengthNote({
      targetMinutes: durationMinutesOf(episode),
      audioMs: audioUrlOf(episode) === null ? null : episode.audio_duration_ms,
      sourceLimitMs: episode.source_limit_ms,
      leftOut: leftOutSources(sources),
      sources: sources.filter((source) => source.status === 'read' || source.status === 'left_out').length,
    }),
    languageNote: episode.language_note,
    error: episode.status === 'error' ? episode.error_message : null,
    sources: sources.map(sourceView),
    isPublic: episode.is_public,
    isOwner: episode.user_id === readerId,
    hosts: hostsView(episode),
    voice: {
      ttsEngine: episode.tts_engine,
      voiceStyle: episode.voice_style,
      voicePair: episode.voice_pair,
      engineUsed: episode.tts_engine_used,
      fallbackReason: episode.tts_fallback_reason,
    },
    show: episode.show_id ? { id: episode.show_id, name: showNames.get(episode.show_id) ?? '' } : null,
    createdAt: episode.created_at.toISOString(),
  };
}

/** The named hosts with the labels they speak under; null for an episode voiced by hostMode/voicePair. */
function hostsView(episode: EpisodeRow) {
  if (!episode.hosts || episode.hosts.length === 0) return null;
  return labelledHosts(episode.hosts).map((host) => ({ speaker: host.speaker, name: host.name, voice: host.voice, role: host.role ?? null }));
}

/** Public episodes are readable by anyone; others only by their owner. */
export function canRead(episode: EpisodeRow, user: UserRow | null): boolean {
  return episode.is_public || episode.user_id === user?.id;
}

/** The 202 body of an accepted episode (POST /api/episodes and /api/episodes/upload). */
export function acceptedEpisodeBody({ episode, quota, warnings }: CreatedEpisode) {
  return {
    success: true as const,
    episode: {
      id: episode.id,
      status: episode.status,
      preset: episode.preset,
      durationMinutes: durationMinutesOf(episode),
      hostMode: episode.host_mode,
      format: episode.format,
      reactions: episode.reactions,
      language: episode.language,
      languageDetected: episode.language_detected,
      createdAt: episode.created_at.toISOString(),
    },
    quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining },
    warnings,
  };
}
