// What producing an episode cost: the LLM tokens its script took at the configured
// prices, plus the time the media worker spent rendering it at the configured hourly
// rate. An episode made with the built-in writer on an unpriced worker costs 0: nothing
// priced was used.
import type { Prices } from './config.ts';

export interface EpisodeResources {
  llmInputTokens: number;
  llmOutputTokens: number;
  renderMs: number;
}

/** USD, rounded to the millionth (the precision stored). */
export function episodeCostUsd(used: EpisodeResources, prices: Prices): number {
  const cost =
    (used.llmInputTokens * prices.llmInputPerMillionTokens) / 1_000_000 +
    (used.llmOutputTokens * prices.llmOutputPerMillionTokens) / 1_000_000 +
    (used.renderMs / 3_600_000) * prices.renderPerHour;
  return Math.round(cost * 1_000_000) / 1_000_000;
}
