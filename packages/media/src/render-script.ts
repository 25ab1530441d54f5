// Turns a script of one to four hosts into the episode MP3 plus the timing of every
// line, in one call: the lines are voiced (voice-lines.ts) into a segment store private to this
// render, then mastered as a chain of chunks (assemble-episode.ts). The worker's
// editable-episode renders call those two directly with a store that outlives the
// render; this keeps every caller that wants one finished MP3 working as before.
// Segment times are the real positions of each line in the file (the transcript
// player depends on that).

import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import type { Speaker } from '@castwright/core/script-lines';
import { assembleEpisode } from './assemble-episode.ts';
import { scriptTimeline, type PauseStyle } from './script-timeline.ts';
import { StorageSegmentStore } from './segment-store.ts';
import { DEFAULT_PAUSES } from './timeline.ts';
import type { PausePlan } from './timeline.ts';
import type { TtsEngine } from './tts-engine.ts';
import { voiceLines, type VoicingLine } from './voice-lines.ts';
import type { VoicingSlots } from './voicing-slots.ts';
import type { Language } from '@castwright/core/languages';

export { RenderScriptError } from './render-script-error.ts';

export interface RenderOptions {
  /** The script's lines, each with the lexicon entries that apply to it. */
  lines: readonly VoicingLine[];
  engine: TtsEngine;
  /** Maps a speaker to one of `engine.voices()` (or a Kokoro blend of them); undefined for a speaker the episode does not have. */
  voiceFor(speaker: Speaker): string | undefined;
  /** Caller-owned directory; the MP3 is written here and nothing else is left behind. */
  workDir: string;
  metadata: { title: string; artist: string };
  /** Called after each line is synthesized; awaited, so it may persist progress. */
  onProgress?(linesDone: number, linesTotal: number): Promise<void> | void;
  signal?: AbortSignal;
  /** File name of the MP3 inside workDir (default `episode.mp3`). */
  outputFileName?: string;
  /** Pause lengths; defaults to DEFAULT_PAUSES. */
  pauses?: PausePlan;
  /** Speaking-rate multiplier passed to the engine for every line (default 1). */
  speed?: number;
  /** The language the script is in (English when left out): the engines phonemise by it. */
  language?: Language;
  /** The engine's voicing slots (voicing-slots.ts): lines voiced at once; left out, one at a time. */
  slots?: VoicingSlots;
  /** `fixed` (default): the plan's pauses between lines; `natural`: drawn from ranges around them (natural-pauses.ts). */
  pauseStyle?: PauseStyle;
}

export interface RenderedSegment {
  speaker: Speaker;
  text: string;
  startTimeMs: number;
  endTimeMs: number;
}

export interface RenderResult {
  /** Absolute path of the MP3 in workDir. */
  audioFile: string;
  /** The MP3's decoded length (what ffprobe reports, to the frame). */
  durationMs: number;
  segments: RenderedSegment[];
  /** Where the time went, for the worker's metrics: the engine's synthesis, and mixing + mastering (metering, chunk encoding, writing). */
  timings: { synthesisMs: number; masteringMs: number };
}

export async function renderScript(options: RenderOptions): Promise<RenderResult> {
  const { lines, engine, voiceFor, workDir, metadata, onProgress, signal } = options;
  // The segment store of this render alone, on disk (a long episode's clips would be
  // hundreds of MB in memory), removed with everything else at the end.
  const segmentsDir = join(workDir, `.segments-${randomUUID()}`);
  try {
    await mkdir(segmentsDir);
    const store = new StorageSegmentStore({ storage: new LocalDiskStorage(segmentsDir), episodeId: 'render', tempDir: segmentsDir });
    const voiced = await voiceLines({
      lines,
      engine,
      voiceFor,
      store,
      signal,
      speed: options.speed,
      ...(options.language ? { language: options.language } : {}),
      ...(options.slots ? { slots: options.slots } : {}),
      onProgress,
    });
    const pauses = options.pauses ?? DEFAULT_PAUSES;
    const timeline = scriptTimeline(lines, pauses, options.pauseStyle ?? 'fixed');
    const assembled = await assembleEpisode({
      lines: lines.map((line, index) => ({ speaker: line.speaker, clip: () => store.get(voiced.lines[index]?.key as string), ...timeline[index] })),
      pauses,
      metadata,
      workDir,
      outputFileName: options.outputFileName,
      signal,
    });
    const segments = lines.map((line, index) => ({ speaker: line.speaker, text: line.text, ...(assembled.segments[index] as { startTimeMs: number; endTimeMs: number }) }));
    return { audioFile: assembled.audioFile, durationMs: assembled.durationMs, segments, timings: { synthesisMs: voiced.synthesisMs, masteringMs: assembled.stats.totalMs } };
  } finally {
    await rm(segmentsDir, { recursive: true, force: true });
  }
}
