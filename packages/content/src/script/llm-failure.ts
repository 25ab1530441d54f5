// What went wrong in a request to the script writer's LLM server, as one small type the
// pipeline can act on: `permanent` failures (a bad key, a model the server does not have,
// a request bigger than its context, a request it refuses) fail the stage at once with the
// server's own words and what to change; `transient` ones (unreachable, timed out, rate
// limited, a 5xx) may pass, so the job is retried. The servers' wordings are from their
// sources: OpenAI's `code`s, Ollama's "not found, try pulling it first" (openai/openai.go
// wraps it as {error: {message}}), llama-server's `exceed_context_size_error`, vLLM's
// "maximum context length", Groq's 413 for a request over its tokens-per-minute.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { PermanentError, TransientError } from '@castwright/core/errors';

export type LlmFailureKind =
  | 'bad_key'
  | 'no_credit'
  | 'model_not_found'
  | 'context_exceeded'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'rate_limited'
  | 'server_error';

export interface LlmFailure {
  kind: LlmFailureKind;
  /** True when sending the same request again cannot help: the stage fails at once. */
  permanent: boolean;
  /** The HTTP status, when the server answered. */
  status: number | undefined;
  /** What the server said, in its words. */
  serverMessage: string;
  /** What to change (the setting, or the server), for a permanent failure. */
  remedy: string | undefined;
}

/** A request the LLM server will never take as configured: the stage fails with its reason and remedy. */
export class LlmRequestError extends PermanentError {
  readonly failure: LlmFailure;
  constructor(failure: LlmFailure, options?: { cause?: unknown }) {
    const status = failure.status === undefined ? '' : ` (${failure.status})`;
    super(`The script writer's LLM server refused the request${status}: ${failure.serverMessage}${failure.remedy ? `. ${failure.remedy}` : ''}`, options);
    this.failure = failure;
  }
}

const CONTEXT_WORDS = /context[ _]length|context size|context window|maximum context|exceed_context_size|prompt is too long|too many tokens|reduce the length/i;

/** The server's own message: the error body's, else the SDK's without its status prefix. */
export function serverMessageOf(error: APIError): string {
  const body = error.error as { message?: unknown } | string | undefined;
  if (typeof body === 'string') return body;
  if (body && typeof body.message === 'string') return body.message.trim();
  return error.message.replace(/^\d{3}\s+/, '').trim();
}

/** The failure an SDK error stands for; undefined for one that is not a request's failure (the caller's abort, a bug). */
function classifyLlmFailure(error: unknown): LlmFailure | undefined {
  if (error instanceof APIUserAbortError || !(error instanceof APIError)) return undefined;
  if (error instanceof APIConnectionTimeoutError) {
    return { kind: 'timeout', permanent: false, status: undefined, serverMessage: 'the server did not answer in time', remedy: 'raise LLM_TIMEOUT_MS for a slow model' };
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${(error.cause as { code?: string }).code ?? error.cause.message}` : '';
    return { kind: 'unreachable', permanent: false, status: undefined, serverMessage: `the server could not be reached${cause}`, remedy: undefined };
  }
  const status = error.status;
  const message = serverMessageOf(error);
  const code = String(error.code ?? '');
  const failure = (kind: LlmFailureKind, permanent: boolean, remedy?: string): LlmFailure => ({ kind, permanent, status, serverMessage: message, remedy });
  if (status === 401 || status === 403) return failure('bad_key', true, 'Check OPENAI_API_KEY (and that the key may use OPENAI_MODEL)');
  if (status === 402 || code === 'insufficient_quota') return failure('no_credit', true, 'The account behind OPENAI_API_KEY has no credit left');
  if (status === 413 || code === 'context_length_exceeded' || CONTEXT_WORDS.test(message) || /exceed_context_size/.test(String(error.type))) {
    return failure('context_exceeded', true, 'Set LLM_CONTEXT_TOKENS to the context the server gives the model (or give the model a larger one): Castwright sizes every request to it');
  }
  if (status === 404) {
    if (/requested parameters/i.test(message)) {
      return failure('refused', true, "No provider of the model takes every parameter sent (OpenRouter's provider.require_parameters in LLM_EXTRA_BODY): leave LLM_TEMPERATURE or LLM_MAX_OUTPUT_TOKENS unset, or choose another model");
    }
    return /model|no endpoints found for/i.test(message) || code === 'model_not_found'
      ? failure('model_not_found', true, 'Check OPENAI_MODEL: it must name a model the server has, as the server names it (for Ollama, `ollama pull` it first)')
      : failure('refused', true, 'Check OPENAI_BASE_URL: it must be the server\'s OpenAI-compatible address, usually ending in /v1');
  }
  if (status === 429) return failure('rate_limited', false);
  if (status !== undefined && (status === 408 || status === 409 || status >= 500)) return failure('server_error', false);
  return failure('refused', true, 'Check the LLM settings (OPENAI_MODEL, LLM_EXTRA_BODY, LLM_MAX_OUTPUT_TOKENS) against what the server takes');
}

/** The error the stage sees: LlmRequestError (permanent) or TransientError; anything unclassified as it is. */
export function llmFailureError(error: unknown): unknown {
  const failure = classifyLlmFailure(error);
  if (!failure) return error;
  if (failure.permanent) return new LlmRequestError(failure, { cause: error });
  const status = failure.status === undefined ? '' : ` (${failure.status})`;
  return new TransientError(`the script writer's LLM server failed${status}: ${failure.serverMessage}`, { cause: error });
}
