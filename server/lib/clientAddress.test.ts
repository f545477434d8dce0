import { clientAddressKey } from './clientAddress';

describe('clientAddressKey: what per-address limits count by (issue 47, finding 10)', () => {
  test('an IPv4 address is itself, also when written IPv4-mapped', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  test('IPv6 addresses count by their /64, however they are written', () => {
    const key = clientAddressKey('2001:db8:1:2::a');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:1',
      '2001:db8:1:2::1%eth0',
    ])
      expect(clientAddressKey(same)).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::a')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  test('anything else is kept as it is', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});
