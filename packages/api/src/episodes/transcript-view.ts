// The transcript as the interface shows it: segments plus totals.
import type { TranscriptSegmentRow } from '@castwright/core/db/schema';

export function transcriptView(episodeId: string, rows: TranscriptSegmentRow[]) {
  const segments = rows.map((row) => ({
    id: row.id,
    speaker: row.speaker,
    text: row.text,
    startTimeMs: row.start_ms,
    endTimeMs: row.end_ms,
    confidence: row.confidence,
  }));
  return {
    success: true as const,
    episodeId,
    segments,
    stats: {
      totalSegments: segments.length,
      totalWords: segments.reduce((sum, segment) => sum + (segment.text.match(/\S+/g)?.length ?? 0), 0),
      totalDurationMs: segments.length > 0 ? Math.max(...segments.map((segment) => segment.endTimeMs)) : 0,
      speakers: [...new Set(segments.map((segment) => segment.speaker))],
    },
  };
}
