// Kokoro-82M on ONNX Runtime: the local neural voices of the GPU media worker.
// One session per process (the engine is created once by the worker), CUDA when
// the machine has it, CPU otherwise. Text is normalised, phonemised per sentence
// by eSpeak NG, mapped to Kokoro's tokens and voiced in chunks of at most 510
// tokens, each with the voice's style row for that chunk's length. Lexicon entries
// are said by their IPA, spliced into the phonemes as given.
import type { Logger } from '@castwright/core/logger';
import { concatSamples } from '../concat-samples.ts';
import { speedOutOfRange, type SynthesisRequest, type SynthesizedAudio, type TtsEngine } from '../tts-engine.ts';
import { findKokoroInstall } from './kokoro-files.ts';
import { openKokoroSession, type KokoroDevice, type KokoroSession } from './kokoro-session.ts';
import { phonemesToTokens } from './kokoro-vocabulary.ts';
import { normalizeText } from './normalize-text.ts';
import { withPhonemeSlots } from './phoneme-slots.ts';
import { phonemizeText } from './phonemize-text.ts';
import { chunkTokens } from './token-chunks.ts';
import { kokoroVersion } from './kokoro-version.ts';
import { loadVoiceStyles, voiceLanguage, type VoiceStyles } from './voice-styles.ts';

export const KOKORO_SAMPLE_RATE = 24_000;

export class KokoroError extends Error {
  override name = 'KokoroError';
}

export interface KokoroEngineOptions {
  /** Holds model.onnx and voices/*.bin (`castwright models pull kokoro` lays it out). */
  modelDir: string;
  device?: KokoroDevice;
  logger?: Logger;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export class KokoroEngine implements TtsEngine {
  readonly name = 'kokoro';
  /** Lexicon entries' IPA goes straight into the phoneme input (phoneme-slots.ts). */
  readonly pronunciationInput = 'phonemes';
  /** The model's SHA-256 (the pin, for the pinned file), the phonemizer's version and the text pipeline's revision. */
  readonly version: string;
  private readonly styles = new Map<string, Promise<VoiceStyles>>();
  private readonly session: KokoroSession;
  private readonly voicesDir: string;
  private readonly voiceIds: readonly string[];
  private closed = false;

  private constructor(session: KokoroSession, voicesDir: string, voiceIds: readonly string[], version: string) {
    this.session = session;
    this.version = version;
    this.voicesDir = voicesDir;
    this.voiceIds = voiceIds;
  }

  /** Loads the model once; throws KokoroError when it is not installed or cannot load. */
  static async open(options: KokoroEngineOptions): Promise<KokoroEngine> {
    const install = await findKokoroInstall(options.modelDir);
    if (!install) {
      throw new KokoroError(`Kokoro is not installed in ${options.modelDir} (run \`castwright models pull kokoro\`)`);
    }
    const version = await kokoroVersion(install.modelFile);
    const session = await openKokoroSession(install.modelFile, {
      device: options.device ?? 'auto',
      onFallback: (reason) => options.logger?.warn({ reason }, 'Kokoro: CUDA is not available, running on CPU'),
    });
    options.logger?.info({ provider: session.provider, voices: install.voices.length }, 'Kokoro model loaded');
    return new KokoroEngine(session, install.voicesDir, install.voices, version);
  }

  /** 'cuda' or 'cpu': where the model actually runs. */
  get provider(): 'cuda' | 'cpu' {
    return this.session.provider;
  }

  voices(): readonly string[] {
    return this.voiceIds;
  }

  async warmUp(): Promise<void> {
    // The first run allocates kernels and arenas; pay for it before the first episode.
    const voice = this.voiceIds[0];
    if (voice) await this.synthesize({ text: 'Ready.', voice });
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const { text, voice, signal } = request;
    const speed = request.speed ?? 1;
    if (this.closed) throw new KokoroError('Kokoro engine is closed');
    if (!this.voiceIds.includes(voice)) throw new KokoroError(`Unknown Kokoro voice "${voice}"; installed: ${this.voiceIds.join(', ')}`);
    const badSpeed = speedOutOfRange(speed);
    if (badSpeed) throw new KokoroError(badSpeed);
    signal?.throwIfAborted();

    const sentences: number[][] = [];
    const slotted = withPhonemeSlots(text, request.pronunciations);
    for (const { segment } of sentenceSegmenter.segment(normalizeText(slotted.text))) {
      const phonemes = segment.trim() ? await phonemizeText(segment.trim(), voiceLanguage(voice), slotted.slots) : '';
      // A "sentence" of bare punctuation ("...") has nothing to say.
      if (/\p{L}/u.test(phonemes)) sentences.push(phonemesToTokens(phonemes));
    }
    const chunks = chunkTokens(sentences);
    if (chunks.length === 0) throw new KokoroError(`Nothing to pronounce in ${JSON.stringify(text.slice(0, 80))}`);

    const styles = await this.stylesFor(voice);
    const parts: Float32Array[] = [];
    for (const chunk of chunks) {
      signal?.throwIfAborted();
      parts.push(await this.session.run(chunk, styles.styleFor(chunk.length), speed));
    }
    signal?.throwIfAborted();
    return { samples: concatSamples(parts), sampleRate: KOKORO_SAMPLE_RATE };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.session.release();
  }

  private stylesFor(voice: string): Promise<VoiceStyles> {
    let styles = this.styles.get(voice);
    if (!styles) {
      styles = loadVoiceStyles(this.voicesDir, voice);
      this.styles.set(voice, styles);
      styles.catch(() => this.styles.delete(voice));
    }
    return styles;
  }
}
