// How real OpenAI-compatible servers refuse a request, body for body, for the stand-in chat
// server (fake-chat-completions.ts). Each is the server's own wording and shape, from its
// source or issue tracker:
// - Groq on most models: 400 naming `json_schema` (param `response_format`); a reply that
//   fails its own schema check is 400 `json_validate_failed` with `failed_generation`;
// - LiteLLM's proxy with a backend that takes no `response_format`: 400 UnsupportedParamsError;
// - LM Studio: 400 "'response_format.type' must be 'json_schema' or 'text'" (a string `error`);
// - OpenRouter with `provider.require_parameters`: 404 "No endpoints found that can handle
//   the requested parameters.";
// - OpenAI: 400 `invalid_json_schema` for a strict schema it cannot take, 400
//   `context_length_exceeded`, 404 `model_not_found`, 401 `invalid_api_key`;
// - Ollama (its OpenAI layer wraps its errors as `{error: {message, type}}`, openai/openai.go
//   NewError): 404 "model \"x\" not found, try pulling it first";
// - llama.cpp's llama-server: 400 `exceed_context_size_error` with `n_prompt_tokens` and `n_ctx`;
// - vLLM: `{error: {message, type, param, code}}` with the code a number.

export type FormatRefusal = 'groq-json-schema' | 'litellm-response-format' | 'lmstudio-json-object' | 'openrouter-require-parameters' | 'openai-strict-schema';
export type ServerStyle = 'openai' | 'ollama' | 'llamacpp' | 'vllm';

export interface ErrorReply {
  status: number;
  body: unknown;
}

interface FormatRequest {
  response_format?: { type: string; json_schema?: { name?: string; strict?: boolean } } | undefined;
  provider?: { require_parameters?: boolean } | undefined;
}

/** The refusal a server with `refusals` answers this request's `response_format` with; undefined when it takes it. */
export function formatRefusal(refusals: readonly FormatRefusal[], body: FormatRequest): ErrorReply | undefined {
  const format = body.response_format;
  if (!format) return undefined;
  for (const refusal of refusals) {
    if (refusal === 'groq-json-schema' && format.type === 'json_schema') {
      return { status: 400, body: { error: { message: 'This model does not support response format `json_schema`. See supported models at https://console.groq.com/docs/structured-outputs#supported-models', type: 'invalid_request_error', param: 'response_format' } } };
    }
    if (refusal === 'litellm-response-format') {
      return { status: 400, body: { error: { message: "litellm.UnsupportedParamsError: ollama does not support parameters: ['response_format'], for model=llama3. To drop these, set `litellm.drop_params=True` or for proxy:\n\n`litellm_settings:\n drop_params: true`\n", type: 'None', param: null, code: '400' } } };
    }
    if (refusal === 'lmstudio-json-object' && format.type === 'json_object') {
      return { status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } };
    }
    if (refusal === 'openrouter-require-parameters' && body.provider?.require_parameters) {
      return { status: 404, body: { error: { message: 'No endpoints found that can handle the requested parameters. To learn more about provider routing, visit: https://openrouter.ai/docs/guides/routing/provider-selection', code: 404 } } };
    }
    if (refusal === 'openai-strict-schema' && format.type === 'json_schema' && format.json_schema?.strict) {
      return { status: 400, body: { error: { message: `Invalid schema for response_format '${format.json_schema.name ?? 'schema'}': In context=(), 'required' is required to be supplied and to be an array including every key in properties.`, type: 'invalid_request_error', param: 'response_format', code: 'invalid_json_schema' } } };
    }
  }
  return undefined;
}

export function modelNotFound(style: ServerStyle, model: string): ErrorReply {
  if (style === 'ollama') return { status: 404, body: { error: { message: `model "${model}" not found, try pulling it first`, type: 'not_found_error', param: null, code: null } } };
  if (style === 'vllm') return { status: 404, body: { error: { message: `The model \`${model}\` does not exist.`, type: 'NotFoundError', param: 'model', code: 404 } } };
  if (style === 'llamacpp') return { status: 404, body: { error: { code: 404, message: 'model not found', type: 'not_found_error' } } };
  return { status: 404, body: { error: { message: `The model \`${model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' } } };
}

export function contextExceeded(style: ServerStyle, promptTokens: number, contextTokens: number): ErrorReply {
  if (style === 'llamacpp') {
    return { status: 400, body: { error: { code: 400, message: `request (${promptTokens} tokens) exceeds the available context size (${contextTokens} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: promptTokens, n_ctx: contextTokens } } };
  }
  if (style === 'vllm') {
    return { status: 400, body: { error: { message: `This model's maximum context length is ${contextTokens} tokens. However, your request has ${promptTokens} input tokens. Please reduce the length of the input messages.`, type: 'BadRequestError', param: null, code: 400 } } };
  }
  return { status: 400, body: { error: { message: `This model's maximum context length is ${contextTokens} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } } };
}

export function badKey(): ErrorReply {
  return { status: 401, body: { error: { message: 'Incorrect API key provided: sk-test***key. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } };
}

/** Groq's answer when the model's reply fails the JSON check it runs itself. */
export function failedGeneration(generation: string): ErrorReply {
  return { status: 400, body: { error: { message: "Failed to generate JSON. Please adjust your prompt. See 'failed_generation' for more details.", type: 'invalid_request_error', code: 'json_validate_failed', failed_generation: generation } } };
}
