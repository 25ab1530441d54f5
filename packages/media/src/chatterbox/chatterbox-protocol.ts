// The HTTP protocol of chatterbox-tts-api (github.com/travisvn/chatterbox-tts-api), the
// FastAPI server in front of Resemble AI's Chatterbox model. Every fact here is from
// that repository's source; the file each comes from is named in brackets.

/**
 * POST a JSON `SpeechRequestBody`; the reply is the whole utterance as `audio/wav`
 * at the model's 24 kHz [app/api/endpoints/speech.py; /v1/… alias in app/core/aliases.py].
 */
export const SPEECH_PATH = '/v1/audio/speech';

/**
 * GET; answers at once, even while the model is still loading, with the server's
 * limits in `config` and model state in `initialization_state` [app/api/endpoints/health.py].
 */
export const HEALTH_PATH = '/health';

/**
 * GET `{voices: [{name, aliases, language, …}], count}`: the uploaded voice library.
 * Newer servers list it at /audio/voices, older ones at /voices (alias /v1/voices)
 * [app/api/endpoints/voices.py across versions], so both are tried in this order.
 */
export const VOICES_PATHS = ['/audio/voices', '/v1/voices'] as const;

/**
 * The voice library's upload: POST multipart/form-data with `voice_name` and
 * `voice_file` (MP3, WAV, FLAC, M4A or OGG, at most 10 MB, and an optional `language`),
 * answered 201, or 409 when the name is taken, 400 for a file it refuses. DELETE
 * `/v1/voices/{name}` removes an entry (404 when there is none). /v1/voices is the
 * path every version serves [app/api/endpoints/voices.py, app/core/aliases.py,
 * docs/VOICE_LIBRARY_MANAGEMENT.md].
 */
export const LIBRARY_PATH = '/v1/voices';

/**
 * The request model caps `input` at 3,000 characters (a 422 past it)
 * [app/models/requests.py], and MAX_TOTAL_LENGTH (default 3,000, reported by
 * /health) caps it again with a 400 [app/config.py, speech.py].
 */
export const MAX_INPUT_CHARS = 3_000;

/**
 * Our id for the server's configured voice sample (VOICE_SAMPLE_PATH or the library
 * voice set as default). Sent by leaving `voice` out: the server then uses its
 * default, exactly as for a bare `{"input": …}` [speech.py resolve_voice_path_and_language].
 */
export const DEFAULT_VOICE = 'default';

/**
 * The JSON body of a speech request [app/models/requests.py TTSRequest]. Left out,
 * exaggeration (0.25–2), cfg_weight (0–1) and temperature (0.05–5) take the server's
 * configured defaults. `speed` is accepted for OpenAI compatibility but ignored.
 */
export interface SpeechRequestBody {
  input: string;
  voice?: string;
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
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseHealth(json: unknown): ServerHealth {
  const health = isRecord(json) ? json : {};
  const config = isRecord(health.config) ? health.config : {};
  const limit = config.max_total_length;
  const failed = health.initialization_state === 'error';
  return {
    maxInputChars: typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : undefined,
    modelError: failed ? String(health.initialization_error ?? 'unknown error') : undefined,
  };
}

/** Voice names from a voice-library listing; undefined when the body is not one. */
export function parseVoiceNames(json: unknown): string[] | undefined {
  if (!isRecord(json) || !Array.isArray(json.voices)) return undefined;
  return json.voices.flatMap((voice) => (isRecord(voice) && typeof voice.name === 'string' ? [voice.name] : []));
}

/**
 * The human-readable message in an error reply, if it is one of the server's:
 * `{error: {message, type}}` from its own handlers [app/main.py], or FastAPI's
 * `{detail: [{loc, msg}, …]}` for a body that fails validation (422) and
 * `{detail: "Not Found"}` for an unknown path.
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
  // The voice library raises HTTPException with its error object as the detail.
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
