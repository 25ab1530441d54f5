// The DNS lookup that undici's connector uses instead of its own: it resolves the
// hostname once, refuses it if ANY address is not public, and hands back only the
// addresses it checked. The socket connects to exactly those, so a DNS answer that
// changes between check and connect (rebinding) cannot slip a private address in.
// TLS SNI and the Host header still carry the original hostname.
import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { PermanentError } from '@castwright/core/errors';
import { isPublicAddress } from './public-address.ts';
import { PRIVATE_ADDRESS_MESSAGE } from './outbound-url.ts';

export type Resolve = (hostname: string) => Promise<string[]>;

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback) => void;

export async function systemResolve(hostname: string): Promise<string[]> {
  try {
    return (await systemLookup(hostname, { all: true, order: 'verbatim' })).map((entry) => entry.address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') throw new PermanentError(`The host ${hostname} could not be found`);
    throw error;
  }
}

/** Resolves and checks `hostname`: the checked addresses, or a PermanentError. */
async function checkedAddresses(hostname: string, resolve: Resolve, allowPrivateAddresses: boolean): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new PermanentError(`The host ${hostname} could not be found`);
  const checked: LookupAddress[] = [];
  for (const address of addresses) {
    const family = isIP(address);
    if (family === 0) throw new Error(`The resolver returned a non-address for ${hostname}: ${address}`);
    if (!allowPrivateAddresses && !isPublicAddress(address)) throw new PermanentError(PRIVATE_ADDRESS_MESSAGE);
    checked.push({ address, family });
  }
  return checked;
}

/** A `lookup` for net/tls.connect (undici's `connect.lookup`) that only yields checked addresses. */
export function pinnedLookup(resolve: Resolve, allowPrivateAddresses: boolean): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname.replace(/^\[(.*)\]$/, '$1'), resolve, allowPrivateAddresses).then(
      (checked) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
        const usable = family === 4 || family === 6 ? checked.filter((entry) => entry.family === family) : checked;
        const first = usable[0];
        if (!first) return callback(new PermanentError(`The host ${hostname} has no address of the requested family`), '');
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}
