// The one contract every text-to-speech engine implements (the built-in offline
// Flite voices, Kokoro ONNX, Chatterbox HTTP), so the renderer can mix engines
// without knowing how any of them makes sound.

import type { Language } from '@castwright/core/languages';
import type { PronunciationInput } from './pronunciation/engine-pronunciations.ts';
import type { PronunciationEntry } from './segment-key.ts';

/** The engines a media worker can hold, by the name casting, rates and the catalog know them. */
export type EngineName = 'kokoro' | 'chatterbox' | 'offline';

export interface SynthesisRequest {
  text: string;
  /** An engine-specific voice id; must be one of `engine.voices()`. */
  voice: string;
  /** Speaking-rate multiplier (1 = the voice's natural pace). Engines may ignore it. */
  speed?: number;
  /** Aborting rejects the request with an AbortError and stops the engine's work on it. */
  signal?: AbortSignal;
  /**
   * Lexicon entries to say wherever their terms occur in `text` as whole words
   * (pronunciation/lexicon.ts): Kokoro says an entry's IPA, the others its respelling.
   */
  pronunciations?: readonly PronunciationEntry[];
  /**
   * The language of `text` (English when left out): Kokoro phonemises it with that
   * language's eSpeak NG voice; the built-in voice's voices are each of one language.
   */
  language?: Language;
  /**
   * Called when the engine waits on something outside it before it can speak (a
   * Chatterbox server still loading its model) with what it waits for, and with
   * undefined once the wait is over, so a render's progress can say why it stands still.
   */
  onWait?: (note: string | undefined) => void;
}

/** Mono PCM in the range -1..1 at the engine's native rate (one rate for all of an engine's output). */
export interface SynthesizedAudio {
  samples: Float32Array;
  sampleRate: number;
}

export interface TtsEngine {
  /** Stable id stored with episodes, e.g. 'offline'. */
  readonly name: string;
  /**
   * Changes whenever the same request may come out sounding different: the model's
   * weights, the engine's build, settings that shape every line. Part of every segment
   * key (segment-key.ts), so a new version re-voices lines instead of reusing stale audio.
   */
  readonly version: string;
  /**
   * How many requests it works on at once (Kokoro sessions, built-in voice threads, a
   * server's in-flight bound); more wait their turn inside it. The worker gives it that many
   * voicing slots (voicing-slots.ts). Left out: one.
   */
  readonly slots?: number;
  /** How it takes lexicon entries: 'phonemes' says their IPA (Kokoro); left out, it says respellings. */
  readonly pronunciationInput?: PronunciationInput;
  voices(): readonly string[];
  /**
   * The language a voice speaks, when the engine learns it from elsewhere than the
   * voice's name (a Chatterbox library voice's upload language); left out or undefined,
   * the catalog's description of the voice (voice-catalog.ts) says.
   */
  voiceLanguage?(voice: string): string | undefined;
  /**
   * Reads the voice list again where it can change while the worker runs (a Chatterbox
   * server's library, which its operator uploads to). Never rejects: a server that cannot
   * be asked now keeps the list it had, and its requests say why.
   */
  refreshVoices?(): Promise<void>;
  /** Loads models/starts workers ahead of time so the first line is not slow; optional to call. */
  warmUp(): Promise<void>;
  synthesize(request: SynthesisRequest): Promise<SynthesizedAudio>;
  /** Releases workers, sessions and temp files; the engine is unusable afterwards. */
  close(): Promise<void>;
}

/** The speaking rates every engine accepts (engines that cannot change pace ignore `speed`). */
const SPEED_RANGE = { min: 0.5, max: 2 } as const;

/** Why `speed` is refused, or undefined when it is inside SPEED_RANGE. */
export function speedOutOfRange(speed: number): string | undefined {
  return speed >= SPEED_RANGE.min && speed <= SPEED_RANGE.max ? undefined : `Speed must be between ${SPEED_RANGE.min} and ${SPEED_RANGE.max} (got ${speed})`;
}
