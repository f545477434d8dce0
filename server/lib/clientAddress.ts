// What per-address limits count by. An IPv6 client usually holds a whole /64 (and may pick a new address in it
// for every request), so IPv6 addresses count by their /64; IPv4 ones (also written IPv4-mapped) by themselves.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (no zone), or null. */
function groupsOf(address: string): number[] | null {
  const [head = '', tail] = address.split('::');
  if (address.split('::').length > 2) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':').map((group) => parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/** `request.ip` as a limit's key: IPv4 as it is, IPv6 as its /64 (`2001:db8:1:2::/64`), anything else unchanged. */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  const address = ip.split('%')[0] ?? '';
  if (!isIPv6(address) || address.includes('.')) return ip;
  const groups = groupsOf(address.toLowerCase());
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
