// How shows look in API responses (and in the account export): the show, the defaults its
// episodes start from, the levels of its mix, its parts with where to hear them.
import type { ShowAudioPartRow, ShowRow } from '@castwright/core/db/schema';
import type { ShowSummaryRow } from '@castwright/core/repositories/shows';
import { showLevels } from '@castwright/core/shows/show-levels';
import { SHOW_PARTS, type ShowPartKind } from '@castwright/core/shows/show-options';
import { labelledHosts } from '@castwright/core/voices/episode-hosts';

function showPartPath(showId: string, part: ShowPartKind): string {
  return `/api/shows/${encodeURIComponent(showId)}/audio/${part}`;
}

function showArtworkPath(show: Pick<ShowRow, 'id' | 'artwork_sha256'>): string | null {
  return show.artwork_sha256 ? `/api/shows/${encodeURIComponent(show.id)}/artwork?v=${show.artwork_sha256.slice(0, 16)}` : null;
}

function partView(row: ShowAudioPartRow) {
  return {
    part: row.part,
    durationMs: row.duration_ms,
    sampleRate: row.sample_rate,
    channels: row.channels,
    bytes: Number(row.bytes),
    filename: row.filename,
    url: showPartPath(row.show_id, row.part),
    uploadedAt: row.created_at.toISOString(),
  };
}

export function showView(show: ShowSummaryRow, parts: readonly ShowAudioPartRow[]) {
  const byKind = new Map(parts.filter((row) => row.show_id === show.id).map((row) => [row.part, row]));
  const partViews = Object.fromEntries(SHOW_PARTS.map((part) => {
    const row = byKind.get(part);
    return [part, row ? partView(row) : null];
  })) as Record<ShowPartKind, ReturnType<typeof partView> | null>;
  return {
    id: show.id,
    name: show.name,
    description: show.description,
    author: show.author,
    language: show.language,
    category: show.category,
    artworkUrl: showArtworkPath(show),
    hostMode: show.host_mode,
    hosts: show.hosts && show.hosts.length > 0 ? labelledHosts(show.hosts).map((host) => ({ speaker: host.speaker, name: host.name, voice: host.voice, role: host.role ?? null })) : null,
    voiceStyle: show.voice_style,
    voicePair: show.voice_pair,
    ttsEngine: show.tts_engine,
    preset: show.preset,
    durationMinutes: show.duration_minutes,
    format: show.format,
    reactions: show.reactions,
    levels: showLevels(show),
    parts: partViews,
    episodeCount: show.episode_count,
    feedEnabled: show.feed_enabled,
    createdAt: show.created_at.toISOString(),
    updatedAt: show.updated_at.toISOString(),
  };
}

export type ShowView = ReturnType<typeof showView>;
