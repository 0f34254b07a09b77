/**
 * SMS verification codes (origin-contract §2, DESIGN.md §8): 4 digits 1–9, one per phone per 60 s, valid 5 minutes,
 * dead after 5 wrong tries, spent when used. There is no master code. Pure: the caller passes the clock's `now`.
 * 9^4 = 6561 possible codes: what bounds a guesser's chance per phone and day is the budget of wrong tries across
 * codes and clients (services/identity/sms-guard.ts: 13 checks a day, 13/6561 ≈ 0.198 %).
 */
export const SMS_CODE_POLICY = {
  length: 4,
  resendAfterMs: 60 * 1000,
  validForMs: 5 * 60 * 1000,
  maxFailedAttempts: 5,
} as const;

export interface IssuedCode {
  code: string;
  issuedAt: Date;
  expiresAt: Date;
  failedAttempts: number;
  consumedAt: Date | null;
}

/** valid; mismatch (counts as a wrong try); locked (too many wrong tries); spent (missing, expired or used). */
export type CodeCheck = 'valid' | 'mismatch' | 'locked' | 'spent';

export function checkCode(issued: IssuedCode | null, given: string, now: Date): CodeCheck {
  if (!issued || issued.consumedAt !== null || issued.expiresAt.getTime() <= now.getTime()) return 'spent';
  if (issued.failedAttempts >= SMS_CODE_POLICY.maxFailedAttempts) return 'locked';
  return issued.code === given.trim() ? 'valid' : 'mismatch';
}

/** After a mismatch: the try that uses up the last attempt is answered as the lock it causes. */
export const lockedAfterMismatch = (failedAttemptsBefore: number): boolean =>
  failedAttemptsBefore + 1 >= SMS_CODE_POLICY.maxFailedAttempts;
