// The HTTP protocol of chatterbox-tts-api (github.com/travisvn/chatterbox-tts-api, read
// at main a5f4661, v2.1.0), the FastAPI server in front of Resemble AI's Chatterbox model.
// Every fact here is from that repository's source; the file each comes from is named in
// brackets.

/**
 * POST a JSON `SpeechRequestBody`; the reply is the whole utterance as `audio/wav`
 * at the model's 24 kHz [app/api/endpoints/speech.py; /v1/… alias in app/core/aliases.py].
 */
export const SPEECH_PATH = '/v1/audio/speech';

/**
 * GET; answers at once, even while the model is still loading, with the server's
 * limits in `config` and the model's state in `initialization_state`: `not_started`,
 * `initializing` (with `initialization_progress`, for minutes on a first start that
 * downloads the model), `ready` or `error` [app/api/endpoints/health.py, app/core/tts_model.py].
 * Until it is `ready`, speech answers 500 `Model not loaded` [speech.py generate_speech_internal].
 */
export const HEALTH_PATH = '/health';

/**
 * GET `{is_processing, …}`: whether the server is generating speech now. The server does
 * not stop generating when its client goes away, so after a timeout this says when it is
 * free again [app/api/endpoints/status.py get_tts_progress; /v1/status/progress in
 * app/core/aliases.py]. Servers before the status API answer 404.
 */
export const PROGRESS_PATH = '/v1/status/progress';

/**
 * The voice library. GET lists `{voices: [{name, language, aliases, upload_date, …}], count}`,
 * newest upload first [app/core/voice_library.py list_voices]. POST uploads:
 * multipart/form-data with `voice_name` (1–100 characters, trimmed, none of / \ : * ? " < > |),
 * `voice_file` (MP3, WAV, FLAC, M4A or OGG, at most 10 MB) and `language` (2–5 characters,
 * default `en`; one the model speaks, else 400), answered 201, or 409 when the name is
 * taken (as a name or an alias), 400 for a file or language it refuses. DELETE
 * `/v1/voices/{name}` removes an entry (404 when there is none). The routes are `/voices`
 * with the aliases `/v1/voices`, `/voice-library` and `/voice_library`
 * [app/api/endpoints/voices.py, app/core/aliases.py]; no release serves `/audio/voices`
 * (only an unmerged pull request had it). A server without a library answers 404.
 */
export const LIBRARY_PATH = '/v1/voices';

/**
 * The request model caps `input` at 3,000 characters (a 422 past it)
 * [app/models/requests.py], and MAX_TOTAL_LENGTH (default 3,000, reported by
 * /health) caps it again with a 400 [app/config.py, speech.py].
 */
export const MAX_INPUT_CHARS = 3_000;

/**
 * Our id for the server's configured voice sample (VOICE_SAMPLE_PATH, or the library
 * voice set as default with POST /voices/default), which speaks English. Sent as
 * `voice: ""`: an empty name is the one the server always resolves to that sample. Left
 * out, `voice` would default to "alloy", which an operator's alias can point at any
 * library voice [app/models/requests.py TTSRequest; speech.py resolve_voice_path_and_language].
 */
export const DEFAULT_VOICE = 'default';

/** The language of DEFAULT_VOICE: the server speaks its sample in English [speech.py]. */
export const DEFAULT_VOICE_LANGUAGE = 'en';

/** The `language` a library upload takes for a BCP 47 tag: its primary subtag (`pt-BR` → `pt`). */
export function libraryLanguage(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase();
}

/**
 * The JSON body of a speech request [app/models/requests.py TTSRequest]. Left out,
 * exaggeration (0.25–2), cfg_weight (0–1) and temperature (0.05–5) take the server's
 * configured defaults. `speed` is accepted for OpenAI compatibility but ignored.
 */
export interface SpeechRequestBody {
  input: string;
  voice: string;
  response_format: 'wav';
  speed?: number;
  exaggeration?: number;
  cfg_weight?: number;
  temperature?: number;
}

export interface ServerHealth {
  /** `config.max_total_length`, when the server reports it. */
  maxInputChars: number | undefined;
  /** Why the model failed to load (`initialization_state: "error"`); such a server cannot speak. */
  modelError: string | undefined;
  /** Set while the model is not loaded yet (`not_started` or `initializing`): what the server says it is doing. */
  loading: string | undefined;
}

/** One entry of the voice library listing. */
export interface LibraryVoice {
  name: string;
  /** The language it speaks (`en` for entries from before languages). */
  language: string;
  aliases: string[];
  /** ISO 8601 as the server wrote it; '' when missing. */
  uploadDate: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseHealth(json: unknown): ServerHealth {
  const health = isRecord(json) ? json : {};
  const config = isRecord(health.config) ? health.config : {};
  const limit = config.max_total_length;
  const state = health.initialization_state;
  const progress = typeof health.initialization_progress === 'string' && health.initialization_progress.trim() ? health.initialization_progress.trim() : undefined;
  return {
    maxInputChars: typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : undefined,
    modelError: state === 'error' ? String(health.initialization_error ?? 'unknown error') : undefined,
    // Servers before the initialization state only answered once loaded.
    loading: state === 'initializing' || state === 'not_started' ? (progress ?? (state === 'not_started' ? 'not started' : 'loading')) : undefined,
  };
}

/**
 * The voice library from its listing, oldest upload first (then by name), so a voice
 * uploaded later never moves the ones before it; undefined when the body is not one.
 */
export function parseVoiceLibrary(json: unknown): LibraryVoice[] | undefined {
  if (!isRecord(json) || !Array.isArray(json.voices)) return undefined;
  const voices = json.voices.flatMap((voice): LibraryVoice[] => {
    if (!isRecord(voice) || typeof voice.name !== 'string') return [];
    return [{
      name: voice.name,
      language: typeof voice.language === 'string' && voice.language ? voice.language : 'en',
      aliases: Array.isArray(voice.aliases) ? voice.aliases.filter((alias): alias is string => typeof alias === 'string') : [],
      uploadDate: typeof voice.upload_date === 'string' ? voice.upload_date : '',
    }];
  });
  return voices.sort((a, b) => (a.uploadDate === b.uploadDate ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.uploadDate < b.uploadDate ? -1 : 1));
}

/** Whether a progress reply says the server is generating speech now; undefined when it does not say. */
export function parseProcessing(json: unknown): boolean | undefined {
  return isRecord(json) && typeof json.is_processing === 'boolean' ? json.is_processing : undefined;
}

/** The server's answer while its model is not loaded: 500 `Model not loaded`, type `model_error` [speech.py]. */
export function isModelNotLoaded(status: number, bodyText: string): boolean {
  return status === 500 && /model not loaded/i.test(serverErrorMessage(bodyText) ?? '');
}

/**
 * The human-readable message in an error reply, if it is one of the server's:
 * `{error: {message, type}}` (its HTTPException handler sends the exception's detail as
 * the whole body [app/main.py]), or FastAPI's `{detail: [{loc, msg}, …]}` for a body that
 * fails validation (422) and `{detail: "Not Found"}` for an unknown path.
 */
export function serverErrorMessage(bodyText: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (!isRecord(json)) return undefined;
  if (isRecord(json.error) && typeof json.error.message === 'string') return json.error.message;
  const { detail } = json;
  if (typeof detail === 'string') return detail;
  // A proxy that wraps the server's body once more.
  if (isRecord(detail) && isRecord(detail.error) && typeof detail.error.message === 'string') return detail.error.message;
  if (Array.isArray(detail)) {
    const problems = detail.flatMap((item) => {
      if (!isRecord(item) || typeof item.msg !== 'string') return [];
      const where = Array.isArray(item.loc) ? item.loc.join('.') : '';
      return [where ? `${where}: ${item.msg}` : item.msg];
    });
    if (problems.length > 0) return problems.join('; ');
  }
  return undefined;
}
