// The transcript as the interface shows it: segments (with the host's name, for named
// hosts, and the passages of the sources each draws on) plus totals.
import type { TranscriptSegmentRow } from '@castwright/core/db/schema';
import type { Speaker } from '@castwright/core/script-lines';
import { storedLineRefs } from '@castwright/core/source-refs';

export function transcriptView(episodeId: string, rows: TranscriptSegmentRow[], names?: Partial<Record<Speaker, string>>) {
  const segments = rows.map((row) => ({
    id: row.id,
    speaker: row.speaker,
    ...(names?.[row.speaker] ? { speakerName: names[row.speaker] } : {}),
    text: row.text,
    startTimeMs: row.start_ms,
    endTimeMs: row.end_ms,
    sourceRefs: storedLineRefs(row.source_refs),
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
