// Whether an IP address is an ordinary public unicast address. Only ipaddr.js's
// 'unicast' range passes; addresses that carry an IPv4 address inside IPv6
// (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are judged by the IPv4 address they carry, so
// `::ffff:127.0.0.1` is loopback, not "unicast IPv6". Teredo is refused outright:
// it tunnels to an address that cannot be judged from here.
import ipaddr from 'ipaddr.js';

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return isPublic(ipaddr.parse(address));
}

function isPublic(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  const embedded = embeddedIPv4(v6, range);
  if (embedded) return isPublic(embedded);
  return range === 'unicast';
}

function embeddedIPv4(ip: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const fromWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  // IPv4-compatible ::a.b.c.d (deprecated, but 'unicast' to ipaddr.js) carries its IPv4 address the same way.
  if (p.slice(0, 6).every((part) => part === 0)) return fromWords(p[6] ?? 0, p[7] ?? 0);
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return fromWords(p[6] ?? 0, p[7] ?? 0);
    // NAT64 well-known prefix 64:ff9b::/96 (the /48 local-use prefix has no fixed layout: refused as non-unicast).
    case 'rfc6052':
      return p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? fromWords(p[6] ?? 0, p[7] ?? 0) : undefined;
    case '6to4':
      return fromWords(p[1] ?? 0, p[2] ?? 0);
    default:
      return undefined;
  }
}
