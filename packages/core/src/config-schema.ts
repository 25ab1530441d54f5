// Every environment variable Castwright reads, in one TypeBox schema: its type, bounds,
// default and description. config.ts validates the environment against it and derives
// the Config type from it; docs/configuration.md is generated from it (npm run generate:docs).
import Type, { type Static } from 'typebox';

export const Flag = Type.Enum(['0', '1', 'true', 'false'], { default: '0' });

export const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8443, description: 'TCP port the API serves HTTPS on.' }),
  HOST: Type.String({
    default: '127.0.0.1',
    description: 'Interface the API and the `METRICS_PORT` listener bind to (`0.0.0.0` in containers).',
  }),
  DATA_DIR: Type.String({
    default: './.data',
    description: 'Directory for what one machine keeps: the embedded database, local storage, generated secrets, the self-signed certificate, the mail outbox and Kokoro weights.',
  }),
  DATABASE_URL: Type.Optional(Type.String({
    pattern: '^postgres(ql)?://',
    description: 'PostgreSQL to use (`postgresql://user:password@host:5432/castwright`); the `api` and `worker` roles need it. Unset: `castwright start` runs an embedded server under `DATA_DIR/postgres`, and `migrate` and `user set-tier` use the one it created.',
  })),
  EMBEDDED_POSTGRES_PORT: Type.Integer({
    minimum: 1, maximum: 65535, default: 5433,
    description: 'TCP port of the embedded PostgreSQL that `castwright start` runs when `DATABASE_URL` is unset (loopback only).',
  }),
  TLS_CERT_FILE: Type.Optional(Type.String({
    description: 'PEM certificate (with its chain) the API serves; set together with `TLS_KEY_FILE`. Unset: a self-signed certificate is generated once under `DATA_DIR/tls`.',
  })),
  TLS_KEY_FILE: Type.Optional(Type.String({ description: 'PEM private key of `TLS_CERT_FILE`; set together with it.' })),
  TRUST_PROXY: Type.With(Flag, {
    description: '`1` behind a TLS-terminating proxy or load balancer: a request counts as HTTPS only with `X-Forwarded-Proto: https`, and the client address (for rate limits) is the one the nearest proxy saw.',
  }),
  PUBLIC_BASE_URL: Type.Optional(Type.String({
    pattern: '^https?://',
    description: 'Public address of the API, for links in e-mails, private feed addresses, webhook payloads\' `audioUrl` and the server the OpenAPI document names; never taken from a request\'s `Host`. Podcast apps must reach it over HTTPS with a certificate they trust. Unset: `https://localhost:PORT` (and `/` in the OpenAPI document).',
  })),
  METRICS_PORT: Type.Optional(Type.Integer({
    minimum: 0, maximum: 65535,
    description: 'Port of a plain-HTTP listener (on `HOST`) in the api and every worker for `/healthz`, `/readyz` and `/metrics` (Prometheus); unset: no listener. For in-cluster probes and scrapers only, never the public port.',
  })),
  CORS_ORIGINS: Type.Optional(Type.String({
    pattern: '^(\\*|https?://[^/,\\s]+(,\\s*https?://[^/,\\s]+)*)$',
    description: 'Browser origins allowed to call the API from other sites: a comma-separated list (`https://app.example.com,https://studio.example.com`) or `*`. Unset: CORS is off.',
  })),
  JWT_SECRET: Type.Optional(Type.String({
    minLength: 32,
    description: 'HMAC key access tokens are signed with (at least 32 characters). Unset: generated once into `DATA_DIR/secrets`; set it when API replicas do not share a disk.',
  })),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'Least severe level written to the log; `debug` adds where a command-line failure happened.',
  }),
  LOG_FORMAT: Type.Optional(Type.Enum(['json', 'pretty'], {
    description: '`pretty`: readable coloured lines; `json`: one JSON object per line, for log collectors. Unset: `pretty` when stdout is a terminal, `json` otherwise.',
  })),
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4, description: 'Jobs a general worker runs at once.' }),
  MEDIA_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'Renders a media worker runs at once. They share its voicing slots (`VOICING_SLOTS`) fairly, so a second render masters on the CPU while the first voices.' }),
  VOICING_SLOTS: Type.Optional(Type.Integer({
    minimum: 1, maximum: 64,
    description: 'Lines a media worker voices at once on each local engine: Kokoro sessions (each in a thread of its own, each holding its own copy of the model: about 0.95 GB of GPU memory on CUDA) or built-in voice threads. Unset: one per CPU core on CPU (cores the process may use: its affinity, or a cgroup v2 CPU limit where lower; each session single-threaded) and 4 for Kokoro on CUDA, where four streams take nearly all a GPU gives (docs/capacity.md; measure yours with `castwright voicing measure`). Chatterbox keeps one line in flight per server whatever this says.',
  })),
  RENDER_SHUTDOWN_GRACE_MS: Type.Integer({
    minimum: 0, maximum: 3_600_000, default: 20_000,
    description: 'Milliseconds a media worker lets its current render run after SIGTERM before it aborts it and queues it afresh for another worker (the episode is never failed by a shutdown). Set it to the termination grace period less about 30 s.',
  }),
  WORKER_HEARTBEAT_MS: Type.Integer({
    minimum: 100, maximum: 60_000, default: 5_000,
    description: 'Milliseconds between the heartbeats every worker records (on a connection of its own).',
  }),
  WORKER_DEAD_AFTER_MS: Type.Integer({
    minimum: 1_000, maximum: 3_600_000, default: 30_000,
    description: 'Milliseconds of silence after which a worker counts as dead and another worker takes over its jobs; at least 3 × `WORKER_HEARTBEAT_MS`.',
  }),
  FAIR_SCHEDULING: Type.With(Flag, {
    default: '1',
    description: 'Whether jobs are taken fairly between accounts (`1`, the default): an account with nothing waiting goes ahead of another\'s backlog, and backlogs take turns weighted by tier (free 1, creator 2, professional 3, enterprise 4). `0`: first come, first served. Read where jobs are queued (the api and every worker): set it the same on all of them.',
  }),
  OPENAI_BASE_URL: Type.Optional(Type.String({
    pattern: '^https?://',
    description: 'Base URL of an OpenAI-compatible Chat Completions API that writes scripts (`http://localhost:11434/v1` for Ollama). Unset with `OPENAI_API_KEY` set: OpenAI\'s own; both unset: the built-in writer.',
  })),
  OPENAI_API_KEY: Type.Optional(Type.String({
    minLength: 1,
    description: 'Key sent to the script-writing endpoint; not needed for a local server.',
  })),
  OPENAI_MODEL: Type.Optional(Type.String({
    minLength: 1,
    description: 'Model the LLM script writer asks for, as the server names it (`llama3.1:8b` for Ollama). Required with `OPENAI_BASE_URL` (a local server has no `gpt-4o-mini`); with only `OPENAI_API_KEY` set, OpenAI\'s `gpt-4o-mini`.',
  })),
  LLM_TIMEOUT_MS: Type.Integer({
    minimum: 1000, maximum: 3_600_000, default: 180_000,
    description: 'Milliseconds one LLM request may take, from sending it to the last byte of the reply (a long section on a slow local model takes minutes).',
  }),
  LLM_TEMPERATURE: Type.Optional(Type.Number({
    minimum: 0, maximum: 2,
    description: 'Sampling temperature sent with every LLM request; unset: the server\'s default (Ollama\'s OpenAI-compatible endpoint uses 1.0).',
  })),
  LLM_MAX_OUTPUT_TOKENS: Type.Optional(Type.Integer({
    minimum: 256, maximum: 1_000_000,
    description: 'Most tokens one LLM reply may have, sent as `max_completion_tokens` to OpenAI and `max_tokens` to every other server; unset: the server\'s default, and the writer reserves room in the context for the reply it asks for.',
  })),
  LLM_CONTEXT_TOKENS: Type.Integer({
    minimum: 2048, maximum: 2_000_000, default: 16_384,
    description: 'The context size every LLM request is made to fit (prompt, source text and reply); longer sources are read in more requests. Set it to what the server gives the model: Ollama, LM Studio and llama-server default to 4096 (raise theirs, or lower this).',
  }),
  LLM_EXTRA_BODY: Type.Optional(Type.String({
    description: 'A JSON object merged into every LLM request body, for server-specific options: OpenRouter\'s `{"provider":{"require_parameters":true}}`, vLLM\'s `{"chat_template_kwargs":{"enable_thinking":false}}`. It may not set `model`, `messages`, `stream` or `response_format`.',
  })),
  LLM_INPUT_PRICE_PER_MTOK: Type.Number({
    minimum: 0, default: 0.15,
    description: 'USD per million input tokens of the LLM, for each episode\'s cost (the default is gpt-4o-mini\'s list price).',
  }),
  LLM_OUTPUT_PRICE_PER_MTOK: Type.Number({
    minimum: 0, default: 0.6,
    description: 'USD per million output tokens of the LLM, for each episode\'s cost (the default is gpt-4o-mini\'s list price).',
  }),
  RENDER_PRICE_PER_HOUR: Type.Number({
    minimum: 0, default: 0,
    description: 'USD per hour a media worker spends rendering (your GPU\'s hourly price, say), for each episode\'s cost; `0` leaves rendering unpriced.',
  }),
  OUTBOUND_ALLOW_PRIVATE: Type.With(Flag, {
    description: 'Development and tests only: `1` lets server-side requests (web pages, feeds, webhook deliveries) reach loopback and private addresses.',
  }),
  SMTP_URL: Type.Optional(Type.String({
    pattern: '^smtps?://',
    description: 'SMTP server for outgoing mail (`smtp://user:pass@host:587` or `smtps://…`). Unset: each message is written to `DATA_DIR/outbox` as an `.eml` file.',
  })),
  MAIL_FROM: Type.String({ default: 'Castwright <no-reply@castwright.local>', description: 'Sender (`From`) of outgoing mail.' }),
  FFMPEG_PATH: Type.Optional(Type.String({ description: 'ffmpeg binary to use instead of the static one installed from npm.' })),
  FFPROBE_PATH: Type.Optional(Type.String({
    description: 'ffprobe binary to use instead of the static one installed from npm.',
  })),
  STORAGE_DRIVER: Type.Enum(['local', 's3'], {
    default: 'local',
    description: 'Where audio and uploaded documents are kept: `local`, files under `DATA_DIR/storage` (one machine); `s3`, an S3-compatible bucket (every role must use the same one).',
  }),
  S3_BUCKET: Type.Optional(Type.String({
    minLength: 3, maxLength: 63,
    description: 'The bucket; required with `STORAGE_DRIVER=s3`.',
  })),
  S3_REGION: Type.String({ default: 'us-east-1', description: 'The bucket\'s region.' }),
  S3_ENDPOINT: Type.Optional(Type.String({
    pattern: '^https?://',
    description: 'Address of an S3-compatible service (MinIO, Cloudflare R2, …); unset for AWS S3.',
  })),
  S3_FORCE_PATH_STYLE: Type.With(Flag, {
    description: '`1` for path-style addresses (`endpoint/bucket/key`), which most self-hosted services need.',
  }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({
    minLength: 1,
    description: 'Access key id; set both keys or neither. Neither: the AWS SDK\'s default chain (instance role, `AWS_*` variables, profile).',
  })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1, description: 'Secret access key; set both keys or neither.' })),
  S3_PREFIX: Type.String({
    default: '',
    description: 'Put before every key (a `/` is added), so several deployments can share one bucket.',
  }),
  LIVE_AUDIO: Type.With(Flag, {
    default: '1',
    description: 'Whether an episode can be heard while it is made (`1`, the default): its lines are voiced as the script is written, and the first render is mastered and published in segments as it goes, served as a live stream (`previewUrl`) until the finished file replaces it at `ready`. `0`: the script is written whole, then voiced, and nothing plays before `ready`. Read by the general and media workers.',
  }),
  AUDIO_URL_TTL_SECONDS: Type.Integer({
    minimum: 10, maximum: 86_400, default: 900,
    description: 'Seconds a signed audio address (`GET /api/episodes/{id}/listen`) stays valid: what a browser `<audio>` element plays private audio from, since it cannot send a bearer token. It is bound to the episode, its revision (or live take) and the account that asked.',
  }),
  SEGMENT_RETENTION_DAYS: Type.Integer({
    minimum: 1, maximum: 3650, default: 30,
    description: 'Days a voiced line (a segment) that the published revision of its episode no longer uses is kept, so that restoring a recent revision or undoing an edit voices nothing again; then the daily retention sweep deletes it. Segments of the published revision are kept while it is; deleting an episode or the account deletes all of them at once.',
  }),
  VIDEO_FONT_DIRS: Type.String({
    default: '/usr/share/fonts:/usr/local/share/fonts',
    description: 'Folders (separated by `:`) searched, with their subfolders, for the fonts of video captions: Noto Sans (or DejaVu Sans) for Latin scripts, Noto Sans CJK for Japanese and Chinese, Noto Sans Devanagari for Hindi (Debian: `fonts-noto-core`, `fonts-noto-cjk`). A video in a language whose font is missing fails, saying which font it needs.',
  }),
  KOKORO_MODEL_DIR: Type.Optional(Type.String({
    description: 'Kokoro weights and voices (`castwright models pull kokoro` fills it); Kokoro is used when the model and at least one voice are there. Unset: `DATA_DIR/models/kokoro`.',
  })),
  KOKORO_DEVICE: Type.Enum(['auto', 'cuda', 'cpu'], {
    default: 'auto',
    description: 'Where Kokoro runs: `auto`, CUDA when it loads, else the CPU with a warning; `cpu`; `cuda`, refusing to run Kokoro without CUDA.',
  }),
  CHATTERBOX_URL: Type.Optional(Type.String({
    pattern: '^https?://',
    description: 'Base URL of a chatterbox-tts-api server (`http://gpu-box:4123`); unset: Chatterbox is off.',
  })),
  CHATTERBOX_API_KEY: Type.Optional(Type.String({
    minLength: 1,
    description: 'Sent as `Authorization: Bearer …`, for an authenticating proxy in front of the Chatterbox server (which has no authentication itself).',
  })),
  CHATTERBOX_TIMEOUT_MS: Type.Integer({
    minimum: 1000, maximum: 600000, default: 120000,
    description: 'Milliseconds one Chatterbox request may take, from sending the text to the last byte of audio, before `CHATTERBOX_TIMEOUT_MS_PER_CHAR` adds each character\'s allowance.',
  }),
  CHATTERBOX_TIMEOUT_MS_PER_CHAR: Type.Integer({
    minimum: 0, maximum: 10_000, default: 100,
    description: 'Milliseconds added to a speech request\'s time limit for each character of its text (100 suits a GPU; a CPU-only server needs about 1000): the server speaks a long text much longer than a short one, and it goes on generating after a client gives up.',
  }),
  CHATTERBOX_RETRIES: Type.Integer({
    minimum: 0, maximum: 10, default: 2,
    description: 'Retries after a first Chatterbox attempt that met a network error, a timeout, 408, 429 or 5xx (with backoff, obeying `Retry-After`); after a timeout the retry waits until the server says it is idle.',
  }),
  CHATTERBOX_LOAD_WAIT_MS: Type.Integer({
    minimum: 0, maximum: 3_600_000, default: 900_000,
    description: 'Milliseconds a render waits for a Chatterbox server that is still loading its model (a first start downloads it) before it passes to the next engine; the episode\'s `progressNote` says it is waiting.',
  }),
  CHATTERBOX_MODEL_VERSION: Type.String({
    minLength: 1, maxLength: 100, default: 'unversioned',
    description: 'What the Chatterbox server runs (`multilingual-v2`, say): part of every line\'s segment key, so changing it voices every line again instead of reusing audio from another model. Change it whenever the server\'s model or its voices change.',
  }),
  CHATTERBOX_EXAGGERATION: Type.Optional(Type.Number({
    minimum: 0.25, maximum: 2,
    description: 'Chatterbox\'s emotion intensity (0.25–2) sent with every line; unset: the server\'s `EXAGGERATION` (0.5). Part of the segment key.',
  })),
  CHATTERBOX_CFG_WEIGHT: Type.Optional(Type.Number({
    minimum: 0, maximum: 1,
    description: 'Chatterbox\'s pace control, `cfg_weight` (0–1), sent with every line; unset: the server\'s `CFG_WEIGHT` (0.5). Part of the segment key.',
  })),
  CHATTERBOX_TEMPERATURE: Type.Optional(Type.Number({
    minimum: 0.05, maximum: 5,
    description: 'Chatterbox\'s sampling temperature (0.05–5) sent with every line; unset: the server\'s `TEMPERATURE` (0.8). Part of the segment key.',
  })),
  // Billing through Stripe. Without STRIPE_SECRET_KEY every billing endpoint but pricing answers 503.
  STRIPE_SECRET_KEY: Type.Optional(Type.String({
    pattern: '^(sk|rk)_',
    description: 'Stripe secret (`sk_…`) or restricted (`rk_…`) key, for the api and the general worker. Unset: every billing endpoint but pricing answers 503.',
  })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({
    pattern: '^whsec_',
    description: 'Signing secret of the Stripe webhook endpoint (or of `stripe listen`); unset: `/api/billing/webhook` answers 503.',
  })),
  STRIPE_PRICE_CREATOR: Type.Optional(Type.String({
    minLength: 1,
    description: 'Stripe price id (`price_…`) the creator tier\'s checkout sells; unset: the tier cannot be bought.',
  })),
  STRIPE_PRICE_PROFESSIONAL: Type.Optional(Type.String({
    minLength: 1,
    description: 'Stripe price id (`price_…`) the professional tier\'s checkout sells; unset: the tier cannot be bought.',
  })),
  STRIPE_PRICE_ENTERPRISE: Type.Optional(Type.String({
    minLength: 1,
    description: 'Stripe price id (`price_…`) the enterprise tier\'s checkout sells; unset: the tier cannot be bought.',
  })),
  STRIPE_API_BASE: Type.Optional(Type.String({
    pattern: '^https?://',
    description: 'Another Stripe API address, for stripe-mock or tests; unset: `https://api.stripe.com`.',
  })),
  BILLING_PRICE_CREATOR_CENTS: Type.Integer({
    minimum: 0, default: 1900,
    description: 'Monthly price of the creator tier in USD cents, as `/api/billing/pricing` shows it; keep it equal to the Stripe price.',
  }),
  BILLING_PRICE_PROFESSIONAL_CENTS: Type.Integer({
    minimum: 0, default: 4900,
    description: 'Monthly price of the professional tier in USD cents, as `/api/billing/pricing` shows it; keep it equal to the Stripe price.',
  }),
  BILLING_PRICE_ENTERPRISE_CENTS: Type.Integer({
    minimum: 0, default: 19900,
    description: 'Monthly price of the enterprise tier in USD cents, as `/api/billing/pricing` shows it; keep it equal to the Stripe price.',
  }),
  BILLING_PAST_DUE_GRACE_DAYS: Type.Number({
    minimum: 0, maximum: 60, default: 7,
    description: 'Days a `past_due` subscription keeps its tier, counted from when it was first seen past due, before the account drops to free.',
  }),
  FEED_REQUESTS_PER_HOUR: Type.Integer({
    minimum: 1, maximum: 1_000_000, default: 1000,
    description: 'Requests one private podcast feed token may make per hour (the feed, audio ranges, artwork, transcripts and chapters together), apart from its owner\'s API budget.',
  }),
  SECRETS_ENCRYPTION_KEY: Type.Optional(Type.String({
    minLength: 32,
    description: 'Key material (at least 32 characters) that secrets the server reads back (webhook signing secrets) are encrypted with at rest; every api and worker process must share it, and changing it makes stored secrets unreadable. Unset: generated once into `DATA_DIR/secrets`.',
  })),
  WEBHOOK_RETRY_BASE_MS: Type.Integer({
    minimum: 1, maximum: 3_600_000, default: 30_000,
    description: 'Base of the webhook retry backoff in milliseconds: retry k waits a random time up to base × 4^(k − 1) (full jitter).',
  }),
});

export type Env = Static<typeof EnvSchema>;
