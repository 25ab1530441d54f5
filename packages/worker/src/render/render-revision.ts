// One render of a revision on one engine: every line keyed by what shapes its sound
// (line-voicing.ts), only the lines the episode's segment store lacks voiced (the store
// lives in object storage with the episode, so a render taken over after its worker died
// voices only what its predecessor had not stored), then the episode mastered as MP3
// chunks, copying every chunk the published audio (or a live stream) already holds. In a
// show, the mix (media/mix/) lays the show's intro, outro, bed and stings around the voiced
// lines, which it takes from the store as they are: a change to the show voices nothing.
// Show notes and the MP3's chapters follow the new timings.
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import type { ShowNotes } from '@castwright/core/show-notes';
import { scriptSections } from '@castwright/content/script/script-sections';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import type { PreviousEpisode, SegmentTiming } from '@castwright/media/assemble-episode';
import type { ChunkTable } from '@castwright/media/chunk-table';
import type { EpisodeMasterPlan } from '@castwright/media/episode-master-plan';
import { mixEpisode, type ShowSound } from '@castwright/media/mix/mix-episode';
import type { Lexicon } from '@castwright/media/pronunciation/lexicon';
import type { RenderedSegment } from '@castwright/media/render-script';
import { pauseStyle, scriptTimeline } from '@castwright/media/script-timeline';
import { StorageSegmentStore, type SegmentStore } from '@castwright/media/segment-store';
import { lineSegmentKey, voiceLines, type VoicingLine } from '@castwright/media/voice-lines';
import type { WorkerContext } from '../worker-context.ts';
import type { EngineCasting } from './engine-fallback.ts';
import { planVoicing } from './line-voicing.ts';
import { RecordedSegmentStore } from './recorded-segment-store.ts';

export interface RevisionRenderRequest {
  episode: EpisodeRow;
  revision: number;
  lines: readonly ScriptLine[];
  /** The account's pronunciation lexicon as the render started. */
  lexicon: Lexicon;
  /** The published revision's MP3 and records, whose unchanged chunks are copied. */
  previous: PreviousEpisode | undefined;
  /** The sound of the show the episode is in; undefined for none. */
  show?: ShowSound | undefined;
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
  const voicing = planVoicing(lines, casting, request.lexicon);
  const keyed = keyedLines(voicing, casting);
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
    // Lines voiced at once on the worker's slots for this engine, shared with its other renders.
    ...(casting.slots ? { slots: casting.slots } : {}),
    onProgress: request.onProgress,
    ...(request.onWait ? { onWait: request.onWait } : {}),
  });
  return finishRevision({
    title: episode.title,
    lines,
    reactions: episode.reactions,
    keys: voiced.lines.map((line) => line.key),
    store,
    casting,
    previous: request.previous,
    show: request.show,
    workDir: request.workDir,
    signal,
    voicing: { engineCalls: voiced.engineCalls, synthesisMs: voiced.synthesisMs },
  });
}

/** Each line's segment key and text, for the segment store's records; a line that cannot be keyed is left out (voiceLines refuses it, by number). */
export function keyedLines(voicing: readonly VoicingLine[], casting: EngineCasting): { key: string; text: string }[] {
  return voicing.flatMap((line) => {
    if (line.voice === undefined) return [];
    try {
      return [{ key: lineSegmentKey(line, { engine: casting.engine, voice: line.voice, speed: casting.speed, language: casting.language }), text: line.text }];
    } catch {
      return [];
    }
  });
}

export interface VoicedRevision {
  /** The MP3's title tag. */
  title: string;
  lines: readonly ScriptLine[];
  /** The episode's reactions level: its pauses are the voice style's fixed ones at `none`, natural otherwise. */
  reactions: ReactionLevel;
  /** Each line's segment key, in order (every one stored). */
  keys: readonly string[];
  store: Pick<SegmentStore, 'get'>;
  casting: EngineCasting;
  /** Chunks that may be copied instead of encoded: the published revision's, or a live stream's. */
  previous: PreviousEpisode | undefined;
  /** The sound of the show the episode is in; undefined for none. */
  show?: ShowSound | undefined;
  workDir: string;
  signal: AbortSignal;
  voicing: { engineCalls: number; synthesisMs: number };
}

/** Masters a revision whose lines are all voiced: the MP3 (copying what `previous` has), its timings, show notes and chapters. */
export async function finishRevision(revision: VoicedRevision): Promise<RevisionRender> {
  const { lines, casting, signal } = revision;
  const sections = scriptSections(lines);
  const timed = (timings: readonly SegmentTiming[]): RenderedSegment[] =>
    lines.map((line, index) => ({ speaker: line.speaker, text: line.text, ...(timings[index] as SegmentTiming) }));
  let showNotes: ShowNotes | undefined;
  // Reactions under the lines they react to, cut-ins, and the pauses: fixed at `reactions: none` (strict turns, as before), natural otherwise.
  const timeline = scriptTimeline(lines, casting.pauses, pauseStyle(revision.reactions));
  const assembled = await mixEpisode({
    lines: lines.map((line, index) => ({ speaker: line.speaker, text: line.text, section: line.section, identity: revision.keys[index], clip: () => revision.store.get(revision.keys[index] as string), ...timeline[index] })),
    show: revision.show,
    pauses: casting.pauses,
    ...(revision.previous ? { previous: revision.previous } : {}),
    metadata: { title: revision.title, artist: 'Castwright' },
    // Chapters are the script's sections, at the real starts of their first lines (or of their sting or bed, in a show).
    chapters: ({ segments, sectionStartMs }) => {
      showNotes = buildShowNotes(timed(segments), { sections, language: casting.language, chapterStartMs: sectionStartMs });
      return showNotes.chapters.map((chapter) => ({ title: chapter.title, startMs: chapter.timestampMs }));
    },
    workDir: revision.workDir,
    signal,
  });
  return {
    audioFile: assembled.audioFile,
    durationMs: assembled.durationMs,
    segments: timed(assembled.segments),
    showNotes: showNotes ?? buildShowNotes(timed(assembled.segments), { sections, language: casting.language }),
    chunkTable: assembled.chunkTable,
    plan: assembled.plan,
    segmentKeys: [...revision.keys],
    engineCalls: revision.voicing.engineCalls,
    chunksReused: assembled.stats.chunksReused,
    timings: { synthesisMs: revision.voicing.synthesisMs, masteringMs: assembled.stats.totalMs },
  };
}
