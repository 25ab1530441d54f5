// An episode's first render while it can be heard as it is made: its lines are voiced as
// the script task writes them (DraftSource), published as a live stream as far as a
// listener could need them (LivePublisher, on a take from openLiveTake, its lead bound) as
// the finished file lays them out (its reactions under their lines, cut-ins, natural
// pauses: media's script-timeline.ts), and once the script is complete and every line is
// voiced, the episode is mastered as usual with the stream as its previous episode
// (liveTakeAsPrevious): the stream's chunks are copied wherever its last loudness plan
// still delivers, and the finished file's chunks of the lines the stream had not mastered
// end the stream (LivePublisher.close). Same layout throughout, so the stream has the
// finished file's timings, and its bytes from where it stopped.
import { stat } from 'node:fs/promises';
import { formatScript } from '@castwright/content/script/script-format';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { updateRevisionScript } from '@castwright/core/repositories/episode-revisions';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { selectLiveSegments } from '@castwright/core/repositories/live-takes';
import type { ScriptLine } from '@castwright/core/script-lines';
import { scriptOverlapsColumn } from '@castwright/core/script-overlaps';
import type { LiveSegmentRecord } from '@castwright/media/live-master';
import { liveTakeAsPrevious } from '@castwright/media/live-take-audio';
import { pauseStyle, scriptTimeline, type TimedLine } from '@castwright/media/script-timeline';
import type { Lexicon } from '@castwright/media/pronunciation/lexicon';
import { StorageSegmentStore } from '@castwright/media/segment-store';
import { voiceLines } from '@castwright/media/voice-lines';
import type { WorkerContext } from '../worker-context.ts';
import { DraftSource } from './draft-source.ts';
import type { EngineCasting } from './engine-fallback.ts';
import { LivePublisher } from './live-publisher.ts';
import { openLiveTake } from './live-take.ts';
import { planVoicing } from './line-voicing.ts';
import { RecordedSegmentStore } from './recorded-segment-store.ts';
import { finishRevision, keyedLines, type RevisionRender } from './render-revision.ts';

export interface LiveRenderRequest {
  episode: EpisodeRow;
  revision: number;
  /** The revision's script as it was started (all of it, for any revision but the drafted first). */
  lines: readonly ScriptLine[];
  attempt: number;
  lexicon: Lexicon;
  workDir: string;
  signal: AbortSignal;
  /** Lines voiced and lines known so far (the total grows while the script is written). */
  onProgress(linesDone: number, linesKnown: number): Promise<void>;
  /** What the engine waits on before it can speak (undefined: no longer), for the episode's progress note. */
  onWait?(note: string | undefined): void;
}

export async function renderLive(context: WorkerContext, request: LiveRenderRequest, casting: EngineCasting): Promise<RevisionRender> {
  const { episode, signal, revision } = request;
  // Only an episode's first revision is written while it is voiced; a later one (after a failed first render) was queued whole.
  const source = new DraftSource(context.db, episode.id, request.attempt, signal, revision === 1 ? undefined : request.lines);
  const objects = new StorageSegmentStore({ storage: context.storage, episodeId: episode.id, tempDir: request.workDir });
  const lines: ScriptLine[] = [];
  const keys: string[] = [];
  const keyOf = (voicing: ReturnType<typeof planVoicing>) => keyedLines(voicing, casting);

  let batch = await source.next();
  // The episode's timeline as the finished file lays it out (reactions, cut-ins, pauses): each line's depends on the lines before it alone.
  const timelineOf = (known: readonly ScriptLine[]): TimedLine[] => scriptTimeline(known, casting.pauses, pauseStyle(episode.reactions));
  const liveLine = (known: readonly ScriptLine[], timeline: readonly TimedLine[], index: number) => {
    const line = known[index];
    return line ? { speaker: line.speaker, ...timeline[index] } : undefined;
  };
  const opening = timelineOf(batch.lines);
  const take = await openLiveTake({
    db: context.db,
    logger: context.logger,
    episodeId: episode.id,
    revision,
    attempt: request.attempt,
    pauses: casting.pauses,
    workDir: request.workDir,
    signal,
    line: (index) => liveLine(batch.lines, opening, index),
    clip: (index) => {
      const line = planVoicing([batch.lines[index] as ScriptLine], casting, request.lexicon);
      return objects.get(keyOf(line)[0]?.key ?? '');
    },
  });
  let voicedCount = 0;
  let timeline: TimedLine[] = [];
  const publisher = new LivePublisher({
    context,
    episodeId: episode.id,
    attempt: request.attempt,
    take: take.take,
    seq: take.seq,
    master: take.master,
    workDir: request.workDir,
    clip: (index) => objects.get(keys[index] as string),
    line: (index) => liveLine(lines, timeline, index) as NonNullable<ReturnType<typeof liveLine>>,
    progressPercent: () => progressPercent(voicedCount, lines.length),
    signal,
  });
  const voicing = { engineCalls: 0, synthesisMs: 0 };
  try {
    for (;;) {
      const base = lines.length;
      const added = planVoicing(batch.lines, casting, request.lexicon);
      lines.push(...batch.lines);
      timeline = timelineOf(lines);
      publisher.known(lines.length, batch.complete);
      if (added.length > 0) {
        const keyed = keyOf(added);
        const store = await RecordedSegmentStore.open(context.db, objects, episode.id, revision, keyed);
        const voiced = await voiceLines({
          lines: added,
          engine: casting.engine,
          voiceFor: (speaker) => casting.voices[speaker],
          speed: casting.speed,
          language: casting.language,
          store,
          signal,
          // Lines voiced at once on the worker's slots for this engine, shared with its other renders.
          ...(casting.slots ? { slots: casting.slots } : {}),
          ...(request.onWait ? { onWait: request.onWait } : {}),
          onProgress: async (done) => {
            publisher.check();
            keys[base + done - 1] = keyed[done - 1]?.key as string;
            voicedCount = base + done;
            publisher.voiced(voicedCount);
            await request.onProgress(voicedCount, lines.length);
          },
        });
        voiced.lines.forEach((line, index) => {
          keys[base + index] = line.key;
        });
        voicing.engineCalls += voiced.engineCalls;
        voicing.synthesisMs += voiced.synthesisMs;
      }
      if (batch.complete) break;
      batch = await source.next();
    }
    publisher.check();

    // The finished script on the revision with the refs the script task stored with it, and the episode's title as the writer gave it.
    const current = (await selectEpisodeById(context.db, episode.id)) ?? episode;
    const refs = current.script_refs === null ? null : JSON.stringify(current.script_refs);
    await context.db.transaction().execute((trx) =>
      updateRevisionScript(trx, episode.id, revision, { script_text: formatScript(lines), script_refs: refs, script_overlaps: scriptOverlapsColumn(lines), lines_total: lines.length, lines_changed: lines.length }),
    );
    // What the stream holds now: its chunks are copied where its last plan lands the whole episode closely enough (LIVE_KEEP_TOLERANCE_LU).
    const segments = await selectLiveSegments(context.db, episode.id, take.take);
    const previous = liveTakeAsPrevious(segments.map((segment) => ({
      record: segment.record as LiveSegmentRecord,
      bytes: segment.bytes,
      read: (range) => context.storage.read(segment.object_key, range),
    })));
    // The publisher goes on meanwhile, for a listener who reaches the stream's end before the finished file is made.
    const rendered = await finishRevision({ title: current.title, lines, reactions: episode.reactions, keys, store: objects, casting, previous, workDir: request.workDir, signal, voicing });
    const streamed = take.master.linesMastered;
    await publisher.close(rendered);
    context.logger.info({ episodeId: episode.id, take: take.take, segments: segments.length, linesStreamed: streamed, lines: lines.length, chunksReused: rendered.chunksReused, bytes: (await stat(rendered.audioFile)).size }, 'live stream ended with the finished file');
    return rendered;
  } catch (error) {
    // The publisher stops with the render (its failure, if it was first, is the one to report).
    publisher.stop();
    publisher.check();
    throw error;
  }
}

/** 70 to 99 by lines voiced of lines known (never back: the caller moves it forward only). */
function progressPercent(voiced: number, known: number): number {
  return 70 + Math.floor((29 * voiced) / Math.max(1, known));
}
