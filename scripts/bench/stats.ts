// Small statistics and formatting shared by the benchmarks.

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const fixed = (value: number, digits = 1, width = 8) => value.toFixed(digits).padStart(width);
