// A stand-in for a Chatterbox TTS server (travisvn/chatterbox-tts-api) on loopback,
// speaking its real protocol: POST /v1/audio/speech takes the JSON request model and
// answers audio/wav at 24 kHz; GET /health reports limits and model state; the voice
// library is listed where the server version being imitated lists it, takes uploads at
// POST /v1/voices (multipart `voice_name` + `voice_file`: 201, 409 for a taken name,
// 400 for an unsupported file) and deletes at DELETE /v1/voices/{name} (404 when
// missing) [app/api/endpoints/voices.py, app/core/voice_library.py]; errors come in
// the server's `{error: {message, type}}` shape (inside FastAPI's `detail` for the
// library's HTTPExceptions), and FastAPI's `{detail: …}` for validation failures and
// unknown paths. The "speech" is a tone whose length follows
// the text and whose pitch depends on it (`toneFor`), so tests can check each piece of
// audio came from the text they expect. Tests queue faults for the next speech
// requests and read every request the server received.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export const FAKE_SAMPLE_RATE = 24_000;
/** 1 ms of tone per character of input. */
const SAMPLES_PER_CHAR = 24;

/** What goes wrong with one speech request. */
type SpeechFault =
  /** An error in the server's own format, e.g. 503 "Model not loaded" or 429 with Retry-After. */
  | { kind: 'error'; status: number; message: string; type: string; retryAfter?: string }
  /** FastAPI's 422 for a body that fails the request model. */
  | { kind: 'validation' }
  /** Never answers. */
  | { kind: 'hang' }
  /** Answers as usual, but only after `ms` (a long synthesis: a render caught in the middle). */
  | { kind: 'slow'; ms: number }
  /** A 200 that is not audio: a proxy's HTML page. */
  | { kind: 'html' }
  /** Closes the connection without a reply. */
  | { kind: 'drop' }
  /** Answers as usual once `until` settles (a test holds the render at a line of its choosing). */
  | { kind: 'held'; until: Promise<unknown> };

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON for POSTs (a library upload: its fields, and the file's name and bytes), undefined otherwise. */
  body: unknown;
}

/** A voice library upload as the server received it. */
export interface LibraryUpload {
  voice_name: string;
  filename: string;
  bytes: Uint8Array;
}

/** The library's file types [app/core/voice_library.py SUPPORTED_VOICE_FORMATS]. */
const LIBRARY_FORMATS = ['.mp3', '.wav', '.flac', '.m4a', '.ogg'];

export interface FakeChatterboxOptions {
  /** Names in the voice library. */
  voices?: string[];
  /** Newer servers list voices at /audio/voices, older ones at /voices and /v1/voices. */
  voiceListing?: 'audio-voices' | 'voices';
  /** MAX_TOTAL_LENGTH: reported by /health, and longer input refused with the server's 400. */
  maxTotalLength?: number;
  /** The reply's sample format: 16-bit PCM, or 32-bit float with a LIST chunk as FFmpeg-based writers emit. */
  encoding?: 'pcm16' | 'float32';
  /** Set: the model failed to load, as /health reports it. */
  initializationError?: string;
  /** Milliseconds of tone per character of input (default 1); about 60 is the pace of real speech. */
  msPerCharacter?: number;
}

export interface FakeChatterbox {
  url: string;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** Faults for the coming speech requests, used up one per request in order. */
  faults: SpeechFault[];
  /** Faults for the coming library uploads, used up one per upload in order. */
  uploadFaults: SpeechFault[];
  /** Every clip uploaded to the library that it kept, by voice name. */
  uploads: Map<string, LibraryUpload>;
  /** The voice library; tests may add to it while the server runs. */
  voices: string[];
  /** The speech requests among `requests`. */
  speechRequests(): ReceivedRequest[];
}

/** The speech endpoint and its aliases [app/core/aliases.py]. */
const SPEECH_PATHS = new Set(['/v1/audio/speech', '/audio/speech', '/tts']);
const REQUEST_MODEL_MAX_INPUT = 3000;

/** The fake's "speech" for `text`: a sine, 1 ms per character, pitch from the characters. */
export function toneFor(text: string, msPerCharacter = 1): Float32Array {
  let sum = 0;
  for (const char of text) sum += char.codePointAt(0) ?? 0;
  const frequency = 200 + (sum % 600);
  const samples = new Float32Array(Math.round(text.length * SAMPLES_PER_CHAR * msPerCharacter));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * frequency * i) / FAKE_SAMPLE_RATE);
  return samples;
}

export async function startFakeChatterbox(t: TestContext, options: FakeChatterboxOptions = {}): Promise<FakeChatterbox> {
  const maxTotalLength = options.maxTotalLength ?? 3000;
  const listingPaths = options.voiceListing === 'voices' ? ['/voices', '/v1/voices'] : ['/audio/voices'];
  const state: FakeChatterbox = {
    url: '',
    requests: [],
    faults: [],
    uploadFaults: [],
    uploads: new Map(),
    voices: [...(options.voices ?? [])],
    speechRequests: () => state.requests.filter((request) => SPEECH_PATHS.has(request.path)),
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const bytes = await readBody(req);
    const isLibrary = path === '/voices' || path === '/v1/voices';
    let body: unknown;
    if (req.method === 'POST' && isLibrary) {
      body = await libraryUpload(bytes, req.headers['content-type'] ?? '');
    } else if (req.method === 'POST') {
      const text = bytes.toString('utf8');
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    state.requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    if (req.method === 'GET' && path === '/health') return sendJson(res, 200, health(maxTotalLength, options.initializationError));
    if (req.method === 'GET' && listingPaths.includes(path)) return sendJson(res, 200, voiceListing(state.voices));
    if (req.method === 'POST' && isLibrary) return addToLibrary(res, state, body as LibraryUpload | undefined);
    const entry = /^\/(?:v1\/)?voices\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && entry?.[1]) return removeFromLibrary(res, state, decodeURIComponent(entry[1]));
    // Only POST (upload) lives at /voices on servers that list at /audio/voices.
    if (isLibrary) return sendJson(res, 405, { detail: 'Method Not Allowed' });
    if (req.method === 'POST' && SPEECH_PATHS.has(path)) return speech(res, req, body, state.faults.shift(), maxTotalLength, options.encoding ?? 'pcm16', options.msPerCharacter);
    sendJson(res, 404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // hanging replies included
        server.close(() => resolve());
      }),
  );
  return state;
}

function speech(res: ServerResponse, req: IncomingMessage, body: unknown, fault: SpeechFault | undefined, maxTotalLength: number, encoding: 'pcm16' | 'float32', msPerCharacter?: number): void {
  if (fault?.kind === 'hang') return;
  if (fault?.kind === 'slow') {
    setTimeout(() => speech(res, req, body, undefined, maxTotalLength, encoding, msPerCharacter), fault.ms);
    return;
  }
  if (fault?.kind === 'held') {
    void fault.until.finally(() => speech(res, req, body, undefined, maxTotalLength, encoding, msPerCharacter));
    return;
  }
  if (fault?.kind === 'drop') return void req.socket.destroy();
  if (fault?.kind === 'html') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Welcome to nginx!</h1></body></html>');
    return;
  }
  if (fault?.kind === 'error') {
    const headers: Record<string, string> = fault.retryAfter ? { 'retry-after': fault.retryAfter } : {};
    return sendJson(res, fault.status, { error: { message: fault.message, type: fault.type } }, headers);
  }
  const input = typeof body === 'object' && body !== null ? (body as { input?: unknown }).input : undefined;
  // Pydantic counts code points, as Python's len() does.
  const length = typeof input === 'string' ? Array.from(input).length : 0;
  if (fault?.kind === 'validation' || typeof input !== 'string' || length < 1 || length > REQUEST_MODEL_MAX_INPUT) {
    return sendJson(res, 422, {
      detail: [{ type: 'string_too_long', loc: ['body', 'input'], msg: `String should have at most ${REQUEST_MODEL_MAX_INPUT} characters`, input, ctx: { max_length: REQUEST_MODEL_MAX_INPUT } }],
    });
  }
  const spoken = input.trim();
  if (spoken.length > maxTotalLength) {
    return sendJson(res, 400, { error: { message: `Input text too long. Maximum ${maxTotalLength} characters allowed.`, type: 'invalid_request_error' } });
  }
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename=speech.wav' });
  res.end(encoding === 'pcm16' ? pcm16Wav(toneFor(spoken, msPerCharacter)) : float32Wav(toneFor(spoken, msPerCharacter)));
}

function health(maxTotalLength: number, initializationError: string | undefined): unknown {
  return {
    status: 'ready',
    model_loaded: !initializationError,
    device: 'cpu',
    config: {
      max_chunk_length: 280,
      max_total_length: maxTotalLength,
      voice_sample_path: './voice-sample.mp3',
      default_exaggeration: 0.5,
      default_cfg_weight: 0.5,
      default_temperature: 0.8,
    },
    memory_info: { cpu_memory_mb: 812.5, cpu_memory_percent: 5.1 },
    initialization_state: initializationError ? 'error' : 'ready',
    initialization_progress: initializationError ? `Failed: ${initializationError}` : 'Model ready',
    initialization_error: initializationError ?? null,
  };
}

function voiceListing(names: string[]): unknown {
  const voices = names.map((name) => ({
    name,
    filename: `${name}.wav`,
    original_filename: `${name}.wav`,
    file_extension: '.wav',
    file_size: 480_044,
    upload_date: '2025-06-01T12:00:00',
    path: `./voices/${name}.wav`,
    language: 'en',
    aliases: [],
    exists: true,
  }));
  return { voices, count: voices.length };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The upload's fields, read as FastAPI's Form/File would; undefined when they are missing. */
async function libraryUpload(bytes: Buffer, contentType: string): Promise<LibraryUpload | undefined> {
  try {
    const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    const name = form.get('voice_name');
    const file = form.get('voice_file');
    if (typeof name !== 'string' || !(file instanceof Blob)) return undefined;
    return { voice_name: name, filename: (file as File).name, bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch {
    return undefined;
  }
}

/** HTTPException with a dict detail, as the library endpoints raise them. */
function libraryError(res: ServerResponse, status: number, message: string, type: string): void {
  sendJson(res, status, { detail: { error: { message, type } } });
}

function addToLibrary(res: ServerResponse, state: FakeChatterbox, upload: LibraryUpload | undefined): void {
  if (!upload) return sendJson(res, 422, { detail: [{ type: 'missing', loc: ['body', 'voice_file'], msg: 'Field required' }] });
  const fault = state.uploadFaults.shift();
  if (fault?.kind === 'error') return libraryError(res, fault.status, fault.message, fault.type);
  const extension = upload.filename.slice(upload.filename.lastIndexOf('.')).toLowerCase();
  if (!LIBRARY_FORMATS.includes(extension)) {
    return libraryError(res, 400, `Unsupported audio format: ${extension}. Supported formats: ${LIBRARY_FORMATS.join(', ')}`, 'invalid_request_error');
  }
  const name = upload.voice_name.trim();
  if (state.voices.includes(name)) return libraryError(res, 409, `Voice '${name}' already exists`, 'voice_exists_error');
  state.voices.push(name);
  state.uploads.set(name, upload);
  sendJson(res, 201, {
    message: 'Voice uploaded successfully',
    voice: { name, filename: `${name}${extension}`, file_size: upload.bytes.length, upload_date: '2025-06-01T12:00:00', language: 'en' },
  });
}

function removeFromLibrary(res: ServerResponse, state: FakeChatterbox, name: string): void {
  const index = state.voices.indexOf(name);
  if (index < 0) return libraryError(res, 404, `Voice '${name}' not found`, 'voice_not_found_error');
  state.voices.splice(index, 1);
  state.uploads.delete(name);
  sendJson(res, 200, { message: `Voice '${name}' deleted successfully` });
}

function riff(format: Buffer, extraChunks: Buffer[], data: Buffer): Buffer {
  const chunk = (id: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'latin1');
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
  };
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', format), ...extraChunks, chunk('data', data)]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

function formatChunk(tag: number, bits: number): Buffer {
  const format = Buffer.alloc(16);
  format.writeUInt16LE(tag, 0);
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(FAKE_SAMPLE_RATE, 4);
  format.writeUInt32LE((FAKE_SAMPLE_RATE * bits) / 8, 8);
  format.writeUInt16LE(bits / 8, 12);
  format.writeUInt16LE(bits, 14);
  return format;
}

function pcm16Wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2));
  return riff(formatChunk(1, 16), [], data);
}

function float32Wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 4);
  samples.forEach((sample, i) => data.writeFloatLE(sample, i * 4));
  const info = Buffer.concat([Buffer.from('INFOISFT', 'latin1'), Buffer.from([14, 0, 0, 0]), Buffer.from('Lavf61.7.100\0\0', 'latin1')]);
  const list = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.alloc(4), info]);
  list.writeUInt32LE(info.length, 4);
  return riff(formatChunk(3, 32), [list], data);
}
