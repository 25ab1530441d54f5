// Publishing a rendered revision: transcript, show notes, audio address, cost and usage,
// the revision's record (with the chunk table and plan the next render reuses chunks
// with), the move to `ready` and its webhook event, in ONE transaction that only the
// current render attempt can commit. A superseded attempt (its worker was paused past the
// liveness bound while another took over) publishes nothing. Until this commits, the
// revision published before keeps being served, whole.
//
// Usage: an episode's first publication counts its whole audio and script in the month the
// episode was created, as always; a later revision counts, in the month it is published,
// only what was voiced for it (the characters and seconds of the segments it is the first
// published revision to use: its own, or those of a render of it that failed; none for a
// restore of stored lines) and its render time's cost. Each voicing is counted once. Neither
// counts against the monthly episode quota, which only creating an episode does.
import type { Db } from '@castwright/core/db/connect';
import type { Prices } from '@castwright/core/config';
import { episodeCostUsd } from '@castwright/core/episode-cost';
import { publishEpisodeRevision } from '@castwright/core/episode-outcome';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { newId } from '@castwright/core/ids';
import { countSegmentsVoicedBy, updateSegmentsCounted } from '@castwright/core/repositories/episode-segments';
import { selectEpisodeRevision, updateRevisionPublished } from '@castwright/core/repositories/episode-revisions';
import { upsertTranscript } from '@castwright/core/repositories/episodes';
import { upsertEpisodeUsage } from '@castwright/core/repositories/usage';
import { lineRefsColumn, storedScriptRefs } from '@castwright/core/source-refs';
import type { RevisionRender } from './render-revision.ts';

export interface Publication {
  episodeId: string;
  attempt: number;
  revision: number;
  audioKey: string;
  render: RevisionRender;
  engineUsed: string;
  fallbackReason: string | null;
  renderMs: number;
  /** The MP3's exact size, for podcast feed enclosures. */
  audioBytes: number;
}

/** True when this attempt published the revision; false when it was superseded (or the episode is gone). */
export async function publishEpisode(db: Db, publication: Publication, options: { publicBaseUrl: string; fair: boolean; prices: Prices }): Promise<boolean> {
  const { episodeId, render } = publication;
  return db.transaction().execute(async (trx) => {
    // Decided from the locked row, inside the move.
    const outcome = { first: false, cost: 0 };
    const ready = await publishEpisodeRevision(trx, episodeId, publication.revision, (current) => {
      const first = current.published_revision === null;
      // The script's LLM tokens are paid once, with the first render.
      const cost = episodeCostUsd({ llmInputTokens: first ? current.llm_input_tokens : 0, llmOutputTokens: first ? current.llm_output_tokens : 0, renderMs: publication.renderMs }, options.prices);
      Object.assign(outcome, { first, cost });
      const now = new Date();
      return {
        status: 'ready',
        progressPercent: STAGE_PROGRESS.ready,
        from: ['generating_audio'],
        renderAttempt: publication.attempt,
        set: {
          audio_key: publication.audioKey,
          audio_duration_ms: Math.round(render.durationMs),
          audio_bytes: publication.audioBytes,
          audio_published_at: now,
          // completed_at is when the episode was first ready (a feed item's date): later revisions keep it.
          ...(first ? { completed_at: now } : {}),
          show_notes: JSON.stringify(render.showNotes),
          tts_engine_used: publication.engineUsed,
          tts_fallback_reason: publication.fallbackReason,
          render_ms: publication.renderMs,
          cost_usd: first ? cost : Math.round((Number(current.cost_usd) + cost) * 1_000_000) / 1_000_000,
        },
      };
    }, options);
    if (!ready) return false;
    // Each segment is a line of the revision: it carries that line's refs to the sources.
    const revision = await selectEpisodeRevision(trx, episodeId, publication.revision);
    const refs = storedScriptRefs(revision?.script_refs ?? null, render.segments.length);
    await upsertTranscript(
      trx,
      episodeId,
      render.segments.map((segment, position) => ({
        id: newId('segment'),
        episode_id: episodeId,
        position,
        speaker: segment.speaker,
        text: segment.text,
        start_ms: segment.startTimeMs,
        end_ms: segment.endTimeMs,
        confidence: 1,
        source_refs: lineRefsColumn(refs[position]),
      })),
    );
    const voicedLines = await countSegmentsVoicedBy(trx, episodeId, publication.revision, render.segmentKeys);
    await updateRevisionPublished(trx, episodeId, publication.revision, {
      // A segment used by two lines was voiced once: the second line reused it.
      lines_rendered: voicedLines,
      lines_reused: render.segmentKeys.length - voicedLines,
      audio_key: publication.audioKey,
      audio_duration_ms: Math.round(render.durationMs),
      audio_bytes: publication.audioBytes,
      chunk_table: JSON.stringify(render.chunkTable),
      master_plan: JSON.stringify(render.plan),
      segment_keys: render.segmentKeys,
    });
    const uncounted = await updateSegmentsCounted(trx, episodeId, render.segmentKeys);
    await upsertEpisodeUsage(trx, {
      userId: ready.user_id,
      // A first render counts in the month the episode was created (with its quota); a later one when it is done.
      createdAt: outcome.first ? ready.created_at : new Date(),
      ...(outcome.first ? wholeEpisodeUsage(render) : voicedUsage(uncounted)),
      cost: outcome.cost,
    });
    return true;
  });
}

function voicedUsage(segments: readonly { characters: number; audio_ms: number }[]): { audioSeconds: number; characters: number } {
  return {
    audioSeconds: Math.round(segments.reduce((sum, segment) => sum + segment.audio_ms, 0) / 1000),
    characters: segments.reduce((sum, segment) => sum + segment.characters, 0),
  };
}

function wholeEpisodeUsage(render: RevisionRender): { audioSeconds: number; characters: number } {
  return { audioSeconds: Math.round(render.durationMs / 1000), characters: render.segments.reduce((sum, segment) => sum + segment.text.length, 0) };
}
