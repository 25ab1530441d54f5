// How a reply's shape is asked for, one step down at a time for servers that refuse a
// step: a strict JSON schema (OpenAI), a schema without `strict`, JSON mode
// (`json_object`), then nothing (the prompt's shape and a tolerant parse carry it). A
// server refuses with a 400 or 422 that names `response_format`, `json_schema`,
// `json_object`, `strict` or the schema (Groq on most models, LiteLLM with a backend that
// takes none, LM Studio for `json_object`, OpenAI for a schema strict mode cannot take), or
// OpenRouter's 404 when `provider.require_parameters` leaves no provider. The step that
// worked is remembered per base URL and model for this process: a worker finds it once
// after it starts (one refused request), and a server upgraded meanwhile is asked afresh
// after a restart, which a stored answer would not do.
import { APIError } from 'openai';
import { serverMessageOf } from './llm-failure.ts';

export type FormatStep = 'strict_schema' | 'schema' | 'json_object' | 'none';

const STEPS: readonly FormatStep[] = ['strict_schema', 'schema', 'json_object', 'none'];

/** The step each server (base URL and model) last answered; absent: start at the top. */
const workingSteps = new Map<string, FormatStep>();

const keyOf = (baseUrl: string | undefined, model: string) => `${baseUrl ?? 'https://api.openai.com/v1'}\n${model}`;

export function rememberedStep(baseUrl: string | undefined, model: string): FormatStep {
  return workingSteps.get(keyOf(baseUrl, model)) ?? 'strict_schema';
}

export function rememberStep(baseUrl: string | undefined, model: string, step: FormatStep): void {
  workingSteps.set(keyOf(baseUrl, model), step);
}

export function nextStep(step: FormatStep): FormatStep | undefined {
  return STEPS[STEPS.indexOf(step) + 1];
}

/** The request's `response_format` at this step; undefined for none. */
export function responseFormat(step: FormatStep, name: string, schema: Record<string, unknown>): Record<string, unknown> | undefined {
  if (step === 'strict_schema') return { type: 'json_schema', json_schema: { name, strict: true, schema } };
  if (step === 'schema') return { type: 'json_schema', json_schema: { name, schema } };
  if (step === 'json_object') return { type: 'json_object' };
  return undefined;
}

const NAMES_FORMAT = /response[_. ]format|json[_ ]schema|json_object|\bstrict\b|\bschema\b|structured output/i;

/** Whether the server refused the request for its `response_format`, so the next step down may pass. */
export function refusesFormat(error: unknown): boolean {
  if (!(error instanceof APIError) || error.status === undefined) return false;
  const message = serverMessageOf(error);
  if (error.status === 404) return /no endpoints found that can handle the requested parameters/i.test(message);
  if (error.status !== 400 && error.status !== 422) return false;
  return error.param === 'response_format' || NAMES_FORMAT.test(message);
}
