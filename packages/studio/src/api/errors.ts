// Every answer that is not a success becomes words for a person: the body's `message`,
// each unmet rule, when to try again after a 429, how to get more after a quota or tier
// refusal. Nothing shows raw JSON.

export interface Upgrade {
  message: string;
  /** A studio page (the account's plans). */
  href: string;
}

export class StudioError extends Error {
  readonly status: number;
  readonly details: string[];
  readonly upgrade: Upgrade | undefined;
  /** The id of what a 409 says already exists (the API's `existing`), for the page to open it. */
  readonly existingId: string | undefined;
  constructor(status: number, message: string, details: string[] = [], upgrade?: Upgrade, existingId?: string) {
    super(message);
    this.status = status;
    this.details = details;
    this.upgrade = upgrade;
    this.existingId = existingId;
  }
}

interface ErrorFields {
  error?: unknown;
  message?: unknown;
  errors?: unknown;
  quota?: { used?: number; limit?: number | null; tier?: string };
  upgrade?: { message?: unknown };
  existing?: { id?: unknown };
}

const PLANS_PAGE = '/account#plans';

/** Field names a person would not guess from the API's spelling; the rest are split into words (`sayAs` → "say as"). */
const FIELD_WORDS: Record<string, string> = { ipa: 'IPA', url: 'web address', sayAs: '“say it as”', durationMinutes: 'length in minutes', caseSensitive: 'exact capitalisation' };

/**
 * A rule as the API words it names the field by its place in the request (`body.sayAs must
 * contain a letter`); a person reads the field's name (`“say it as” must contain a letter`).
 */
function ruleInWords(rule: string): string {
  return rule.replace(/\b(?:body|querystring|params)\.([A-Za-z]\w*)/g, (_, field: string) =>
    FIELD_WORDS[field] ?? field.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`));
}

function whenAgain(response: Response): string {
  const seconds = Number(response.headers.get('retry-after') ?? response.headers.get('ratelimit-reset'));
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Try again later.';
  const at = new Date(Date.now() + seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (seconds < 90) return `Try again in ${Math.ceil(seconds)} seconds.`;
  return `Try again in ${Math.ceil(seconds / 60)} minutes (at ${at}).`;
}

/** The error a failed answer means, in words. */
export function describeFailure(response: Response, body: unknown): StudioError {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as ErrorFields;
  const said = typeof fields.message === 'string' ? fields.message : `The server answered ${response.status} ${response.statusText}`.trim();
  const given = Array.isArray(fields.errors) ? fields.errors.filter((rule): rule is string => typeof rule === 'string') : [];
  // A message that only joins the rules is said once: the short error, then the list.
  const joined = given.length > 1 && said === given.join('; ') && typeof fields.error === 'string';
  const message = joined ? `${fields.error}:` : ruleInWords(said);
  // A rule that only repeats the message for its field (`file: <the message>`) is said once, as the message.
  const rules = given.filter((rule) => rule !== said && !rule.endsWith(`: ${said}`)).map(ruleInWords);
  const upgradeText = typeof fields.upgrade?.message === 'string' ? fields.upgrade.message : undefined;
  if (response.status === 429 && fields.quota) {
    const { used, limit, tier } = fields.quota;
    const count = limit === null || limit === undefined ? '' : ` You have made ${used ?? limit} of ${limit} episodes this month on the ${tier ?? 'current'} tier.`;
    return new StudioError(429, `${message}.${count}`.replace('..', '.'), rules, { message: upgradeText ?? 'Upgrade for more episodes each month', href: PLANS_PAGE });
  }
  if (response.status === 429) return new StudioError(429, `${message.replace(/[.;]?\s*$/, '.')} ${whenAgain(response)}`, rules);
  if (response.status === 403 && (upgradeText || fields.error === 'Upgrade required')) {
    return new StudioError(403, message, rules, { message: upgradeText ?? 'Upgrade your plan to use this', href: PLANS_PAGE });
  }
  if (response.status === 503 && response.headers.get('retry-after')) return new StudioError(503, `${message} ${whenAgain(response)}`, rules);
  const existingId = typeof fields.existing?.id === 'string' ? fields.existing.id : undefined;
  return new StudioError(response.status, message, rules, undefined, existingId);
}

/** Any thrown value, in words. */
export function toStudioError(error: unknown): StudioError {
  if (error instanceof StudioError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return new StudioError(0, 'Cancelled.');
  if (error instanceof TypeError) return new StudioError(0, 'Could not reach the server. Check your connection and try again.');
  return new StudioError(0, error instanceof Error ? error.message : 'Something went wrong.');
}

/** The data of an openapi-fetch answer, or a StudioError in words. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw describeFailure(result.response, result.error);
}
