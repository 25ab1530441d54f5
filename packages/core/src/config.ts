// One validated configuration for every role. The Config type is not written out: it is
// what configFromEnv builds from the schema's static type, so the two cannot drift apart.
import path from 'node:path';
import type { Static } from 'typebox';
import { EnvSchema, type Env, type Flag } from './config-schema.ts';
import type { PaidTier } from './tiers.ts';
import { parseValue, SchemaError } from './validation.ts';

const isOn = (flag: Static<typeof Flag>) => flag === '1' || flag === 'true';

/**
 * The configuration every role reads: derived from the schema through configFromEnv (the
 * one mapping from variables to settings), so a setting's type is its variable's type and
 * the two cannot drift apart.
 */
export type Config = ReturnType<typeof configFromEnv>;
export type BillingSettings = Config['billing'];
export type StripeSettings = NonNullable<BillingSettings['stripe']>;
export type S3Settings = ReturnType<typeof s3Settings>;
/** An OpenAI-compatible Chat Completions server and how to ask it (content/script/llm-script-writer.ts). */
export type LlmSettings = ReturnType<typeof llmSettings>;
export type ChatterboxSettings = NonNullable<Config['chatterbox']>;
/** What producing an episode costs, for `costTotal` and `totalCost`. */
export type Prices = Config['prices'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The public address links in e-mails point to: PUBLIC_BASE_URL, never a request's Host header. */
export function publicBaseUrl(config: Config): string {
  return config.publicBaseUrl ?? `https://localhost:${config.port}`;
}

/** DATABASE_URL, or a ConfigError saying what to do for a role that cannot run without it. */
export function requireDatabaseUrl(config: Config, role: string): string {
  if (config.databaseUrl) return config.databaseUrl;
  throw new ConfigError(`Invalid configuration: the ${role} role needs DATABASE_URL (postgresql://…); \`castwright start\` runs an embedded PostgreSQL instead`);
}

/** Reads the environment once, at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.properties)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  let parsed: Env;
  try {
    parsed = parseValue(EnvSchema, known, { what: 'configuration', convert: true });
  } catch (error) {
    if (error instanceof SchemaError) throw new ConfigError(error.message);
    throw error;
  }
  if (parsed.WORKER_DEAD_AFTER_MS < 3 * parsed.WORKER_HEARTBEAT_MS) {
    // Fewer than three missed beats would call a worker dead for one slow write.
    throw new ConfigError('Invalid configuration: WORKER_DEAD_AFTER_MS must be at least 3 × WORKER_HEARTBEAT_MS');
  }
  if (Boolean(parsed.TLS_CERT_FILE) !== Boolean(parsed.TLS_KEY_FILE)) {
    throw new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  return configFromEnv(parsed);
}

/** The settings a validated environment gives (checked across variables by loadConfig first). */
function configFromEnv(parsed: Env) {
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    embeddedPostgresPort: parsed.EMBEDDED_POSTGRES_PORT,
    tls: parsed.TLS_CERT_FILE && parsed.TLS_KEY_FILE
      ? { certFile: parsed.TLS_CERT_FILE, keyFile: parsed.TLS_KEY_FILE }
      : undefined,
    trustProxy: isOn(parsed.TRUST_PROXY),
    publicBaseUrl: parsed.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    /** A worker's listener for /healthz, /readyz and /metrics; none when unset. */
    metricsPort: parsed.METRICS_PORT,
    /** Browser origins allowed to call the api (CORS): none by default, `'*'` for any. */
    corsOrigins: parsed.CORS_ORIGINS === '*' ? ('*' as const) : (parsed.CORS_ORIGINS?.split(',').map((origin) => origin.trim()) ?? []),
    jwtSecret: parsed.JWT_SECRET,
    logLevel: parsed.LOG_LEVEL,
    /** undefined: pretty in a terminal, JSON otherwise. */
    logFormat: parsed.LOG_FORMAT,
    workerConcurrency: parsed.WORKER_CONCURRENCY,
    mediaConcurrency: parsed.MEDIA_CONCURRENCY,
    /** Lines voiced at once per local engine (VOICING_SLOTS); undefined: each engine's default for its device. */
    voicingSlots: parsed.VOICING_SLOTS,
    /** On SIGTERM a media worker lets a render run this long, then aborts it and re-queues it. */
    renderShutdownGraceMs: parsed.RENDER_SHUTDOWN_GRACE_MS,
    /** Days a segment the published revision does not use is kept after its last use. */
    segmentRetentionDays: parsed.SEGMENT_RETENTION_DAYS,
    /** How often a worker records that it is alive, and how long silent until it counts as dead. */
    liveness: { heartbeatMs: parsed.WORKER_HEARTBEAT_MS, deadAfterMs: parsed.WORKER_DEAD_AFTER_MS },
    /** Jobs taken fairly between accounts (core/jobs.ts); off: first come, first served. */
    fairScheduling: isOn(parsed.FAIR_SCHEDULING),
    /** Listening while an episode is made (LIVE_AUDIO). */
    liveAudio: isOn(parsed.LIVE_AUDIO),
    /** Seconds a signed audio address stays valid. */
    audioUrlTtlSeconds: parsed.AUDIO_URL_TTL_SECONDS,
    /** An OpenAI-compatible chat endpoint for scripts; undefined: the built-in offline writer. */
    llm: parsed.OPENAI_API_KEY || parsed.OPENAI_BASE_URL ? llmSettings(parsed) : undefined,
    /** What producing an episode costs, for `costTotal` and `totalCost`. */
    prices: {
      llmInputPerMillionTokens: parsed.LLM_INPUT_PRICE_PER_MTOK,
      llmOutputPerMillionTokens: parsed.LLM_OUTPUT_PRICE_PER_MTOK,
      renderPerHour: parsed.RENDER_PRICE_PER_HOUR,
    },
    /** Development and tests only: lets outbound fetches reach loopback and private addresses. */
    outboundAllowPrivate: isOn(parsed.OUTBOUND_ALLOW_PRIVATE),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    ffmpegPath: parsed.FFMPEG_PATH,
    ffprobePath: parsed.FFPROBE_PATH,
    /** Where video captions' fonts are looked for (VIDEO_FONT_DIRS). */
    videoFontDirs: parsed.VIDEO_FONT_DIRS.split(':').filter((dir) => dir !== '').map((dir) => path.resolve(dir)),
    /** Where audio and uploads are kept: local disk under DATA_DIR (default) or an S3-compatible bucket. */
    storage: parsed.STORAGE_DRIVER === 's3' ? { driver: 's3' as const, s3: s3Settings(parsed) } : { driver: 'local' as const },
    /** Kokoro weights and voices; the engine is available when the model file is there. */
    kokoro: {
      modelDir: path.resolve(parsed.KOKORO_MODEL_DIR ?? path.join(parsed.DATA_DIR, 'models', 'kokoro')),
      device: parsed.KOKORO_DEVICE,
    },
    /** A Chatterbox TTS server (chatterbox-tts-api); undefined: not configured. */
    chatterbox: parsed.CHATTERBOX_URL
      ? {
          url: parsed.CHATTERBOX_URL.replace(/\/+$/, ''),
          apiKey: parsed.CHATTERBOX_API_KEY,
          /** Per attempt, before each character's allowance. */
          timeoutMs: parsed.CHATTERBOX_TIMEOUT_MS,
          timeoutMsPerChar: parsed.CHATTERBOX_TIMEOUT_MS_PER_CHAR,
          retries: parsed.CHATTERBOX_RETRIES,
          /** How long a request waits for a server still loading its model. */
          loadWaitMs: parsed.CHATTERBOX_LOAD_WAIT_MS,
          modelVersion: parsed.CHATTERBOX_MODEL_VERSION,
          exaggeration: parsed.CHATTERBOX_EXAGGERATION,
          cfgWeight: parsed.CHATTERBOX_CFG_WEIGHT,
          temperature: parsed.CHATTERBOX_TEMPERATURE,
        }
      : undefined,
    billing: {
      /** Monthly list prices in USD cents, shown by GET /api/billing/pricing; keep them equal to the Stripe prices. */
      priceCents: {
        creator: parsed.BILLING_PRICE_CREATOR_CENTS,
        professional: parsed.BILLING_PRICE_PROFESSIONAL_CENTS,
        enterprise: parsed.BILLING_PRICE_ENTERPRISE_CENTS,
      } satisfies Record<PaidTier, number>,
      /** How long a past_due subscription keeps its tier before the account drops to free. */
      pastDueGraceMs: parsed.BILLING_PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000,
      /** undefined: STRIPE_SECRET_KEY is unset and billing (but pricing) answers 503. */
      stripe: parsed.STRIPE_SECRET_KEY
        ? {
            secretKey: parsed.STRIPE_SECRET_KEY,
            /** Signs the events Stripe posts to /api/billing/webhook; unset: that endpoint answers 503. */
            webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
            /** The Stripe price id (`price_…`) each tier's checkout sells; an unset one cannot be bought. */
            priceIds: { creator: parsed.STRIPE_PRICE_CREATOR, professional: parsed.STRIPE_PRICE_PROFESSIONAL, enterprise: parsed.STRIPE_PRICE_ENTERPRISE } satisfies Record<PaidTier, string | undefined>,
            /** Another API address (stripe-mock, a test server); undefined: api.stripe.com. */
            apiBase: parsed.STRIPE_API_BASE?.replace(/\/+$/, ''),
          }
        : undefined,
    },
    /** Requests per hour one private podcast feed token may make, apart from its owner's API budget. */
    feedRequestsPerHour: parsed.FEED_REQUESTS_PER_HOUR,
    /** The key webhook secrets are encrypted with at rest; undefined: generated once under DATA_DIR/secrets. */
    secretsEncryptionKey: parsed.SECRETS_ENCRYPTION_KEY,
    webhooks: { retryBaseMs: parsed.WEBHOOK_RETRY_BASE_MS },
  };
}

/** Fields of a request body the writer sets itself; LLM_EXTRA_BODY may not replace them. */
const OWN_BODY_FIELDS = ['model', 'messages', 'stream', 'response_format'];

function llmSettings(parsed: Env) {
  if (parsed.OPENAI_BASE_URL && !parsed.OPENAI_MODEL) {
    // A local server has no gpt-4o-mini: without this it would answer every episode 404.
    throw new ConfigError('Invalid configuration: OPENAI_MODEL is required with OPENAI_BASE_URL (the model as that server names it, e.g. llama3.1:8b for Ollama)');
  }
  return {
    /** undefined: OpenAI's own API. */
    baseUrl: parsed.OPENAI_BASE_URL,
    apiKey: parsed.OPENAI_API_KEY ?? 'not-needed',
    model: parsed.OPENAI_MODEL ?? 'gpt-4o-mini',
    timeoutMs: parsed.LLM_TIMEOUT_MS,
    /** undefined: the server's default. */
    temperature: parsed.LLM_TEMPERATURE,
    /** Most tokens one reply may have; undefined: the server's default. */
    maxOutputTokens: parsed.LLM_MAX_OUTPUT_TOKENS,
    /** The context every request is made to fit, in tokens. */
    contextTokens: parsed.LLM_CONTEXT_TOKENS,
    /** Merged into every request body (server-specific options). */
    extraBody: parsed.LLM_EXTRA_BODY === undefined ? undefined : extraBody(parsed.LLM_EXTRA_BODY),
  };
}

function extraBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: LLM_EXTRA_BODY is not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError('Invalid configuration: LLM_EXTRA_BODY must be a JSON object');
  const own = Object.keys(value).filter((key) => OWN_BODY_FIELDS.includes(key));
  if (own.length > 0) throw new ConfigError(`Invalid configuration: LLM_EXTRA_BODY may not set ${own.join(', ')} (the script writer sets them)`);
  return value as Record<string, unknown>;
}

function s3Settings(parsed: Env) {
  if (!parsed.S3_BUCKET) throw new ConfigError('Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket: parsed.S3_BUCKET,
    region: parsed.S3_REGION,
    endpoint: parsed.S3_ENDPOINT,
    forcePathStyle: isOn(parsed.S3_FORCE_PATH_STYLE),
    /** Both or neither; neither: the SDK's default chain (instance role, AWS_* variables, profile). */
    credentials: parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: parsed.S3_ACCESS_KEY_ID, secretAccessKey: parsed.S3_SECRET_ACCESS_KEY }
      : undefined,
    /** Prepended to every key, so one bucket can hold several deployments. */
    prefix: parsed.S3_PREFIX.replace(/^\/+|\/+$/g, '').replace(/(.)$/, '$1/'),
  };
}
