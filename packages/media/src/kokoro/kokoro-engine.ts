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
import { phonemizeText, type PhonemeLanguage } from './phonemize-text.ts';
import { isEnglish } from '@castwright/core/languages';
import { chunkTokens } from './token-chunks.ts';
import { kokoroVersion } from './kokoro-version.ts';
import { BlendError, looksLikeBlend, parseBlend, type BlendPart } from '@castwright/core/voices/voice-blend';
import { loadVoiceStyles, mixVoiceStyles, voiceLanguage, type VoiceStyles } from './voice-styles.ts';

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
    const blend = this.voiceParts(voice);
    const badSpeed = speedOutOfRange(speed);
    if (badSpeed) throw new KokoroError(badSpeed);
    signal?.throwIfAborted();

    const sentences: number[][] = [];
    const slotted = withPhonemeSlots(text, request.pronunciations);
    // English by the voice's accent, as always; another language with its own eSpeak voice, whichever voice reads it.
    const language = request.language && !isEnglish(request.language) ? (request.language as PhonemeLanguage) : voiceLanguage(accentOf(blend));
    // The text normaliser reads English numbers, money and abbreviations; other languages reach eSpeak as written.
    const normalized = language === 'en-us' || language === 'en-gb' ? normalizeText(slotted.text) : slotted.text;
    for (const { segment } of sentenceSegmenter.segment(normalized)) {
      const phonemes = segment.trim() ? await phonemizeText(segment.trim(), language, slotted.slots) : '';
      // A "sentence" of bare punctuation ("...") has nothing to say.
      if (/\p{L}/u.test(phonemes)) sentences.push(phonemesToTokens(phonemes));
    }
    const chunks = chunkTokens(sentences);
    if (chunks.length === 0) throw new KokoroError(`Nothing to pronounce in ${JSON.stringify(text.slice(0, 80))}`);

    const styles = await this.stylesFor(voice, blend);
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

  /**
   * The installed voices a request's voice is made of: one voice, or the parts of a
   * blend (`af_heart*0.7+af_bella*0.3`, core/voices/voice-blend.ts) with their weights.
   */
  private voiceParts(voice: string): BlendPart[] {
    let parts: BlendPart[];
    try {
      parts = looksLikeBlend(voice) ? parseBlend(voice) : [{ voice, weight: 1 }];
    } catch (error) {
      if (error instanceof BlendError) throw new KokoroError(error.message);
      throw error;
    }
    const unknown = parts.find((part) => !this.voiceIds.includes(part.voice));
    if (unknown) throw new KokoroError(`Unknown Kokoro voice "${unknown.voice}"; installed: ${this.voiceIds.join(', ')}`);
    return parts;
  }

  /** A voice's style table, or a blend's mix of its voices' tables; each loaded once. */
  private stylesFor(voice: string, parts: readonly BlendPart[]): Promise<VoiceStyles> {
    if (parts.length === 1) return this.cachedStyles((parts[0] as BlendPart).voice, (name) => loadVoiceStyles(this.voicesDir, name));
    return this.cachedStyles(voice, async () =>
      mixVoiceStyles(voice, await Promise.all(parts.map(async (part) => ({ styles: await this.stylesFor(part.voice, [part]), weight: part.weight })))),
    );
  }

  private cachedStyles(key: string, load: (key: string) => Promise<VoiceStyles>): Promise<VoiceStyles> {
    let styles = this.styles.get(key);
    if (!styles) {
      styles = load(key);
      this.styles.set(key, styles);
      styles.catch(() => this.styles.delete(key));
    }
    return styles;
  }
}

/** The voice whose accent a blend is spoken in: its heaviest (the first of equals, by name). */
function accentOf(parts: readonly BlendPart[]): string {
  return parts.reduce((heaviest, part) => (part.weight > heaviest.weight ? part : heaviest)).voice;
}
