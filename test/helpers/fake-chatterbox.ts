// A stand-in for a Chatterbox TTS server (travisvn/chatterbox-tts-api at main a5f4661,
// v2.1.0) on loopback, speaking its real protocol and behaving as it does:
// - POST /v1/audio/speech (aliases /audio/speech, /tts) takes the JSON request model and
//   answers audio/wav at 24 kHz; `voice` defaults to "alloy", "" and unknown names speak
//   the server's sample, library names and aliases their voice [app/models/requests.py,
//   app/api/endpoints/speech.py];
// - GET /health answers at once, also while the model loads (`initialization_state`
//   `initializing`, status `initializing`), and speech answers 500 `Model not loaded`
//   until it is ready [health.py, speech.py];
// - a request keeps being generated after its client has gone (the server never cancels),
//   and GET /v1/status/progress says whether anything is being generated [status.py];
// - the voice library (fake-chatterbox-library.ts) lists at /voices and /v1/voices
//   (no /audio/voices: only an unmerged pull request had it), newest upload first, and
//   checks names and languages as the server does;
// - errors from its own handlers are `{"error": {"message", "type"}}` (the handler sends an
//   HTTPException's detail as the body [app/main.py]); FastAPI's `{detail: …}` for
//   validation failures (422) and unknown paths.
// The "speech" is a tone whose length follows the text and whose pitch depends on it
// (`toneFor`), so tests can check each piece of audio came from the text they expect.
// Tests queue faults for the next speech requests and read every request received.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeVoiceLibrary, type LibraryEntry, type LibraryRefusal, type LibraryUpload } from './fake-chatterbox-library.ts';
import { FAKE_SAMPLE_RATE, float32Wav, pcm16Wav } from './fake-chatterbox-wav.ts';

export { FAKE_SAMPLE_RATE } from './fake-chatterbox-wav.ts';
export type { LibraryUpload } from './fake-chatterbox-library.ts';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

/** 1 ms of tone per character of input. */
const SAMPLES_PER_CHAR = 24;

/** What goes wrong with one speech request. */
type SpeechFault =
  /** An error in the server's own format, e.g. 503 or 429 with Retry-After. */
  | { kind: 'error'; status: number; message: string; type: string; retryAfter?: string }
  /** FastAPI's 422 for a body that fails the request model. */
  | { kind: 'validation' }
  /** Never answers: a stuck connection (the server itself says it is idle). */
  | { kind: 'hang' }
  /** Generates for `ms`, then answers; the generating goes on if the client leaves first. */
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
  /** For speech: the library voice it was spoken with (null: the server's sample) and in which language. */
  resolved?: { voice: string | null; language: string };
  /** For speech: how many speech requests were being generated when it arrived (itself not counted). */
  generatingOnArrival?: number;
}

export interface FakeChatterboxOptions {
  /** Names in the voice library, oldest upload first. */
  voices?: string[];
  /** MAX_TOTAL_LENGTH: reported by /health, and longer input refused with the server's 400. */
  maxTotalLength?: number;
  /** The reply's sample format: 16-bit PCM, or 32-bit float with a LIST chunk as FFmpeg-based writers emit. */
  encoding?: 'pcm16' | 'float32';
  /** Set: the model failed to load, as /health reports it. */
  initializationError?: string;
  /** Set: the model is still loading, with this progress text, until the test sets `loading` to undefined. */
  loading?: string;
  /** USE_MULTILINGUAL_MODEL (the server's default, true), or the English-only model. */
  model?: 'multilingual' | 'english';
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
  /** The voice library; tests may add voices and aliases while the server runs. */
  library: FakeVoiceLibrary;
  /** While set, the model is loading: /health says so and speech answers 500 `Model not loaded`. */
  loading: string | undefined;
  /** Speech requests being generated now, abandoned ones included. */
  generating: number;
  /** The speech requests among `requests`. */
  speechRequests(): ReceivedRequest[];
}

/** The speech endpoint and its aliases [app/core/aliases.py]. */
const SPEECH_PATHS = new Set(['/v1/audio/speech', '/audio/speech', '/tts']);
const LIBRARY_PATHS = new Set(['/voices', '/v1/voices', '/voice-library', '/voice_library']);
const PROGRESS_PATHS = new Set(['/status/progress', '/v1/status/progress', '/progress']);
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
  const state: FakeChatterbox = {
    url: '',
    requests: [],
    faults: [],
    uploadFaults: [],
    uploads: new Map(),
    library: new FakeVoiceLibrary(options.voices ?? []),
    loading: options.loading,
    generating: 0,
    speechRequests: () => state.requests.filter((request) => SPEECH_PATHS.has(request.path)),
  };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const bytes = await readBody(req);
    const isLibrary = LIBRARY_PATHS.has(path);
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
    const received: ReceivedRequest = { method: req.method ?? '', path, headers: req.headers, body };
    state.requests.push(received);

    if (req.method === 'GET' && (path === '/health' || path === '/v1/health')) return sendJson(res, 200, health(state, maxTotalLength, options.initializationError));
    if (req.method === 'GET' && PROGRESS_PATHS.has(path)) {
      return sendJson(res, 200, state.generating > 0 ? { is_processing: true, status: 'generating_audio', current_step: 'Generating audio for chunk 1/1' } : { is_processing: false, status: 'idle', message: 'No active TTS requests' });
    }
    if (req.method === 'GET' && isLibrary) return sendJson(res, 200, state.library.listing());
    if (req.method === 'POST' && isLibrary) return addToLibrary(res, state, body as LibraryUpload | undefined, options);
    const entry = /^\/(?:v1\/)?voices\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && entry?.[1]) return removeFromLibrary(res, state, decodeURIComponent(entry[1]));
    if (req.method === 'POST' && SPEECH_PATHS.has(path)) {
      return speech(res, req, { state, received, fault: state.faults.shift(), maxTotalLength, encoding: options.encoding ?? 'pcm16', msPerCharacter: options.msPerCharacter, later });
    }
    if (isLibrary) return sendJson(res, 405, { detail: 'Method Not Allowed' });
    sendJson(res, 404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections(); // hanging replies included
        server.close(() => resolve());
      }),
  );
  return state;
}

interface SpeechContext {
  state: FakeChatterbox;
  received: ReceivedRequest;
  fault: SpeechFault | undefined;
  maxTotalLength: number;
  encoding: 'pcm16' | 'float32';
  msPerCharacter: number | undefined;
  later: (ms: number, work: () => void) => void;
}

function speech(res: ServerResponse, req: IncomingMessage, context: SpeechContext): void {
  const { state, received, fault, maxTotalLength } = context;
  received.generatingOnArrival = state.generating;
  if (fault?.kind === 'drop') return void req.socket.destroy();
  if (fault?.kind === 'html') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Welcome to nginx!</h1></body></html>');
    return;
  }
  if (fault?.kind === 'error') {
    const headers: Record<string, string> = fault.retryAfter ? { 'retry-after': fault.retryAfter } : {};
    return sendJson(res, fault.status, { error: { message: fault.message, type: fault.type } }, headers);
  }
  const body = typeof received.body === 'object' && received.body !== null ? (received.body as { input?: unknown; voice?: unknown }) : {};
  const input = body.input;
  // Pydantic counts code points, as Python's len() does.
  const length = typeof input === 'string' ? Array.from(input).length : 0;
  if (fault?.kind === 'validation' || typeof input !== 'string' || length < 1 || length > REQUEST_MODEL_MAX_INPUT) {
    return sendJson(res, 422, {
      detail: [{ type: 'string_too_long', loc: ['body', 'input'], msg: `String should have at most ${REQUEST_MODEL_MAX_INPUT} characters`, input, ctx: { max_length: REQUEST_MODEL_MAX_INPUT } }],
    });
  }
  received.resolved = state.library.resolve(typeof body.voice === 'string' ? body.voice : 'alloy');
  if (state.loading !== undefined) return sendJson(res, 500, { error: { message: 'Model not loaded', type: 'model_error' } });
  const spoken = input.trim();
  if (spoken.length > maxTotalLength) {
    return sendJson(res, 400, { error: { message: `Input text too long. Maximum ${maxTotalLength} characters allowed.`, type: 'invalid_request_error' } });
  }
  if (fault?.kind === 'hang') return;
  const answer = () => {
    if (res.destroyed) return; // the client left; the work was done all the same
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename=speech.wav' });
    const tone = toneFor(spoken, context.msPerCharacter);
    res.end(context.encoding === 'pcm16' ? pcm16Wav(tone) : float32Wav(tone));
  };
  if (fault?.kind === 'held') return void fault.until.finally(answer);
  if (fault?.kind !== 'slow') return answer();
  state.generating += 1;
  context.later(fault.ms, () => {
    state.generating -= 1;
    answer();
  });
}

function health(state: FakeChatterbox, maxTotalLength: number, initializationError: string | undefined): unknown {
  const initialization = initializationError ? 'error' : state.loading !== undefined ? 'initializing' : 'ready';
  return {
    status: { error: 'error', initializing: 'initializing', ready: 'healthy' }[initialization],
    model_loaded: initialization === 'ready',
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
    initialization_state: initialization,
    initialization_progress: initializationError ? `Failed: ${initializationError}` : (state.loading ?? 'Model ready'),
    initialization_error: initializationError ?? null,
  };
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
    const language = form.get('language');
    if (typeof name !== 'string' || !(file instanceof Blob)) return undefined;
    return { voice_name: name, filename: (file as File).name, bytes: new Uint8Array(await file.arrayBuffer()), language: typeof language === 'string' ? language : undefined };
  } catch {
    return undefined;
  }
}

function addToLibrary(res: ServerResponse, state: FakeChatterbox, upload: LibraryUpload | undefined, options: FakeChatterboxOptions): void {
  const fault = state.uploadFaults.shift();
  if (fault?.kind === 'error') return sendJson(res, fault.status, { error: { message: fault.message, type: fault.type } });
  const outcome: LibraryEntry | LibraryRefusal = state.library.upload(upload, state.loading !== undefined ? 'loading' : (options.model ?? 'multilingual'));
  if ('status' in outcome) return sendJson(res, outcome.status, outcome.body);
  state.uploads.set(outcome.name, upload as LibraryUpload);
  sendJson(res, 201, {
    message: 'Voice uploaded successfully',
    voice: { name: outcome.name, filename: `${outcome.name}.wav`, file_size: upload?.bytes.length, upload_date: outcome.uploadDate, language: outcome.language },
  });
}

function removeFromLibrary(res: ServerResponse, state: FakeChatterbox, name: string): void {
  const refused = state.library.remove(name);
  if (refused) return sendJson(res, refused.status, refused.body);
  state.uploads.delete(name);
  sendJson(res, 200, { message: 'Voice deleted successfully', voice_name: name });
}
