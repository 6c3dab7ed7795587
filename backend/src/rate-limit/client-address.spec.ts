import { describe, expect, it } from '@jest/globals';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('counts an IPv4 client by its address', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).toBe('203.0.113.8');
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(clientAddressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::10',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:abcd::1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientAddressKey(address)).toBe(key);
    }
  });

  it('tells different /64s apart', () => {
    expect(clientAddressKey('2001:db8:1:3::10')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('2001:db8:1:3::10')).not.toBe(clientAddressKey('2001:db8:1:2::10'));
    expect(clientAddressKey('2001:db9:1:2::10')).not.toBe(clientAddressKey('2001:db8:1:2::10'));
  });

  it('writes the /64 in its short form, zeros of the prefix included', () => {
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(clientAddressKey('2001:0:0:1:2::')).toBe('2001:0:0:1::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientAddressKey('::1')).toBe('::/64');
    expect(clientAddressKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
  });

  it('keeps anything that is not an address as it is, and names a missing one', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
    expect(clientAddressKey('Not-An-Address')).toBe('not-an-address');
    expect(clientAddressKey('256.1.1.1')).toBe('256.1.1.1');
  });
});
