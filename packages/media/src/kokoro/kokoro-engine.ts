// Kokoro-82M on ONNX Runtime: the local neural voices of the GPU media worker.
// One session per voicing slot, each in a thread of its own (kokoro-sessions.ts), CUDA
// when the machine has it, CPU otherwise; a request holds one session for all its chunks. Text is normalised, phonemised per sentence
// by eSpeak NG, mapped to Kokoro's tokens and voiced in chunks of at most 510
// tokens, each with the voice's style row for that chunk's length. Lexicon entries
// are said by their IPA, spliced into the phonemes as given.
import type { Logger } from '@castwright/core/logger';
import { concatSamples } from '../concat-samples.ts';
import { speedOutOfRange, type SynthesisRequest, type SynthesizedAudio, type TtsEngine } from '../tts-engine.ts';
import { findKokoroInstall } from './kokoro-files.ts';
import type { KokoroDevice } from './kokoro-session.ts';
import { KokoroSessions } from './kokoro-sessions.ts';
import { KokoroError } from './kokoro-error.ts';
import { KOKORO_SAMPLE_RATE } from './kokoro-thread-protocol.ts';
import { phonemesToTokens } from './kokoro-vocabulary.ts';
import { normalizeText } from './normalize-text.ts';
import { withPhonemeSlots } from './phoneme-slots.ts';
import { phonemizeText, type PhonemeLanguage } from './phonemize-text.ts';
import { isEnglish } from '@castwright/core/languages';
import { chunkTokens } from './token-chunks.ts';
import { kokoroVersion } from './kokoro-version.ts';
import { BlendError, looksLikeBlend, parseBlend, type BlendPart } from '@castwright/core/voices/voice-blend';
import { loadVoiceStyles, mixVoiceStyles, voiceLanguage, type VoiceStyles } from './voice-styles.ts';

export { KokoroError, KOKORO_SAMPLE_RATE };

export interface KokoroEngineOptions {
  /** Holds model.onnx and voices/*.bin (`castwright models pull kokoro` lays it out). */
  modelDir: string;
  device?: KokoroDevice;
  /** Lines voiced at once, each on a session of its own (default: one per CPU core on CPU, CUDA_DEFAULT_SLOTS on CUDA). */
  slots?: number;
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
  private readonly sessions: KokoroSessions;
  private readonly voicesDir: string;
  private readonly voiceIds: readonly string[];
  private closed = false;

  private constructor(sessions: KokoroSessions, voicesDir: string, voiceIds: readonly string[], version: string) {
    this.sessions = sessions;
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
    const sessions = await KokoroSessions.open({
      modelFile: install.modelFile,
      device: options.device ?? 'auto',
      ...(options.slots === undefined ? {} : { slots: options.slots }),
      onFallback: (reason) => options.logger?.warn({ reason }, 'Kokoro: CUDA is not available, running on CPU'),
    });
    options.logger?.info({ provider: sessions.provider, slots: sessions.slots, voices: install.voices.length }, 'Kokoro model loaded');
    return new KokoroEngine(sessions, install.voicesDir, install.voices, version);
  }

  /** 'cuda' or 'cpu': where the model actually runs. */
  get provider(): 'cuda' | 'cpu' {
    return this.sessions.provider;
  }

  /** Lines voiced at once, each on a session of its own. */
  get slots(): number {
    return this.sessions.slots;
  }

  voices(): readonly string[] {
    return this.voiceIds;
  }

  async warmUp(): Promise<void> {
    // Every slot's session opened, and its first run (kernels, arenas) paid for, before the first episode.
    const voice = this.voiceIds[0];
    if (voice) await Promise.all(Array.from({ length: this.slots }, () => this.synthesize({ text: 'Ready.', voice })));
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
    // One session for the whole line; a run cannot be stopped, so an abort is seen between chunks.
    const parts = await this.sessions.withSession(async (session) => {
      const voiced: Float32Array[] = [];
      for (const chunk of chunks) {
        signal?.throwIfAborted();
        voiced.push(await session.run(chunk, styles.styleFor(chunk.length), speed));
      }
      return voiced;
    }, signal);
    signal?.throwIfAborted();
    return { samples: concatSamples(parts), sampleRate: KOKORO_SAMPLE_RATE };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.sessions.close();
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
