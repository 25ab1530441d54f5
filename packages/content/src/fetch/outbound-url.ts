// Checks a URL before anything is sent to it: http(s) only, no credentials, and (unless
// private addresses are allowed) no IP literal or well-known local name that points at
// a private network. The WHATWG parser has already normalised `127.1`, `2130706433`,
// `0x7f.0.0.1` and `0177.0.0.1` to `127.0.0.1`, so the check runs on the parsed hostname.
// Hostnames that need DNS are checked again, address by address, in pinned-lookup.ts.
import { isIP } from 'node:net';
import { PermanentError } from '@castwright/core/errors';
import { isPublicAddress } from './public-address.ts';

export const PRIVATE_ADDRESS_MESSAGE = 'The address resolves to a private network address and cannot be fetched';

export function parseOutboundUrl(raw: string | URL, allowPrivateAddresses: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PermanentError('The address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PermanentError(`Only http and https addresses can be fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') throw new PermanentError('Addresses with a user name or password cannot be fetched');
  if (!allowPrivateAddresses) {
    const host = hostAddress(url);
    if (isIP(host) !== 0 ? !isPublicAddress(host) : isLocalName(host)) throw new PermanentError(PRIVATE_ADDRESS_MESSAGE);
  }
  return url;
}

/** The hostname without IPv6 brackets and without a trailing dot. */
function hostAddress(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Names that always mean this machine or the local network, whatever DNS says. */
function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.');
}
