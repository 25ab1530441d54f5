// The timed transcript as subtitle and podcast-app files: WebVTT with speaker voice
// tags, SubRip, and the Podcasting 2.0 JSON transcript. Times are the measured segment
// timings from the rendered audio, exactly as the JSON transcript gives them. Lines may
// overlap (a reaction said under another line, a cut-in): WebVTT keeps each cue at its own
// times, in order of start as the format requires, and players show overlapping cues
// together; SubRip players expect one cue after another, so there the overlap is its own
// cue showing both lines, between cues of the line alone before and after it.
import type { TranscriptSegmentRow } from '@castwright/core/db/schema';

/** `speaker` is what the file shows: the host label, or the host's name for named hosts. */
type Segment = Pick<TranscriptSegmentRow, 'text' | 'start_ms' | 'end_ms'> & { speaker: string };

export const TRANSCRIPT_TYPES = {
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  podcastJson: 'application/json; charset=utf-8',
} as const;

function clock(ms: number, separator: '.' | ','): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(total % 1000, 3)}`;
}

/** A cue must end after it starts and its text must stay on its own lines (a blank line would end it). */
function cueTimes(segment: Segment): [number, number] {
  return [segment.start_ms, Math.max(segment.end_ms, segment.start_ms + 1)];
}

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** WebVTT cue text is HTML-like: &, < and > are escaped; the speaker is a `<v>` voice span. */
const escapeCueText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** WebVTT; each cue's text in a `<lang>` span of the episode's language, so players pick its fonts and voices by it. */
export function toWebVtt(segments: readonly Segment[], language: string): string {
  const cues = byStart(segments).map((segment, index) => {
    const [start, end] = cueTimes(segment);
    return `${index + 1}\n${clock(start, '.')} --> ${clock(end, '.')}\n<v ${escapeCueText(oneLine(segment.speaker))}><lang ${language}>${escapeCueText(oneLine(segment.text))}</lang>`;
  });
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

/** Segments in order of start (a line's order among lines that start together). */
function byStart(segments: readonly Segment[]): Segment[] {
  return segments.map((segment, index) => ({ segment, index })).sort((a, b) => a.segment.start_ms - b.segment.start_ms || a.index - b.index).map(({ segment }) => segment);
}

/** Cues that follow one another: each stretch of time with the lines heard in it, in script order. */
function sequentialCues(segments: readonly Segment[]): { start: number; end: number; texts: string[] }[] {
  const timed = segments.map((segment) => ({ segment, times: cueTimes(segment) }));
  const edges = [...new Set(timed.flatMap(({ times }) => times))].sort((a, b) => a - b);
  const cues: { start: number; end: number; texts: string[]; key: string }[] = [];
  edges.slice(0, -1).forEach((start, index) => {
    const end = edges[index + 1] as number;
    const heard = timed.filter(({ times }) => times[0] <= start && times[1] >= end);
    if (heard.length === 0) return;
    const key = heard.map(({ segment }) => segments.indexOf(segment)).join(',');
    const last = cues.at(-1);
    if (last && last.key === key && last.end === start) last.end = end;
    else cues.push({ start, end, key, texts: heard.map(({ segment }) => `${oneLine(segment.speaker)}: ${oneLine(segment.text)}`) });
  });
  return cues;
}

export function toSrt(segments: readonly Segment[]): string {
  return sequentialCues(segments)
    .map((cue, index) => `${index + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cue.texts.join('\n')}\n`)
    .join('\n');
}

/** https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/examples/transcripts/transcripts.md */
export function toPodcastTranscript(segments: readonly Segment[]) {
  return {
    version: '1.0.0',
    segments: segments.map((segment) => ({
      speaker: segment.speaker,
      startTime: segment.start_ms / 1000,
      endTime: segment.end_ms / 1000,
      body: segment.text,
    })),
  };
}
