// One render of a revision on one engine: every line keyed by what shapes its sound
// (line-voicing.ts), only the lines the episode's segment store lacks voiced (the store
// lives in object storage with the episode, so a render taken over after its worker died
// voices only what its predecessor had not stored), then the episode mastered as MP3
// chunks, copying every chunk the published audio already holds. Show notes and the
// MP3's chapters follow the new timings.
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { ScriptLine } from '@castwright/core/script-lines';
import type { ShowNotes } from '@castwright/core/show-notes';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import { assembleEpisode, type PreviousEpisode, type SegmentTiming } from '@castwright/media/assemble-episode';
import type { ChunkTable } from '@castwright/media/chunk-table';
import type { EpisodeMasterPlan } from '@castwright/media/episode-master-plan';
import type { Lexicon } from '@castwright/media/pronunciation/lexicon';
import type { RenderedSegment } from '@castwright/media/render-script';
import { scriptTimeline } from '@castwright/media/script-timeline';
import { StorageSegmentStore } from '@castwright/media/segment-store';
import { lineSegmentKey, voiceLines } from '@castwright/media/voice-lines';
import type { WorkerContext } from '../worker-context.ts';
import type { EngineCasting } from './engine-fallback.ts';
import { voicingLines } from './line-voicing.ts';
import { RecordedSegmentStore } from './recorded-segment-store.ts';

export interface RevisionRenderRequest {
  episode: EpisodeRow;
  revision: number;
  lines: readonly ScriptLine[];
  /** The account's pronunciation lexicon as the render started. */
  lexicon: Lexicon;
  /** The published revision's MP3 and records, whose unchanged chunks are copied. */
  previous: PreviousEpisode | undefined;
  /** The attempt's scratch directory. */
  workDir: string;
  signal: AbortSignal;
  onProgress(linesDone: number, linesTotal: number): Promise<void>;
  /** What the engine waits on before it can speak (undefined: no longer), for the episode's progress note. */
  onWait?(note: string | undefined): void;
}

export interface RevisionRender {
  audioFile: string;
  durationMs: number;
  segments: RenderedSegment[];
  showNotes: ShowNotes;
  chunkTable: ChunkTable;
  plan: EpisodeMasterPlan;
  /** Each line's segment key, in order. */
  segmentKeys: string[];
  /** Lines this attempt voiced (not found stored). */
  engineCalls: number;
  chunksReused: number;
  timings: { synthesisMs: number; masteringMs: number };
}

export async function renderRevision(context: WorkerContext, request: RevisionRenderRequest, casting: EngineCasting): Promise<RevisionRender> {
  const { episode, lines, signal } = request;
  const voicing = voicingLines(lines, casting, request.lexicon);
  const keyed = voicing.flatMap((line) => {
    // A line that cannot be keyed (or voiced) is refused by voiceLines below, with its number.
    if (line.voice === undefined) return [];
    try {
      return [{ key: lineSegmentKey(line, { engine: casting.engine, voice: line.voice, speed: casting.speed, language: casting.language }), text: line.text }];
    } catch {
      return [];
    }
  });
  const objects = new StorageSegmentStore({ storage: context.storage, episodeId: episode.id, tempDir: request.workDir });
  const store = await RecordedSegmentStore.open(context.db, objects, episode.id, request.revision, keyed);
  const voiced = await voiceLines({
    lines: voicing,
    engine: casting.engine,
    voiceFor: (speaker) => casting.voices[speaker],
    speed: casting.speed,
    language: casting.language,
    store,
    signal,
    onProgress: request.onProgress,
    ...(request.onWait ? { onWait: request.onWait } : {}),
  });
  const sections = scriptSections(lines);
  const timed = (timings: readonly SegmentTiming[]): RenderedSegment[] =>
    lines.map((line, index) => ({ speaker: line.speaker, text: line.text, ...(timings[index] as SegmentTiming) }));
  let showNotes: ShowNotes | undefined;
  // Reactions under the lines they react to, cut-ins, and the pauses: fixed at `reactions: none` (strict turns, as before), natural otherwise.
  const timeline = scriptTimeline(lines, casting.pauses, episode.reactions === 'none' ? 'fixed' : 'natural');
  const assembled = await assembleEpisode({
    lines: voicing.map((line, index) => ({ speaker: line.speaker, clip: () => store.get(voiced.lines[index]?.key as string), ...timeline[index] })),
    pauses: casting.pauses,
    ...(request.previous ? { previous: request.previous } : {}),
    metadata: { title: episode.title, artist: 'Castwright' },
    // Chapters are the script's sections, at the real starts of their first lines.
    chapters: ({ segments }) => {
      showNotes = buildShowNotes(timed(segments), { sections, language: casting.language });
      return showNotes.chapters.map((chapter) => ({ title: chapter.title, startMs: chapter.timestampMs }));
    },
    workDir: request.workDir,
    signal,
  });
  return {
    audioFile: assembled.audioFile,
    durationMs: assembled.durationMs,
    segments: timed(assembled.segments),
    showNotes: showNotes ?? buildShowNotes(timed(assembled.segments), { sections, language: casting.language }),
    chunkTable: assembled.chunkTable,
    plan: assembled.plan,
    segmentKeys: voiced.lines.map((line) => line.key),
    engineCalls: voiced.engineCalls,
    chunksReused: assembled.stats.chunksReused,
    timings: { synthesisMs: voiced.synthesisMs, masteringMs: assembled.stats.totalMs },
  };
}
