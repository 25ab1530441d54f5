// Validators (ETag, Last-Modified) and conditional requests (RFC 9110 §13), so podcast
// apps and browsers that poll or resume get a 304 or the right range instead of the
// whole body again. If-None-Match wins over If-Modified-Since; HTTP dates carry whole
// seconds, so Last-Modified is compared at that precision (the ETag is exact).
// Routes read a request's conditional headers into a ConditionalRequest; services decide
// from that plain value and answer with an HttpAnswer the route copies onto its reply.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** What a GET or HEAD asked for beyond the resource itself. */
export interface ConditionalRequest {
  /** HEAD: the headers a GET would get, without the body. */
  head: boolean;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  ifRange: string | undefined;
  range: string | undefined;
}

/** The route's side: a request's method and headers as a ConditionalRequest. */
export function conditionalRequest(method: string, headers: IncomingHttpHeaders): ConditionalRequest {
  const ifRange = headers['if-range'];
  return {
    head: method === 'HEAD',
    ifNoneMatch: headers['if-none-match'],
    ifModifiedSince: headers['if-modified-since'],
    ifRange: Array.isArray(ifRange) ? ifRange[0] : ifRange,
    range: headers.range,
  };
}

export interface Validators {
  /** A strong entity tag, quoted: `"…"`. */
  etag: string;
  lastModified: Date;
}

/** What a service answers when the route only has to copy it onto the reply. */
export interface HttpAnswer<Status extends number = 200 | 304> {
  status: Status;
  headers: Record<string, string | number>;
  /** Absent for 304 and HEAD. */
  body: Readable | Buffer | string | undefined;
}

export function validatorHeaders(validators: Validators): Record<string, string> {
  return { ETag: validators.etag, 'Last-Modified': validators.lastModified.toUTCString() };
}

const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/** Weak comparison, as If-None-Match uses: `W/"x"` matches `"x"`. */
function anyTagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}

/** True when the client's copy is current, so a 304 answers the GET or HEAD. */
export function isNotModified(request: ConditionalRequest, validators: Validators): boolean {
  const { ifNoneMatch, ifModifiedSince } = request;
  if (ifNoneMatch !== undefined) return anyTagMatches(ifNoneMatch, validators.etag);
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && wholeSeconds(validators.lastModified) <= since;
}

/**
 * If-Range: a Range applies only while the client's validator still names this
 * representation (strong comparison; a weak tag never matches), else the whole body is sent.
 */
export function rangeApplies(request: ConditionalRequest, validators: Validators): boolean {
  const { ifRange } = request;
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === validators.etag;
  return Date.parse(ifRange) === wholeSeconds(validators.lastModified);
}

/** A 304 with the validators and caching rules a 200 would have carried. */
export function notModified(validators: Validators, cacheControl: string): HttpAnswer<304> {
  return { status: 304, headers: { ...validatorHeaders(validators), 'Cache-Control': cacheControl }, body: undefined };
}
