// Voices from a Chatterbox TTS server (chatterbox-tts-api, see chatterbox-protocol.ts)
// over HTTP. The model runs elsewhere, usually on a GPU; this engine only sends text,
// retries what can pass (chatterbox-http.ts) and decodes the WAV replies. warmUp fails
// with a clear ChatterboxError when the server cannot be used, so the caller can fall
// back to another engine and record why.
import { openAsBlob } from 'node:fs';
import { decodeWav, WavFormatError } from '../wav.ts';
import type { SynthesisRequest, SynthesizedAudio, TtsEngine } from '../tts-engine.ts';
import { concatSamples } from '../concat-samples.ts';
import { abortReason, untilAborted } from '../synthesis-abort.ts';
import { ChatterboxError } from './chatterbox-error.ts';
import { ChatterboxHttp, type ChatterboxReply } from './chatterbox-http.ts';
import {
  DEFAULT_VOICE,
  HEALTH_PATH,
  LIBRARY_PATH,
  MAX_INPUT_CHARS,
  parseHealth,
  parseVoiceNames,
  SPEECH_PATH,
  VOICES_PATHS,
  type SpeechRequestBody,
} from './chatterbox-protocol.ts';
import { respelledText } from '../pronunciation/engine-pronunciations.ts';
import { chunkText } from './text-chunks.ts';

/** The shape of `config.chatterbox`, plus tuning that has sensible defaults. */
export interface ChatterboxEngineOptions {
  /** Base URL of the server, e.g. http://gpu-box:4123. */
  url: string;
  /** Sent as `Authorization: Bearer …` (for a proxy in front; the server itself has no auth). */
  apiKey?: string | undefined;
  /** Per attempt, from sending to the last byte of audio. */
  timeoutMs?: number;
  /** Attempts after the first for failures that can pass. */
  retries?: number;
  /**
   * What the server runs, for segment keys: the model, its checkpoint, the voice
   * samples behind its voice names. The server cannot say (its model listing names one
   * fixed id), so the operator does: change it whenever the server's sound may change,
   * and every line is voiced again instead of reusing stored audio. Default 'unversioned'.
   */
  modelVersion?: string;
  /** Model settings; left out, the server's configured defaults apply. */
  exaggeration?: number;
  cfgWeight?: number;
  temperature?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  retryAfterMaxMs?: number;
}

export class ChatterboxEngine implements TtsEngine {
  readonly name = 'chatterbox';
  /** `modelVersion` and the model settings this engine sends with every request. */
  readonly version: string;
  private readonly http: ChatterboxHttp;
  private readonly modelSettings: Pick<SpeechRequestBody, 'exaggeration' | 'cfg_weight' | 'temperature'>;
  /** Until the server has been asked: only its default voice, which always exists. */
  private voiceNames: readonly string[] = [DEFAULT_VOICE];
  private maxInputChars = MAX_INPUT_CHARS;
  /** The last (or running) look-up of the server's limits and voices; dropped when it fails. */
  private discovery: Promise<void> | undefined;
  /**
   * Utterances run one at a time: the server drives one model, so requests sent
   * together would wait on each other there and spend their time limits waiting.
   */
  private queue: Promise<unknown> = Promise.resolve();
  /** Aborts requests in flight on close. */
  private readonly lifetime = new AbortController();

  constructor(options: ChatterboxEngineOptions) {
    this.http = new ChatterboxHttp(options.url, options.apiKey, {
      retries: options.retries ?? 2,
      timeoutMs: options.timeoutMs ?? 120_000,
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffMaxMs: options.backoffMaxMs ?? 10_000,
      retryAfterMaxMs: options.retryAfterMaxMs ?? 30_000,
    });
    this.modelSettings = {
      ...(options.exaggeration === undefined ? {} : { exaggeration: options.exaggeration }),
      ...(options.cfgWeight === undefined ? {} : { cfg_weight: options.cfgWeight }),
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    };
    const settings = Object.entries(this.modelSettings).map(([name, value]) => `${name}=${value}`);
    this.version = [options.modelVersion ?? 'unversioned', ...settings].join('/');
  }

  /**
   * 'default' (the server's configured voice) and, once warmUp or a first request has
   * asked the server, the names in its voice library.
   */
  voices(): readonly string[] {
    return this.voiceNames;
  }

  /** Checks the server answers and its model loaded, and learns its voices and input limit. */
  warmUp(): Promise<void> {
    if (this.lifetime.signal.aborted) return Promise.reject(this.closedError());
    this.discovery = undefined;
    return this.discover();
  }

  synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    if (this.lifetime.signal.aborted) return Promise.reject(this.closedError());
    if (!request.text.trim()) return Promise.reject(new ChatterboxError('Cannot synthesize empty text', { transient: false }));
    if (request.signal?.aborted) return Promise.reject(abortReason(request.signal));
    const job = this.queue.then(() => this.run(request));
    this.queue = job.catch(() => {});
    // A request aborted while queued rejects now; `run` then skips it.
    return untilAborted(job, request.signal);
  }

  async close(): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort(this.closedError());
    await this.queue;
  }

  /**
   * Puts a clip into the server's voice library under `name` (our custom voice's id), so
   * `voice: name` speaks with it. A name the library has already is taken as done: an
   * earlier attempt of the same registration got there. A clip the server refuses is a
   * ChatterboxError with its status (400) and message.
   */
  async addLibraryVoice(name: string, wavFile: string): Promise<void> {
    if (this.lifetime.signal.aborted) throw this.closedError();
    const form = async () => {
      const body = new FormData();
      body.set('voice_name', name);
      body.set('voice_file', await openAsBlob(wavFile, { type: 'audio/wav' }), `${name}.wav`);
      return body;
    };
    try {
      await this.http.send({ method: 'POST', path: LIBRARY_PATH, form, accept: 'application/json' }, this.lifetime.signal);
    } catch (error) {
      if (!(error instanceof ChatterboxError && error.status === 409)) throw error;
    }
    this.discovery = undefined; // the next request learns the new name
  }

  /** Removes `name` from the server's voice library; one that is not there is already removed. */
  async removeLibraryVoice(name: string): Promise<void> {
    if (this.lifetime.signal.aborted) throw this.closedError();
    try {
      await this.http.send({ method: 'DELETE', path: `${LIBRARY_PATH}/${encodeURIComponent(name)}`, accept: 'application/json' }, this.lifetime.signal);
    } catch (error) {
      if (!(error instanceof ChatterboxError && error.status === 404)) throw error;
    }
    this.discovery = undefined;
  }

  private closedError(): ChatterboxError {
    return new ChatterboxError('Chatterbox engine is closed', { transient: false });
  }

  private discover(): Promise<void> {
    if (!this.discovery) {
      const discovery = this.askServer();
      this.discovery = discovery;
      discovery.catch(() => {
        if (this.discovery === discovery) this.discovery = undefined;
      });
    }
    return this.discovery;
  }

  private async askServer(): Promise<void> {
    const health = parseHealth(await this.getJson(HEALTH_PATH));
    if (health.modelError) {
      throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} cannot speak: its model failed to load: ${health.modelError}`, { transient: false });
    }
    const names = await this.libraryVoices();
    this.maxInputChars = Math.min(MAX_INPUT_CHARS, health.maxInputChars ?? MAX_INPUT_CHARS);
    this.voiceNames = [DEFAULT_VOICE, ...names.filter((name) => name !== DEFAULT_VOICE)];
  }

  /** The voice library's names; none from a server without one (every listing path is 404/405). */
  private async libraryVoices(): Promise<string[]> {
    for (const path of VOICES_PATHS) {
      let json: unknown;
      try {
        json = await this.getJson(path);
      } catch (error) {
        if (error instanceof ChatterboxError && (error.status === 404 || error.status === 405)) continue;
        throw error;
      }
      const names = parseVoiceNames(json);
      if (!names) throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} answered ${path} with something that is not a voice list`, { transient: false });
      return names;
    }
    return [];
  }

  private async getJson(path: string): Promise<unknown> {
    const reply = await this.http.send({ method: 'GET', path, accept: 'application/json' }, this.lifetime.signal);
    try {
      return JSON.parse(new TextDecoder().decode(reply.body));
    } catch (error) {
      throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} answered ${path} with ${reply.contentType || 'a body'} that is not JSON`, { transient: false, cause: error });
    }
  }

  private async run(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const signal = request.signal ? AbortSignal.any([request.signal, this.lifetime.signal]) : this.lifetime.signal;
    if (signal.aborted) throw abortReason(signal);
    await untilAborted(this.discover(), signal);
    await this.checkVoice(request.voice, signal);
    const parts: SynthesizedAudio[] = [];
    // Lexicon entries are said by their respelling: Chatterbox takes only text.
    for (const text of chunkText(respelledText(request.text, request.pronunciations), this.maxInputChars)) {
      const body: SpeechRequestBody = {
        input: text,
        ...(request.voice === DEFAULT_VOICE ? {} : { voice: request.voice }),
        response_format: 'wav',
        ...(request.speed === undefined ? {} : { speed: request.speed }),
        ...this.modelSettings,
      };
      const reply = await this.http.send({ method: 'POST', path: SPEECH_PATH, json: body, accept: 'audio/wav' }, signal);
      parts.push(this.decode(reply));
    }
    return concatenate(parts);
  }

  /**
   * The server speaks an unknown voice name in its default voice without a word
   * [speech.py resolve_voice_path_and_language], so unknown names are refused here.
   * A name we have not seen may be newly uploaded: ask the server once more first.
   */
  private async checkVoice(voice: string, signal: AbortSignal): Promise<void> {
    if (this.voiceNames.includes(voice)) return;
    this.discovery = undefined;
    await untilAborted(this.discover(), signal);
    if (this.voiceNames.includes(voice)) return;
    throw new ChatterboxError(`Unknown Chatterbox voice "${voice}"; available: ${this.voiceNames.join(', ')}`, { transient: false });
  }

  private decode(reply: ChatterboxReply): SynthesizedAudio {
    try {
      const { samples, sampleRate } = decodeWav(reply.body);
      return { samples, sampleRate };
    } catch (error) {
      if (!(error instanceof WavFormatError)) throw error;
      const type = reply.contentType || 'no content type';
      // An HTML or JSON page (a proxy's error page, a different server) says more than any summary.
      const preview = type.startsWith('audio/') ? '' : `: ${new TextDecoder().decode(reply.body.subarray(0, 200)).replace(/\s+/g, ' ').trim()}`;
      throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} sent ${type} instead of WAV audio (${error.message})${preview}`, {
        transient: false,
        cause: error,
      });
    }
  }
}

/** The pieces of one long text, back to back. */
function concatenate(parts: SynthesizedAudio[]): SynthesizedAudio {
  const [first] = parts;
  if (!first) throw new ChatterboxError('Cannot synthesize empty text', { transient: false });
  if (parts.length === 1) return first;
  const odd = parts.find((part) => part.sampleRate !== first.sampleRate);
  if (odd) throw new ChatterboxError(`Chatterbox changed sample rate mid-text (${first.sampleRate} Hz, then ${odd.sampleRate} Hz)`, { transient: false });
  return { samples: concatSamples(parts.map((part) => part.samples)), sampleRate: first.sampleRate };
}
