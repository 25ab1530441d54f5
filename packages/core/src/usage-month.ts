// The month a usage record counts in: usage_monthly rows are keyed by the first day of
// the UTC month.

/** First day of the month (UTC) of a moment, as `YYYY-MM-DD`. */
export function monthOf(moment: Date): string {
  return `${moment.getUTCFullYear()}-${String(moment.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
