// Every request to the LLM is made to fit a stated context (LLM_CONTEXT_TOKENS): the
// prompt, the source text it carries and the reply it asks for. A server with a smaller
// context than the request cuts the prompt silently (Ollama, which defaults to 4096 and
// takes no context size through its OpenAI-compatible endpoint) or refuses it
// (llama-server, vLLM), so the writer sizes its source excerpts and splits a long part
// of the source over several requests instead. Tokens are estimated without the model's
// tokenizer, on the safe side: four characters of Latin script to a token would be the
// average; three are counted, and a token per character of scripts written without spaces.

import { splitIntoParts } from './source-excerpts.ts';

export interface ContextBudget {
  /** The context every request must fit, in tokens. */
  contextTokens: number;
  /** The most a reply may take (LLM_MAX_OUTPUT_TOKENS); undefined: what the request asks for is reserved. */
  maxOutputTokens: number | undefined;
}

/** Room kept free for what the estimate cannot see: the chat template's tokens, the format's schema. */
const MARGIN_TOKENS = 512;

const DENSE_SCRIPTS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;

export function estimateTokens(text: string): number {
  const dense = text.match(DENSE_SCRIPTS)?.length ?? 0;
  return dense + Math.ceil((text.length - dense) / 3);
}

/** The tokens kept for a reply of about `words` words, as JSON (keys, quotes, speakers). */
function replyTokens(budget: ContextBudget, words: number): number {
  return budget.maxOutputTokens ?? Math.ceil(words * 2.5) + 400;
}

/**
 * How many characters of `source` one request can carry beside `fixed` (the system
 * prompt and the request's own words) and a reply of `words` words; at least 2,000, so
 * a context set too small for the prompt still makes progress (and the server says so).
 */
export function sourceCharsThatFit(budget: ContextBudget, fixed: readonly string[], words: number, source: string): number {
  const used = fixed.reduce((sum, text) => sum + estimateTokens(text), 0) + replyTokens(budget, words) + MARGIN_TOKENS;
  const tokens = Math.max(0, budget.contextTokens - used);
  const charsPerToken = source.length > 0 ? source.length / Math.max(1, estimateTokens(source)) : 3;
  return Math.max(2_000, Math.floor(tokens * charsPerToken));
}

/** Whether `texts` and a reply of `words` words fit one request. */
export function fits(budget: ContextBudget, texts: readonly string[], words: number): boolean {
  return texts.reduce((sum, text) => sum + estimateTokens(text), 0) + replyTokens(budget, words) + MARGIN_TOKENS <= budget.contextTokens;
}

/**
 * `source` in consecutive pieces that each fit one request beside `fixed` and a reply of
 * `words` words: one piece when it fits whole.
 */
export function piecesThatFit(budget: ContextBudget, fixed: readonly string[], words: number, source: string): string[] {
  const room = sourceCharsThatFit(budget, fixed, words, source);
  return source.length <= room ? [source] : splitIntoParts(source, Math.ceil(source.length / room));
}
