// Publishing a rendered episode: transcript, show notes, audio address, cost and usage,
// the move to `ready` and its webhook events, in ONE transaction that only the current
// render attempt can commit. A superseded attempt (its worker was paused past the liveness bound while
// another took over) publishes nothing.
import type { Db } from '@castwright/core/db/connect';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { newId } from '@castwright/core/ids';
import { finishEpisode } from '@castwright/core/episode-outcome';
import { upsertTranscript } from '@castwright/core/repositories/episodes';
import { upsertEpisodeUsage } from '@castwright/core/repositories/usage';
import type { ShowNotes } from '@castwright/core/show-notes';
import type { RenderResult } from '@castwright/media/render-script';

export interface Publication {
  episodeId: string;
  attempt: number;
  audioKey: string;
  result: RenderResult;
  showNotes: ShowNotes;
  engineUsed: string;
  fallbackReason: string | null;
  renderMs: number;
  /** The MP3's exact size, for podcast feed enclosures. */
  audioBytes: number;
  cost: number;
  characters: number;
}

/** True when this attempt published the episode; false when it was superseded (or the episode is gone). */
export async function publishEpisode(db: Db, publication: Publication, options: { publicBaseUrl: string }): Promise<boolean> {
  const { episodeId, result } = publication;
  return db.transaction().execute(async (trx) => {
    const ready = await finishEpisode(trx, episodeId, {
      status: 'ready',
      progressPercent: STAGE_PROGRESS.ready,
      from: ['generating_audio'],
      renderAttempt: publication.attempt,
      set: {
        audio_key: publication.audioKey,
        audio_duration_ms: Math.round(result.durationMs),
        audio_bytes: publication.audioBytes,
        completed_at: new Date(),
        show_notes: JSON.stringify(publication.showNotes),
        tts_engine_used: publication.engineUsed,
        tts_fallback_reason: publication.fallbackReason,
        render_ms: publication.renderMs,
        cost_usd: publication.cost,
      },
    }, options);
    if (!ready) return false;
    await upsertTranscript(
      trx,
      episodeId,
      result.segments.map((segment, position) => ({
        id: newId('segment'),
        episode_id: episodeId,
        position,
        speaker: segment.speaker,
        text: segment.text,
        start_ms: segment.startTimeMs,
        end_ms: segment.endTimeMs,
        confidence: 1,
      })),
    );
    await upsertEpisodeUsage(trx, {
      userId: ready.user_id,
      createdAt: ready.created_at,
      audioSeconds: Math.round(result.durationMs / 1000),
      characters: publication.characters,
      cost: publication.cost,
    });
    return true;
  });
}
