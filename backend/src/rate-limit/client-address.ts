import { isIPv6 } from 'node:net';

/**
 * The client an address stands for when counting attempts. An IPv4 address is itself. An IPv6
 * address stands for its /64: one home or phone is usually handed a whole /64 and can pick any
 * address in it, so counting single addresses would give it 2^64 fresh counters. An IPv4 address
 * written as IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) is that IPv4 address.
 * Anything else (no address at all) is counted as it is.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const ipv4 = parseIpv4(address);
  if (ipv4) return ipv4.join('.');
  const groups = parseIpv6(address);
  if (!groups) return address.toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** Four decimal octets, or null. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (a zone such as `%eth0` ignored), or null. */
function parseIpv6(text: string): number[] | null {
  const bare = text.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, null];
  const toGroups = (part: string): number[] =>
    part
      ? part.split(':').flatMap((piece) => {
          const ipv4 = piece.includes('.') ? parseIpv4(piece) : null;
          return ipv4 ? [(ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!] : [parseInt(piece, 16)];
        })
      : [];
  const first = toGroups(head!);
  if (tail === null) return first;
  const last = toGroups(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/** RFC 5952's text form: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < groups.length;) {
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j > i ? j : i + 1;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}
