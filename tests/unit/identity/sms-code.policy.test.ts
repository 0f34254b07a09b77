import { checkCode, lockedAfterMismatch, type IssuedCode } from '../../../domain/identity/sms-code.policy';

const issuedAt = new Date('2025-03-01T08:00:00.000Z');
const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);
const issued = (patch: Partial<IssuedCode> = {}): IssuedCode => ({
  code: '4821', issuedAt, expiresAt: at(300), failedAttempts: 0, consumedAt: null, ...patch,
});

describe('a live code', () => {
  it('is valid when given right', () => expect(checkCode(issued(), '4821', at(10))).toBe('valid'));
  it('is a mismatch when given wrong', () => expect(checkCode(issued(), '4822', at(10))).toBe('mismatch'));
  it('takes no master code', () => expect(checkCode(issued(), '9999', at(10))).toBe('mismatch'));
});

describe('a code that cannot be used', () => {
  it.each([
    ['was never sent', null, '4821', at(10)],
    ['has expired at 5 minutes', issued(), '4821', at(300)],
    ['was used', issued({ consumedAt: at(20) }), '4821', at(30)],
  ])('is spent when it %s', (_, code, given, now) => {
    expect(checkCode(code, given, now)).toBe('spent');
  });

  it('is locked after 5 wrong tries, even when given right', () => {
    expect(checkCode(issued({ failedAttempts: 5 }), '4821', at(10))).toBe('locked');
  });
});

describe('counting wrong tries', () => {
  it.each([[0, false], [3, false], [4, true]])('after %i earlier wrong tries, locking is %s', (before, locks) => {
    expect(lockedAfterMismatch(before)).toBe(locks);
  });
});
