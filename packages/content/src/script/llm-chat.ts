// One Chat Completions call as the script writer makes it: the settings every request
// carries (temperature, the output limit under the name the server reads, extra body
// fields such as OpenRouter's `provider.require_parameters`), the reply's format one step
// down the ladder when the server refuses it (llm-response-format.ts), and what comes back
// read whole: the content, the reasoning some servers keep apart (`reasoning_content`:
// vLLM, LM Studio, DeepSeek; `reasoning`: Ollama, OpenRouter), a refusal, how it finished,
// and Groq's `failed_generation` (a reply its own schema check rejected, handed back as a
// reply to repair). Any other error becomes the pipeline's (llm-failure.ts). A request with
// `streamed` is answered as a stream whose complete items are handed out as they arrive
// (llm-streamed-completion.ts); it ends as the same reply.
import { APIError, type OpenAI } from 'openai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { llmFailureError } from './llm-failure.ts';
import { nextStep, refusesFormat, rememberedStep, rememberStep, responseFormat, type FormatStep } from './llm-response-format.ts';
import { streamedCompletion, type StreamedItems } from './llm-streamed-completion.ts';
import type { TokenUsage } from './script-writer.ts';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Who is asked and how, for every request of one script. */
export interface ChatTarget {
  client: OpenAI;
  /** undefined: OpenAI's own API. */
  baseUrl: string | undefined;
  model: string;
  temperature?: number | undefined;
  maxOutputTokens?: number | undefined;
  extraBody?: Record<string, unknown> | undefined;
}

export interface ChatReply {
  content: string;
  /** The model's thinking when the server sends it apart from the content. */
  reasoning: string;
  /** The model declined to answer (OpenAI structured outputs). */
  refusal: string | undefined;
  finishReason: string | undefined;
  /** Set when the content is Groq's `failed_generation`: the server's own check rejected it. */
  failedCheck: string | undefined;
}

export interface ChatRequest {
  name: string;
  /** The wire schema (llm-structured-reply.ts wireSchema). */
  schema: Record<string, unknown>;
  messages: ChatMessage[];
  signal?: AbortSignal | undefined;
  /** Billed tokens are added here. */
  tokens: TokenUsage;
  /** Set: the reply is streamed, and each complete element at its path is handed out as it arrives. */
  streamed?: StreamedItems | undefined;
}

/** OpenAI takes the output limit as `max_completion_tokens` (and refuses `max_tokens` on its reasoning models); other servers read `max_tokens`. */
export function outputLimitField(baseUrl: string | undefined, limit: number | undefined): { max_completion_tokens: number } | { max_tokens: number } | undefined {
  if (limit === undefined) return undefined;
  const openAi = baseUrl === undefined || new URL(baseUrl).hostname === 'api.openai.com';
  return openAi ? { max_completion_tokens: limit } : { max_tokens: limit };
}

export async function chat(target: ChatTarget, request: ChatRequest): Promise<ChatReply> {
  const first = rememberedStep(target.baseUrl, target.model);
  for (let step: FormatStep | undefined = first; step; ) {
    const format = responseFormat(step, request.name, request.schema);
    const body = {
      ...target.extraBody,
      model: target.model,
      messages: request.messages,
      ...(target.temperature === undefined ? {} : { temperature: target.temperature }),
      ...outputLimitField(target.baseUrl, target.maxOutputTokens),
      ...(format ? { response_format: format } : {}),
    };
    let reply: ChatReply;
    try {
      // Extra body fields go out as they are: the SDK sends what it is given.
      const sent = body as unknown as Parameters<OpenAI['chat']['completions']['create']>[0] & { stream?: false };
      reply = request.streamed
        ? streamedReply(await streamedCompletion(target.client, sent, request.streamed, request.signal), request.tokens)
        : replyOf(await target.client.chat.completions.create(sent, { signal: request.signal }), request.tokens);
    } catch (error) {
      const failed = failedGeneration(error);
      if (failed !== undefined) return failed;
      const lower: FormatStep | undefined = refusesFormat(error) ? nextStep(step) : undefined;
      if (lower) {
        step = lower;
        continue;
      }
      throw llmFailureError(error);
    }
    if (step !== first) rememberStep(target.baseUrl, target.model, step);
    return reply;
  }
  throw new Error('unreachable: the last format step asks for no format');
}

function replyOf(completion: ChatCompletion, tokens: TokenUsage): ChatReply {
  tokens.inputTokens += completion.usage?.prompt_tokens ?? 0;
  tokens.outputTokens += completion.usage?.completion_tokens ?? 0;
  const choice = completion.choices[0];
  const message = (choice?.message ?? {}) as { content?: string | null; refusal?: string | null; reasoning_content?: unknown; reasoning?: unknown };
  const reasoning = [message.reasoning_content, message.reasoning].find((value): value is string => typeof value === 'string') ?? '';
  return {
    content: message.content ?? '',
    reasoning,
    refusal: message.refusal ?? undefined,
    finishReason: choice?.finish_reason ?? (choice ? undefined : 'no choices'),
    failedCheck: undefined,
  };
}

function streamedReply(streamed: Awaited<ReturnType<typeof streamedCompletion>>, tokens: TokenUsage): ChatReply {
  tokens.inputTokens += streamed.usage?.promptTokens ?? 0;
  tokens.outputTokens += streamed.usage?.completionTokens ?? 0;
  const empty = streamed.finishReason === null && streamed.content === '';
  return { content: streamed.content, reasoning: streamed.reasoning, refusal: streamed.refusal, finishReason: empty ? 'no choices' : (streamed.finishReason ?? undefined), failedCheck: undefined };
}

/** Groq's 400 `json_validate_failed`: the model answered, but not as the schema says; its reply is in `failed_generation`. */
function failedGeneration(error: unknown): ChatReply | undefined {
  if (!(error instanceof APIError) || error.status !== 400 || error.code !== 'json_validate_failed') return undefined;
  const body = error.error as { failed_generation?: unknown; message?: unknown } | undefined;
  if (typeof body?.failed_generation !== 'string') return undefined;
  const said = typeof body.message === 'string' ? body.message : 'it failed the server\'s JSON check';
  return { content: body.failed_generation, reasoning: '', refusal: undefined, finishReason: 'stop', failedCheck: said };
}
