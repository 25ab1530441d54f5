// What a Chatterbox server says about itself, learnt once and asked again when it may
// have changed: whether its model is loaded (a server still loading throws a ChatterboxError
// with `loading` set, after learning its voices all the same), its input limit, and its
// voice library, oldest upload first, each voice (and alias) with the language it was
// uploaded with. One look-up runs at a time and is shared; a failed one is forgotten.
import { ChatterboxError } from './chatterbox-error.ts';
import type { ChatterboxHttp } from './chatterbox-http.ts';
import {
  DEFAULT_VOICE,
  DEFAULT_VOICE_LANGUAGE,
  HEALTH_PATH,
  LIBRARY_PATH,
  MAX_INPUT_CHARS,
  parseHealth,
  parseVoiceLibrary,
  type LibraryVoice,
} from './chatterbox-protocol.ts';

/** The longest a quick look at the server may take. */
const QUICK_LOOK_MS = 10_000;

export class ChatterboxServerState {
  /** Until the server has been asked: only its default voice, which always exists. */
  voiceNames: readonly string[] = [DEFAULT_VOICE];
  /** Each voice's language, by name and by alias. */
  languages = new Map<string, string>([[DEFAULT_VOICE, DEFAULT_VOICE_LANGUAGE]]);
  maxInputChars = MAX_INPUT_CHARS;
  private readonly http: ChatterboxHttp;
  private readonly signal: AbortSignal;
  private readonly timeoutMs: number;
  /** The last (or running) look-up; dropped when it fails. */
  private discovery: Promise<void> | undefined;

  constructor(http: ChatterboxHttp, signal: AbortSignal, timeoutMs: number) {
    this.http = http;
    this.signal = signal;
    this.timeoutMs = timeoutMs;
  }

  /** The last look-up, or a new one. `quick`: one attempt with a short limit, for a look that must not hold anything up. */
  learn(quick = false): Promise<void> {
    if (!this.discovery) {
      const discovery = this.askServer(quick);
      this.discovery = discovery;
      discovery.catch(() => {
        if (this.discovery === discovery) this.discovery = undefined;
      });
    }
    return this.discovery;
  }

  /** The next `learn` asks the server again. */
  forget(): void {
    this.discovery = undefined;
  }

  /** The voice library, oldest first; empty for a server without one (404/405). */
  async library(quick = false): Promise<LibraryVoice[]> {
    let json: unknown;
    try {
      json = await this.getJson(LIBRARY_PATH, quick);
    } catch (error) {
      if (error instanceof ChatterboxError && (error.status === 404 || error.status === 405)) return [];
      throw error;
    }
    const voices = parseVoiceLibrary(json);
    if (!voices) throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} answered ${LIBRARY_PATH} with something that is not a voice list`, { transient: false });
    return voices;
  }

  private async askServer(quick: boolean): Promise<void> {
    const health = parseHealth(await this.getJson(HEALTH_PATH, quick));
    if (health.modelError) {
      throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} cannot speak: its model failed to load: ${health.modelError}`, { transient: false });
    }
    // The library is read while the model loads too: the catalog can list its voices meanwhile.
    const library = await this.library(quick);
    this.maxInputChars = Math.min(MAX_INPUT_CHARS, health.maxInputChars ?? MAX_INPUT_CHARS);
    this.voiceNames = [DEFAULT_VOICE, ...library.map((voice) => voice.name).filter((name) => name !== DEFAULT_VOICE)];
    this.languages = new Map([[DEFAULT_VOICE, DEFAULT_VOICE_LANGUAGE]]);
    for (const voice of library) {
      for (const name of [voice.name, ...voice.aliases]) if (!this.languages.has(name)) this.languages.set(name, voice.language);
    }
    if (health.loading) {
      throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} is still loading its model: ${health.loading}`, { transient: true, loading: health.loading });
    }
  }

  private async getJson(path: string, quick: boolean): Promise<unknown> {
    const limits = quick ? { timeoutMs: Math.min(this.timeoutMs, QUICK_LOOK_MS), retries: 0 } : {};
    const reply = await this.http.send({ method: 'GET', path, accept: 'application/json', ...limits }, this.signal);
    try {
      return JSON.parse(new TextDecoder().decode(reply.body));
    } catch (error) {
      throw new ChatterboxError(`Chatterbox at ${this.http.baseUrl} answered ${path} with ${reply.contentType || 'a body'} that is not JSON`, { transient: false, cause: error });
    }
  }
}
