// What an outbound fetch may do: reach private addresses or not, how much it may read,
// how long it may wait, how many redirects it may follow and which content it accepts.
// One policy type for every outbound request (articles, feeds, webhook deliveries).

export interface OutboundPolicy {
  /** Development and tests only (OUTBOUND_ALLOW_PRIVATE=1): loopback/private addresses may be reached. */
  allowPrivateAddresses: boolean;
  /** The most body bytes read (after decompression); the download stops past it. */
  maxBytes: number;
  /** From the request until the response headers, per hop (covers DNS and connecting). */
  headersTimeoutMs: number;
  /** From the headers until the last body byte. */
  bodyTimeoutMs: number;
  maxRedirects: number;
  /** Media types (no parameters, lower case) the response may have. */
  allowedContentTypes: readonly string[];
  /** The DNS resolver; injectable so tests can play a hostile DNS. Default: the system resolver. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const ARTICLE_CONTENT_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml', 'text/plain'];

const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = {
  allowPrivateAddresses: false,
  maxBytes: 5 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 20_000,
  maxRedirects: 5,
  allowedContentTypes: ARTICLE_CONTENT_TYPES,
};

/** The default policy with some fields replaced. */
export function outboundPolicy(overrides: Partial<OutboundPolicy> = {}): OutboundPolicy {
  return { ...DEFAULT_OUTBOUND_POLICY, ...overrides };
}
