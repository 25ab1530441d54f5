// Voices the lines of a script that the segment store does not hold yet, on the worker's
// voicing slots (several lines at once, voicing-slots.ts; one at a time without them), and
// stores each one as soon as it is made: a render killed half-way keeps every line it
// voiced, and the next render voices only the rest. Keys, clips and the order of the
// result are the same however many lines are voiced at once. A line is found by its segment
// key, so an edited line (or one whose voice, speed, engine or pronunciations changed)
// is voiced again and an unchanged one never is; two identical lines are voiced once.

import type { ScriptLine, Speaker } from '@castwright/core/script-lines';
import { pronunciationsFor } from './pronunciation/engine-pronunciations.ts';
import { RenderScriptError } from './render-script-error.ts';
import { segmentKey, SegmentKeyError, segmentText } from './segment-key.ts';
import type { PronunciationEntry, SegmentKeyInput } from './segment-key.ts';
import type { SegmentStore } from './segment-store.ts';
import type { TtsEngine } from './tts-engine.ts';
import { voicedClip, VoicedClipError } from './voiced-clip.ts';
import { VoicingSlots } from './voicing-slots.ts';
import { isEnglish, type Language } from '@castwright/core/languages';

/** A script line and what else shapes its sound. */
export interface VoicingLine extends ScriptLine {
  /** This line's voice (one of `engine.voices()`, or a Kokoro blend of them); left out, `voiceFor(speaker)` decides. */
  voice?: string;
  /** The lexicon entries that apply to this line (`Lexicon.entriesIn(text)`): said by the engine and keyed in the form it says them. */
  pronunciations?: readonly PronunciationEntry[];
  /** Style-dependent delivery settings for this line (keyed; engines that take them get them later). */
  delivery?: SegmentKeyInput['delivery'];
}

export interface VoiceLinesOptions {
  lines: readonly VoicingLine[];
  engine: TtsEngine;
  /** Maps a speaker to one of `engine.voices()` (or a Kokoro blend of them), for lines that name no voice of their own; undefined for a speaker the episode does not have. */
  voiceFor(speaker: Speaker): string | undefined;
  /** Speaking-rate multiplier for every line (default 1). */
  speed?: number;
  /** The language every line is in (English when left out). */
  language?: Language;
  store: SegmentStore;
  signal?: AbortSignal;
  /**
   * The worker's voicing slots for this engine (voicing-slots.ts): lines are voiced on as
   * many at once as this render's share of them allows, and the results are the same as
   * one at a time. Left out: one line at a time.
   */
  slots?: VoicingSlots;
  /** After each line, voiced or found, in script order; awaited, so it may persist progress. */
  onProgress?(linesDone: number, linesTotal: number): Promise<void> | void;
  /** After a line is voiced and stored (not for lines found in the store), in the order the slots finish them; awaited. */
  onVoiced?(line: VoicedLineEvent): Promise<void> | void;
  /** When the engine waits on something outside it before it can speak, and (undefined) when it stops (SynthesisRequest.onWait). */
  onWait?(note: string | undefined): void;
}

export interface VoicedLineEvent {
  index: number;
  key: string;
  sampleRate: number;
  /** Length of the stored clip in samples. */
  samples: number;
  synthesisMs: number;
}

export interface VoiceLinesResult {
  /** Per line, in order: its segment key and whether the store already held it. */
  lines: { key: string; reused: boolean }[];
  /** How many times the engine was asked to synthesize. */
  engineCalls: number;
  /** Time spent in the engine. */
  synthesisMs: number;
  /** Sample rate of what the engine made in this run; undefined when every line was found. */
  sampleRate: number | undefined;
}

type KeyedEngine = Pick<TtsEngine, 'name' | 'version' | 'pronunciationInput'>;

/** The line's entries as this engine says them (its IPA for Kokoro, a respelling for the rest). */
function spokenPronunciations(line: VoicingLine, engine: KeyedEngine): PronunciationEntry[] {
  return line.pronunciations ? pronunciationsFor(line.pronunciations, engine.pronunciationInput ?? 'respelling') : [];
}

/** The segment key of one line as `voiceLines` computes it, for callers that need keys without voicing. */
export function lineSegmentKey(line: VoicingLine, voicing: { engine: KeyedEngine; voice: string; speed?: number; language?: Language }): string {
  // A quote is read in its own language (ScriptLine.language), the rest in the episode's.
  const language = line.language ?? voicing.language;
  return segmentKey({
    engine: voicing.engine.name,
    engineVersion: voicing.engine.version,
    voice: voicing.voice,
    ...(voicing.speed === undefined ? {} : { speed: voicing.speed }),
    ...(line.delivery === undefined ? {} : { delivery: line.delivery }),
    pronunciations: spokenPronunciations(line, voicing.engine),
    text: line.text,
    ...(language && !isEnglish(language) ? { language } : {}),
  });
}

export async function voiceLines(options: VoiceLinesOptions): Promise<VoiceLinesResult> {
  const { lines, engine, voiceFor, speed, language, store, signal, slots, onProgress, onVoiced, onWait } = options;
  if (lines.length === 0) throw new RenderScriptError('The script has no lines');
  signal?.throwIfAborted();
  const name = (index: number) => `Line ${index + 1} (${(lines[index] as VoicingLine).speaker})`;

  // Every voice and key first: a line that cannot be voiced or keyed fails the render before any work.
  const voices = lines.map((line, index) => {
    const voice = line.voice ?? voiceFor(line.speaker);
    if (voice === undefined) throw new RenderScriptError(`${name(index)} cannot be voiced: the episode has no ${line.speaker}`);
    return voice;
  });
  const keys = lines.map((line, index) => {
    try {
      return lineSegmentKey(line, { engine, voice: voices[index] as string, speed, ...(language ? { language } : {}) });
    } catch (error) {
      if (!(error instanceof SegmentKeyError)) throw error;
      throw new RenderScriptError(`${name(index)} cannot be voiced: ${error.message}`, { cause: error });
    }
  });

  // Which keys the store holds, asked a few at a time up front: against S3 that is a
  // HEAD request per key, which one after another would cost seconds on every re-render.
  const stored = await storedKeys(store, [...new Set(keys)], signal);
  // The lines to voice: the first line of each key the store lacks (the same line again
  // later in the script is found, not voiced again), in script order.
  const firstOfKey = new Map<string, number>();
  for (const [index, key] of keys.entries()) if (!stored.has(key) && !firstOfKey.has(key)) firstOfKey.set(key, index);
  const toVoice = [...firstOfKey.values()];
  const result: VoiceLinesResult = {
    lines: keys.map((key, index) => ({ key, reused: firstOfKey.get(key) !== index })),
    engineCalls: 0,
    synthesisMs: 0,
    sampleRate: undefined,
  };

  // Progress is told in script order, once per line, as the lines before it are done: the
  // same calls as one line at a time, whatever order the slots finish in.
  let told = 0;
  let progress: Promise<void> = Promise.resolve();
  const tellProgress = () => {
    progress = progress.then(async () => {
      while (told < lines.length && stored.has(keys[told] as string)) {
        told++;
        await onProgress?.(told, lines.length);
      }
    });
    return progress;
  };

  const voiceOne = async (index: number) => {
    const line = lines[index] as VoicingLine;
    const key = keys[index] as string;
    const started = performance.now();
    result.engineCalls++;
    // The text and entries as keyed: two spellings of one key must be one sound.
    const pronunciations = spokenPronunciations(line, engine);
    // A quote is read in its own language (ScriptLine.language), the rest in the episode's.
    const lineLanguage = line.language ?? language;
    const request = {
      text: segmentText(line.text),
      voice: voices[index] as string,
      speed,
      signal,
      ...(lineLanguage ? { language: lineLanguage } : {}),
      ...(pronunciations.length > 0 ? { pronunciations } : {}),
      ...(onWait ? { onWait } : {}),
    };
    const audio = await engine.synthesize(request).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new RenderScriptError(`${name(index)} could not be synthesized: ${reason}`, { cause: error });
    });
    const synthesisMs = performance.now() - started;
    result.synthesisMs += synthesisMs;
    signal?.throwIfAborted();
    let clip;
    try {
      clip = voicedClip(audio);
    } catch (error) {
      if (!(error instanceof VoicedClipError)) throw error;
      throw new RenderScriptError(`${name(index)} could not be synthesized: ${error.message}`, { cause: error });
    }
    result.sampleRate = clip.sampleRate;
    await store.put(key, clip);
    stored.add(key);
    await onVoiced?.({ index, key, sampleRate: clip.sampleRate, samples: clip.samples.length, synthesisMs });
  };

  // As many runners as the render may hold slots, each taking the next line to voice: a
  // render never has more engine calls in flight than the pool has slots, whatever its
  // length. A failure stops the taking of lines; those in flight finish and are stored
  // (a retry or resumed render has them), then the first failure is the render's.
  const lane = (slots ?? new VoicingSlots(1)).lane();
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async () => {
    while (!failure && next < toVoice.length) {
      const index = toVoice[next++] as number;
      try {
        signal?.throwIfAborted();
        // A line whose slot came after another line failed is left for the retry.
        await lane.run(async () => (failure ? undefined : voiceOne(index)), signal);
        await tellProgress();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await tellProgress(); // the stored lines at the start of the script
  await Promise.all(Array.from({ length: Math.min(lane.size, toVoice.length) }, runner));
  if (failure) throw failure.error;
  await tellProgress();
  return result;
}

/** How many `has` questions are in flight at once. */
const LOOKUPS_AT_ONCE = 8;

async function storedKeys(store: SegmentStore, keys: readonly string[], signal: AbortSignal | undefined): Promise<Set<string>> {
  const stored = new Set<string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(LOOKUPS_AT_ONCE, keys.length) }, async () => {
      while (next < keys.length) {
        signal?.throwIfAborted();
        const key = keys[next++] as string;
        if (await store.has(key)) stored.add(key);
      }
    }),
  );
  return stored;
}
