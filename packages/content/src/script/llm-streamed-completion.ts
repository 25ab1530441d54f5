// A Chat Completions request answered as a stream (`stream: true`), for a reply whose
// items are wanted as soon as each is complete: a script's lines are voiced while the
// model is still writing the rest. The reply's text is read as it arrives into a
// streaming JSON parser (@streamparser/json), which hands every complete element at
// `path` (e.g. `$.lines.*`) to `each`; at the end the whole text, the finish reason and the
// billed tokens are what a non-streamed request would have answered, and the reply is
// checked exactly as one (llm-structured-reply.ts). A reply that is not clean JSON (a
// Markdown fence around it, say) streams nothing early; it is still read whole at the end.
import { JSONParser } from '@streamparser/json';
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

export interface StreamedItems {
  /** A JSONPath of the elements to hand out, as @streamparser/json takes it: `$.lines.*`. */
  path: string;
  /** A reply starts streaming (the first, or a repair's or revision's). */
  start?(): void;
  each(item: unknown): void;
}

export interface StreamedCompletion {
  content: string;
  /** The model's thinking when the server streams it apart (`reasoning_content`, `reasoning`). */
  reasoning: string;
  refusal: string | undefined;
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | undefined;
}

export async function streamedCompletion(client: OpenAI, body: ChatCompletionCreateParamsNonStreaming, items: StreamedItems, signal: AbortSignal | undefined): Promise<StreamedCompletion> {
  const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal });
  items.start?.();
  const parser = new JSONParser({ paths: [items.path], keepStack: false });
  let parsing = true;
  parser.onValue = ({ value }) => {
    if (parsing) items.each(value);
  };
  // Not JSON from its first character (or broken later): nothing more is handed out early.
  parser.onError = () => {
    parsing = false;
  };
  let content = '';
  let reasoning = '';
  let refusal: string | undefined;
  let finishReason: string | null = null;
  let usage: StreamedCompletion['usage'];
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    const delta = choice?.delta.content ?? '';
    const apart = choice?.delta as { reasoning_content?: unknown; reasoning?: unknown; refusal?: unknown } | undefined;
    const thought = [apart?.reasoning_content, apart?.reasoning].find((value): value is string => typeof value === 'string');
    if (thought) reasoning += thought;
    if (typeof apart?.refusal === 'string') refusal = (refusal ?? '') + apart.refusal;
    if (delta) {
      content += delta;
      if (parsing && !parser.isEnded) parser.write(delta);
    }
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
  }
  return { content, reasoning, refusal, finishReason, usage };
}
