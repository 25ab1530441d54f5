// The voice library of the stand-in Chatterbox server, as chatterbox-tts-api keeps it
// [app/core/voice_library.py, app/api/endpoints/voices.py at main a5f4661]: names are
// trimmed, 1–100 characters, without / \ : * ? " < > |, unique among names and aliases;
// each voice has the language it was uploaded with (`en` by default; the multilingual
// model takes its 22 codes, the English-only one, or a model still loading, `en` alone),
// aliases, and an upload date; the listing is newest upload first. A voice name or alias
// in a speech request resolves to its voice, anything else to the server's sample.

/** The multilingual model's languages [app/core/mtl.py]. */
const FAKE_MULTILINGUAL_LANGUAGES = ['ar', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'ms', 'nl', 'no', 'pl', 'pt', 'ru', 'sv', 'sw', 'tr'];

/** The library's file types [app/core/voice_library.py SUPPORTED_VOICE_FORMATS]. */
const LIBRARY_FORMATS = ['.mp3', '.wav', '.flac', '.m4a', '.ogg'];
const INVALID_NAME_CHARS = ['/', '\\', ':', '*', '?', '"', '<', '>', '|'];
const OPENAI_VOICES = new Set(['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer']);

export interface LibraryEntry {
  name: string;
  language: string;
  aliases: string[];
  uploadDate: string;
}

/** A voice library upload as the server received it. */
export interface LibraryUpload {
  voice_name: string;
  filename: string;
  bytes: Uint8Array;
  /** The form's `language` field; undefined when it was left out (the server takes `en`). */
  language: string | undefined;
}

/** An error the library answers with: status and the `{error: {message, type}}` body [app/main.py sends the detail as the body]. */
export interface LibraryRefusal {
  status: number;
  body: unknown;
}

const refusal = (status: number, message: string, type: string): LibraryRefusal => ({ status, body: { error: { message, type } } });
/** FastAPI's 422 for a form field outside its bounds. */
const fieldError = (field: string, msg: string): LibraryRefusal => ({ status: 422, body: { detail: [{ type: 'value_error', loc: ['body', field], msg }] } });

export class FakeVoiceLibrary {
  readonly entries: LibraryEntry[] = [];
  private clock = Date.parse('2025-06-01T12:00:00Z');

  constructor(names: readonly string[]) {
    for (const name of names) this.entries.push(this.entry(name, 'en'));
  }

  /** Names in upload order (oldest first), as tests add and read them. */
  names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  /** A voice added by the operator, uploaded now (after every voice before it). */
  add(name: string, language = 'en'): LibraryEntry {
    const entry = this.entry(name, language);
    this.entries.push(entry);
    return entry;
  }

  addAlias(name: string, alias: string): void {
    const entry = this.entries.find((voice) => voice.name === name);
    if (!entry) throw new Error(`no voice ${name}`);
    entry.aliases.push(alias);
  }

  /** GET /voices: newest upload first [voice_library.py list_voices]. */
  listing(): unknown {
    const voices = [...this.entries]
      .sort((a, b) => (a.uploadDate < b.uploadDate ? 1 : a.uploadDate > b.uploadDate ? -1 : 0))
      .map((entry) => ({
        name: entry.name,
        filename: `${entry.name}.wav`,
        original_filename: `${entry.name}.wav`,
        file_extension: '.wav',
        file_size: 480_044,
        file_hash: '0cc175b9c0f1b6a831c399e269772661',
        upload_date: entry.uploadDate,
        path: `voices/${entry.name}.wav`,
        language: entry.language,
        aliases: entry.aliases,
        exists: true,
      }));
    return { voices, count: voices.length };
  }

  /** POST /voices, checked as the endpoint and the library check it; the new entry, or the refusal. */
  upload(upload: LibraryUpload | undefined, model: 'multilingual' | 'english' | 'loading'): LibraryEntry | LibraryRefusal {
    if (!upload) return fieldError('voice_file', 'Field required');
    if (upload.voice_name.length < 1 || upload.voice_name.length > 100) return fieldError('voice_name', 'String should have between 1 and 100 characters');
    const language = upload.language ?? 'en';
    if (language.length < 2 || language.length > 5) return fieldError('language', 'String should have between 2 and 5 characters');
    const extension = upload.filename.includes('.') ? upload.filename.slice(upload.filename.lastIndexOf('.')).toLowerCase() : '';
    if (!LIBRARY_FORMATS.includes(extension)) {
      return refusal(400, `Unsupported audio format: ${extension}. Supported formats: ${LIBRARY_FORMATS.join(', ')}`, 'invalid_request_error');
    }
    // is_multilingual() is None until the model has loaded: then only English passes.
    if (model === 'multilingual' && !FAKE_MULTILINGUAL_LANGUAGES.includes(language)) {
      return refusal(400, `Unsupported language: ${language}. Supported languages: ${FAKE_MULTILINGUAL_LANGUAGES.join(', ')}`, 'invalid_request_error');
    }
    if (model !== 'multilingual' && language !== 'en') return refusal(400, 'Only English (en) is supported when not using multilingual model', 'invalid_request_error');
    const name = upload.voice_name.trim();
    if (!name) return refusal(400, 'Voice name cannot be empty', 'validation_error');
    if (INVALID_NAME_CHARS.some((char) => name.includes(char))) {
      return refusal(400, `Voice name contains invalid characters: ['${INVALID_NAME_CHARS.join("', '")}']`, 'validation_error');
    }
    if (this.entries.some((entry) => entry.name === name)) return refusal(409, `Voice '${name}' already exists`, 'voice_exists_error');
    if (this.aliasOwner(name)) return refusal(409, `Name '${name}' is already used as an alias`, 'voice_exists_error');
    return this.add(name, language.trim().toLowerCase());
  }

  /** DELETE /voices/{name}: by name only, as the library deletes. */
  remove(name: string): LibraryRefusal | undefined {
    const index = this.entries.findIndex((entry) => entry.name === name);
    if (index < 0) return refusal(404, `Voice '${name}' not found`, 'voice_not_found_error');
    this.entries.splice(index, 1);
    return undefined;
  }

  /**
   * The voice a speech request's `voice` resolves to (null: the server's sample) and its
   * language [speech.py resolve_voice_path_and_language]: an empty name is the sample; a
   * name or alias its voice; an OpenAI name without an alias, or an unknown name, the sample.
   */
  resolve(voice: string): { voice: string | null; language: string } {
    if (!voice) return { voice: null, language: 'en' };
    const entry = this.entries.find((candidate) => candidate.name === voice) ?? this.aliasOwner(voice);
    if (entry) return { voice: entry.name, language: entry.language };
    if (OPENAI_VOICES.has(voice.toLowerCase())) return { voice: null, language: 'en' };
    return { voice: null, language: 'en' };
  }

  private aliasOwner(alias: string): LibraryEntry | undefined {
    return this.entries.find((entry) => entry.aliases.includes(alias));
  }

  private entry(name: string, language: string): LibraryEntry {
    this.clock += 60_000; // every upload a minute after the one before
    return { name, language, aliases: [], uploadDate: new Date(this.clock).toISOString().replace('Z', '') };
  }
}
