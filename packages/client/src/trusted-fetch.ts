// A fetch that trusts one certificate (a self-signed development server, a private CA),
// for `ClientOptions.fetch`. It is undici's own fetch with an Agent holding that
// certificate: Node's built-in fetch bundles another undici, whose fetch cannot take it.
import { Agent, fetch } from 'undici';
import type { ClientOptions } from './castwright-client.ts';

export function trustedFetch(ca: string | Buffer, options: { servername?: string; localAddress?: string } = {}): NonNullable<ClientOptions['fetch']> {
  const dispatcher = new Agent({ ...(options.localAddress ? { localAddress: options.localAddress } : {}), connect: { ca, ...(options.servername ? { servername: options.servername } : {}) } });
  return async (request) =>
    (await fetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: request.body,
      duplex: 'half',
      signal: request.signal,
      dispatcher,
    })) as unknown as Response;
}
