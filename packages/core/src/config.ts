// One validated configuration for every role. The Config type is derived from the
// schema, so the two can never drift apart.
import path from 'node:path';
import type { Static } from 'typebox';
import { EnvSchema, type Env, type Flag } from './config-schema.ts';
import type { PaidTier } from './tiers.ts';
import { parseValue, SchemaError } from './validation.ts';


const isOn = (flag: Static<typeof Flag>) => flag === '1' || flag === 'true';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  tls: { certFile: string; keyFile: string } | undefined;
  trustProxy: boolean;
  publicBaseUrl: string | undefined;
  /** A worker's listener for /healthz, /readyz and /metrics; none when unset. */
  metricsPort: number | undefined;
  /** Browser origins allowed to call the api (CORS): none by default, `'*'` for any. */
  corsOrigins: string[] | '*';
  jwtSecret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** undefined: pretty in a terminal, JSON otherwise. */
  logFormat: Env['LOG_FORMAT'];
  workerConcurrency: number;
  mediaConcurrency: number;
  /** On SIGTERM a media worker lets a render run this long, then aborts it and re-queues it. */
  renderShutdownGraceMs: number;
  /** Days a segment the published revision does not use is kept after its last use. */
  segmentRetentionDays: number;
  /** How often a worker records that it is alive, and how long silent until it counts as dead. */
  liveness: { heartbeatMs: number; deadAfterMs: number };
  /** Jobs taken fairly between accounts (core/jobs.ts); off: first come, first served. */
  fairScheduling: boolean;
  /** Listening while an episode is made (LIVE_AUDIO). */
  liveAudio: boolean;
  /** Seconds a signed audio address stays valid. */
  audioUrlTtlSeconds: number;
  /** An OpenAI-compatible chat endpoint for scripts; undefined: the built-in offline writer. */
  llm: { baseUrl: string | undefined; apiKey: string; model: string } | undefined;
  /** What producing an episode costs, for `costTotal` and `totalCost`. */
  prices: Prices;
  /** Development and tests only: lets outbound fetches reach loopback and private addresses. */
  outboundAllowPrivate: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Where audio and uploads are kept: local disk under DATA_DIR (default) or an S3-compatible bucket. */
  storage: { driver: 'local' } | { driver: 's3'; s3: S3Settings };
  /** Kokoro weights and voices; the engine is available when the model file is there. */
  kokoro: { modelDir: string; device: Env['KOKORO_DEVICE'] };
  /** A Chatterbox TTS server (OpenAI-compatible speech endpoint); undefined: not configured. */
  chatterbox: { url: string; apiKey: string | undefined; timeoutMs: number; retries: number } | undefined;
  /** Requests per hour one private podcast feed token may make, apart from its owner's API budget. */
  feedRequestsPerHour: number;
  billing: BillingSettings;
  /** The key webhook secrets are encrypted with at rest; undefined: generated once under DATA_DIR/secrets. */
  secretsEncryptionKey: string | undefined;
  webhooks: { retryBaseMs: number };
}

export interface BillingSettings {
  /** Monthly list prices in USD cents, shown by GET /api/billing/pricing; keep them equal to the Stripe prices. */
  priceCents: Record<PaidTier, number>;
  /** How long a past_due subscription keeps its tier before the account drops to free. */
  pastDueGraceMs: number;
  /** undefined: STRIPE_SECRET_KEY is unset and billing (but pricing) answers 503. */
  stripe: StripeSettings | undefined;
}

export interface StripeSettings {
  secretKey: string;
  /** Signs the events Stripe posts to /api/billing/webhook; unset: that endpoint answers 503. */
  webhookSecret: string | undefined;
  /** The Stripe price id (`price_…`) each tier's checkout sells; an unset one cannot be bought. */
  priceIds: Record<PaidTier, string | undefined>;
  /** Another API address (stripe-mock, a test server); undefined: api.stripe.com. */
  apiBase: string | undefined;
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Both or neither; neither: the SDK's default chain (instance role, AWS_* variables, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key, so one bucket can hold several deployments. */
  prefix: string;
}

export interface Prices {
  llmInputPerMillionTokens: number;
  llmOutputPerMillionTokens: number;
  renderPerHour: number;
}

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
    metricsPort: parsed.METRICS_PORT,
    corsOrigins: parsed.CORS_ORIGINS === '*' ? '*' : (parsed.CORS_ORIGINS?.split(',').map((origin) => origin.trim()) ?? []),
    jwtSecret: parsed.JWT_SECRET,
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    workerConcurrency: parsed.WORKER_CONCURRENCY,
    mediaConcurrency: parsed.MEDIA_CONCURRENCY,
    renderShutdownGraceMs: parsed.RENDER_SHUTDOWN_GRACE_MS,
    segmentRetentionDays: parsed.SEGMENT_RETENTION_DAYS,
    liveness: { heartbeatMs: parsed.WORKER_HEARTBEAT_MS, deadAfterMs: parsed.WORKER_DEAD_AFTER_MS },
    fairScheduling: isOn(parsed.FAIR_SCHEDULING),
    liveAudio: isOn(parsed.LIVE_AUDIO),
    audioUrlTtlSeconds: parsed.AUDIO_URL_TTL_SECONDS,
    llm: parsed.OPENAI_API_KEY || parsed.OPENAI_BASE_URL
      ? { baseUrl: parsed.OPENAI_BASE_URL, apiKey: parsed.OPENAI_API_KEY ?? 'not-needed', model: parsed.OPENAI_MODEL }
      : undefined,
    prices: {
      llmInputPerMillionTokens: parsed.LLM_INPUT_PRICE_PER_MTOK,
      llmOutputPerMillionTokens: parsed.LLM_OUTPUT_PRICE_PER_MTOK,
      renderPerHour: parsed.RENDER_PRICE_PER_HOUR,
    },
    outboundAllowPrivate: isOn(parsed.OUTBOUND_ALLOW_PRIVATE),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    ffmpegPath: parsed.FFMPEG_PATH,
    ffprobePath: parsed.FFPROBE_PATH,
    storage: parsed.STORAGE_DRIVER === 's3' ? { driver: 's3', s3: s3Settings(parsed) } : { driver: 'local' },
    kokoro: {
      modelDir: path.resolve(parsed.KOKORO_MODEL_DIR ?? path.join(parsed.DATA_DIR, 'models', 'kokoro')),
      device: parsed.KOKORO_DEVICE,
    },
    chatterbox: parsed.CHATTERBOX_URL
      ? {
          url: parsed.CHATTERBOX_URL.replace(/\/+$/, ''),
          apiKey: parsed.CHATTERBOX_API_KEY,
          timeoutMs: parsed.CHATTERBOX_TIMEOUT_MS,
          retries: parsed.CHATTERBOX_RETRIES,
        }
      : undefined,
    billing: {
      priceCents: {
        creator: parsed.BILLING_PRICE_CREATOR_CENTS,
        professional: parsed.BILLING_PRICE_PROFESSIONAL_CENTS,
        enterprise: parsed.BILLING_PRICE_ENTERPRISE_CENTS,
      },
      pastDueGraceMs: parsed.BILLING_PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000,
      stripe: parsed.STRIPE_SECRET_KEY
        ? {
            secretKey: parsed.STRIPE_SECRET_KEY,
            webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
            priceIds: { creator: parsed.STRIPE_PRICE_CREATOR, professional: parsed.STRIPE_PRICE_PROFESSIONAL, enterprise: parsed.STRIPE_PRICE_ENTERPRISE },
            apiBase: parsed.STRIPE_API_BASE?.replace(/\/+$/, ''),
          }
        : undefined,
    },
    feedRequestsPerHour: parsed.FEED_REQUESTS_PER_HOUR,
    secretsEncryptionKey: parsed.SECRETS_ENCRYPTION_KEY,
    webhooks: { retryBaseMs: parsed.WEBHOOK_RETRY_BASE_MS },
  };
}

function s3Settings(parsed: Env): S3Settings {
  if (!parsed.S3_BUCKET) throw new ConfigError('Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket: parsed.S3_BUCKET,
    region: parsed.S3_REGION,
    endpoint: parsed.S3_ENDPOINT,
    forcePathStyle: isOn(parsed.S3_FORCE_PATH_STYLE),
    credentials: parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: parsed.S3_ACCESS_KEY_ID, secretAccessKey: parsed.S3_SECRET_ACCESS_KEY }
      : undefined,
    prefix: parsed.S3_PREFIX.replace(/^\/+|\/+$/g, '').replace(/(.)$/, '$1/'),
  };
}
