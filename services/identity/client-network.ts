/**
 * The network a client address belongs to, for SMS budgets an abuser should not multiply by hopping between
 * neighbouring addresses: IPv4 (and IPv4-mapped IPv6) by /24, IPv6 by /64 (one subscriber's usual allocation).
 * Anything else (a test's made-up client name) is its own network.
 */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (/^[0-9a-f:]+$/i.test(address) && address.includes(':')) {
    const [head, tail = ''] = address.toLowerCase().split('::');
    const headGroups = head ? head.split(':') : [];
    const tailGroups = tail ? tail.split(':') : [];
    const missing = Math.max(8 - headGroups.length - tailGroups.length, 0);
    const groups = address.includes('::') ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups] : headGroups;
    return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
  }
  return address;
}

/** The number range of a mainland mobile number: its first 7 digits (carrier prefix and area block). */
export const numberRangeOf = (phone: string): string => phone.slice(0, 7);
