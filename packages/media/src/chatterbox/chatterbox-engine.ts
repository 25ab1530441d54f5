// Voices from a Chatterbox TTS server (chatterbox-tts-api, see chatterbox-protocol.ts)
// over HTTP. The model runs elsewhere, usually on a GPU; this engine only sends text,
// retries what can pass (chatterbox-http.ts) and decodes the WAV replies. A server still
// loading its model is waited for (up to `loadWaitMs`, telling the caller through
// `onWait`); warmUp fails with a clear ChatterboxError when the server cannot be used (or
// is not ready yet), so the caller can fall back to another engine and record why. Its
// voices are `default` (the server's sample, English) and the library's, oldest first,
// each speaking the language it was uploaded with.
import { openAsBlob } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SynthesisRequest, SynthesizedAudio, TtsEngine } from '../tts-engine.ts';
import { abortReason, untilAborted } from '../synthesis-abort.ts';
import { ChatterboxError } from './chatterbox-error.ts';
import { concatenate, decodeSpeech } from './chatterbox-audio.ts';
import { ChatterboxHttp } from './chatterbox-http.ts';
import { DEFAULT_VOICE, LIBRARY_PATH, libraryLanguage, SPEECH_PATH, type SpeechRequestBody } from './chatterbox-protocol.ts';
import { ChatterboxServerState } from './chatterbox-server-state.ts';
import { respelledText } from '../pronunciation/engine-pronunciations.ts';
import { chunkText } from './text-chunks.ts';
import { LoadWait } from './load-wait.ts';

/** The shape of `config.chatterbox`, plus tuning that has sensible defaults. */
export interface ChatterboxEngineOptions {
  /** Base URL of the server, e.g. http://gpu-box:4123. */
  url: string;
  /** Sent as `Authorization: Bearer …` (for a proxy in front; the server itself has no auth). */
  apiKey?: string | undefined;
  /** Per attempt, from sending to the last byte of audio, before the text's own allowance. */
  timeoutMs?: number;
  /** Added to a speech request's limit per character of its text. Default 100. */
  timeoutMsPerChar?: number;
  /** Attempts after the first for failures that can pass. */
  retries?: number;
  /** How long a request waits for a server whose model is still loading, or that is busy with a request that timed out. Default 15 minutes. */
  loadWaitMs?: number;
  /** How often a loading server's health is asked again. Default 5 s. */
  loadPollMs?: number;
  /** How often a server busy with an abandoned request is asked whether it is idle. Default 2 s. */
  idlePollMs?: number;
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
  /** The server's model state, limits and voices. */
  private readonly server: ChatterboxServerState;
  private readonly timeoutMs: number;
  private readonly timeoutMsPerChar: number;
  private readonly loadWaitMs: number;
  private readonly loadPollMs: number;
  /** One line in flight per server: the worker gives this engine one voicing slot. */
  readonly slots = 1;
  /**
   * Utterances run one at a time: the server drives one model, so requests sent
   * together would wait on each other there and spend their time limits waiting.
   */
  private queue: Promise<unknown> = Promise.resolve();
  /** Aborts requests in flight on close. */
  private readonly lifetime = new AbortController();

  constructor(options: ChatterboxEngineOptions) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.timeoutMsPerChar = options.timeoutMsPerChar ?? 100;
    this.loadWaitMs = options.loadWaitMs ?? 900_000;
    this.loadPollMs = options.loadPollMs ?? 5_000;
    this.http = new ChatterboxHttp(options.url, options.apiKey, {
      retries: options.retries ?? 2,
      timeoutMs: this.timeoutMs,
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffMaxMs: options.backoffMaxMs ?? 10_000,
      retryAfterMaxMs: options.retryAfterMaxMs ?? 30_000,
      idlePollMs: options.idlePollMs ?? 2_000,
      // As long as for a loading model: either way the server is there but cannot take our work yet.
      idleWaitMaxMs: this.loadWaitMs,
    });
    this.server = new ChatterboxServerState(this.http, this.lifetime.signal, this.timeoutMs);
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
    return this.server.voiceNames;
  }

  /** The language a voice (or an alias of one) was uploaded with; `en` for `default`. */
  voiceLanguage(voice: string): string | undefined {
    return this.server.languages.get(voice);
  }

  /** Reads the library again (an operator may have uploaded to it); a server that cannot be asked now keeps the list it had. */
  async refreshVoices(): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    this.server.forget();
    // One quick look: a server that does not answer at once is left for its requests to wait on.
    // A loading server has given its library all the same; an unreachable one says why when asked to speak.
    await this.server.learn(true).catch(() => undefined);
  }

  /** Checks the server answers and its model loaded (a server still loading fails with `loading` set), and learns its voices and input limit. */
  warmUp(): Promise<void> {
    if (this.lifetime.signal.aborted) return Promise.reject(this.closedError());
    this.server.forget();
    return this.server.learn();
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
   * Puts a clip into the server's voice library under `name` (our custom voice's id),
   * speaking `language` (a BCP 47 tag; the library takes its primary subtag), so
   * `voice: name` speaks with it. A voice of that name in the library already is taken
   * as done: an earlier attempt of the same registration got there. A clip or language the server
   * refuses (the English-only model takes `en` alone) is a ChatterboxError with its
   * status (400) and message.
   */
  async addLibraryVoice(name: string, wavFile: string, language = 'en'): Promise<void> {
    if (this.lifetime.signal.aborted) throw this.closedError();
    // Until its model has loaded the server knows no language but English, and refuses the rest.
    await this.untilReady(this.lifetime.signal, new LoadWait(this.loadWaitMs, undefined));
    const form = async () => {
      const body = new FormData();
      body.set('voice_name', name);
      body.set('voice_file', await openAsBlob(wavFile, { type: 'audio/wav' }), `${name}.wav`);
      body.set('language', libraryLanguage(language));
      return body;
    };
    try {
      await this.http.send({ method: 'POST', path: LIBRARY_PATH, form, accept: 'application/json' }, this.lifetime.signal);
    } catch (error) {
      if (!(error instanceof ChatterboxError && error.status === 409)) throw error;
      // Taken by a voice of that name is an earlier attempt's success; taken as an alias is not.
      const library = await this.server.library();
      if (!library.some((voice) => voice.name === name)) throw new ChatterboxError(error.message, { status: 409, transient: false, cause: error });
    }
    this.server.forget(); // the next request learns the new name
  }

  /** Removes `name` from the server's voice library; one that is not there is already removed. */
  async removeLibraryVoice(name: string): Promise<void> {
    if (this.lifetime.signal.aborted) throw this.closedError();
    try {
      await this.http.send({ method: 'DELETE', path: `${LIBRARY_PATH}/${encodeURIComponent(name)}`, accept: 'application/json' }, this.lifetime.signal);
    } catch (error) {
      if (!(error instanceof ChatterboxError && error.status === 404)) throw error;
    }
    this.server.forget();
  }

  private closedError(): ChatterboxError {
    return new ChatterboxError('Chatterbox engine is closed', { transient: false });
  }

  private async run(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const signal = request.signal ? AbortSignal.any([request.signal, this.lifetime.signal]) : this.lifetime.signal;
    if (signal.aborted) throw abortReason(signal);
    const wait = new LoadWait(this.loadWaitMs, request.onWait);
    await this.untilReady(signal, wait);
    await this.checkVoice(request.voice, signal);
    const parts: SynthesizedAudio[] = [];
    // Lexicon entries are said by their respelling: Chatterbox takes only text.
    for (const text of chunkText(respelledText(request.text, request.pronunciations), this.server.maxInputChars)) {
      const body: SpeechRequestBody = {
        input: text,
        voice: request.voice === DEFAULT_VOICE ? '' : request.voice,
        response_format: 'wav',
        ...(request.speed === undefined ? {} : { speed: request.speed }),
        ...this.modelSettings,
      };
      const timeoutMs = this.timeoutMs + this.timeoutMsPerChar * text.length;
      for (;;) {
        try {
          const reply = await this.http.send({ method: 'POST', path: SPEECH_PATH, json: body, accept: 'audio/wav', timeoutMs }, signal);
          parts.push(decodeSpeech(reply, this.http.baseUrl));
          break;
        } catch (error) {
          // 500 "Model not loaded": the server restarted (or we asked too early); wait on its health.
          if (!(error instanceof ChatterboxError && error.loading)) throw error;
          this.server.forget();
          await this.untilReady(signal, wait, error);
        }
      }
    }
    wait.end();
    return concatenate(parts);
  }

  /** Learns the server's state, waiting while its model loads, until `wait` runs out. */
  private async untilReady(signal: AbortSignal, wait: LoadWait, loading?: ChatterboxError): Promise<void> {
    for (let reason = loading; ; ) {
      if (reason) {
        wait.waiting(reason, this.http.baseUrl);
        await sleep(Math.min(this.loadPollMs, wait.leftMs()), undefined, { signal }).catch(() => {
          throw abortReason(signal);
        });
      }
      try {
        await untilAborted(this.server.learn(), signal);
        wait.end();
        return;
      } catch (error) {
        if (!(error instanceof ChatterboxError && error.loading)) throw error;
        reason = error;
      }
    }
  }

  /**
   * The server speaks an unknown voice name in its default voice without a word
   * [speech.py resolve_voice_path_and_language], so unknown names are refused here.
   * A name we have not seen may be newly uploaded: ask the server once more first.
   */
  private async checkVoice(voice: string, signal: AbortSignal): Promise<void> {
    // A name or an alias, as the server resolves them both [voice_library.py get_voice_path].
    if (this.server.languages.has(voice)) return;
    this.server.forget();
    await this.untilReady(signal, new LoadWait(this.loadWaitMs, undefined));
    if (this.server.languages.has(voice)) return;
    throw new ChatterboxError(`Unknown Chatterbox voice "${voice}"; available: ${this.server.voiceNames.join(', ')}`, { transient: false });
  }
}
