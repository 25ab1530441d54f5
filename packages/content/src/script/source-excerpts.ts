// Long source text is split into consecutive parts at paragraph or sentence
// boundaries, so each section of a long script gets its own excerpt that fits a
// request, and the outline sees a little of every part.

/** About how much source text one request carries. */
export const EXCERPT_CHARACTERS = 12_000;

/** Splits `text` into `count` consecutive parts of roughly equal length. */
export function splitIntoParts(text: string, count: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  for (let remaining = Math.max(1, count); remaining > 1 && rest.length > 0; remaining -= 1) {
    const cut = boundaryNear(rest, Math.ceil(rest.length / remaining));
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

/** The first `limit` characters, cut at a sentence end where there is one. */
export function excerpt(text: string, limit = EXCERPT_CHARACTERS): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, boundaryNear(text, limit, true)).trim()} […]`;
}

/** A paragraph, else sentence, else word boundary close to `target` (never past it when `before`). */
function boundaryNear(text: string, target: number, before = false): number {
  const window = Math.floor(target * 0.25);
  const from = Math.max(1, target - window);
  const to = before ? target : Math.min(text.length, target + window);
  const region = text.slice(from, to);
  for (const pattern of [/\n\s*\n/g, /[.!?]["')\]]?\s/g, /\s/g]) {
    let best = -1;
    for (const match of region.matchAll(pattern)) {
      const at = from + match.index + match[0].length;
      if (best < 0 || Math.abs(at - target) < Math.abs(best - target)) best = at;
    }
    if (best > 0) return best;
  }
  return Math.min(text.length, target);
}
