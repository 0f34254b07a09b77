/** The client networks and number ranges the SMS budgets are kept per (services/identity/client-network.ts). */
import { networkOf, numberRangeOf } from '../../../services/identity/client-network';
import { loadConfig, smsLimitsOf } from '../../../services/config';

describe('networkOf', () => {
  it('groups IPv4 addresses (also IPv4-mapped IPv6) by /24', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
  });

  it('groups IPv6 addresses by /64, however they are abbreviated', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:0:1::5')).not.toBe(networkOf('2001:db8::5'));
  });

  it('keeps anything else as it is (a signed-in account for 更换手机号)', () => {
    expect(networkOf('user:10001')).toBe('user:10001');
  });
});

describe('numberRangeOf', () => {
  it('is the first 7 digits of the number', () => {
    expect(numberRangeOf('13912345678')).toBe('1391234');
  });
});

describe('smsLimitsOf', () => {
  it('derives the per-network, per-range and returning shares from the total unless set', () => {
    const limits = smsLimitsOf(loadConfig({ DATA_DIR: ':memory:', SMS_SENDS_TOTAL: '500' }));
    expect(limits).toMatchObject({ sendsPerNetwork: 50, sendsPerNumberRange: 50, sendsReservedForReturning: 100 });
    const set = smsLimitsOf(loadConfig({ DATA_DIR: ':memory:', SMS_SENDS_PER_NETWORK: '7', SMS_SENDS_RESERVED_FOR_RETURNING: '0' }));
    expect(set).toMatchObject({ sendsPerNetwork: 7, sendsPerNumberRange: 100, sendsReservedForReturning: 0 });
  });

  it('keeps the stock guessing bound: 13 checks a phone a day of 9^4 codes is at most 0.2 %', () => {
    const limits = smsLimitsOf(loadConfig({ DATA_DIR: ':memory:' }));
    expect(limits.wrongTriesPerPhone / 9 ** 4).toBeLessThanOrEqual(0.002);
    expect(limits).toMatchObject({ wrongTriesPerClient: 10, wrongTriesReserved: 3 });
  });

  it('still accepts the retired SMS_PHONE_LOCK_MS', () => {
    expect(() => loadConfig({ DATA_DIR: ':memory:', SMS_PHONE_LOCK_MS: '86400000' })).not.toThrow();
  });
});
