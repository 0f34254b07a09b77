/**
 * SMS codes: short-lived security state in its own table with expiry (DESIGN.md §1), one live code per phone.
 * Each rule that races (the 60 s resend window, a code used twice at once) is settled by one conditional
 * statement or a row lock, so it holds across API instances. The wrong-try budgets (per phone, per client network)
 * and the send budgets (sms-guard.ts) are checked in the same transactions. `client` is the asking address.
 */
import {
  checkCode, lockedAfterMismatch, SMS_CODE_POLICY, type IssuedCode,
} from '../../domain/identity/sms-code.policy';
import { DEFAULT_SMS_LIMITS, type SmsLimits } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import {
  countSend, countWrongTry, forgetOldGuardState, forgiveWrongTries, guessingLockedUntil, migrateSmsGuard, type SendRefusal,
} from './sms-guard';

/**
 * locked: this code had its 5 wrong tries (a fresh code is needed); phoneLocked: the phone's wrong-try budget, or
 * this client network's for the phone, is used up for the sliding window (sms-guard.ts).
 */
export type CodeVerdict = 'valid' | 'invalid' | 'locked' | 'phoneLocked';

/** tooFrequent: the phone's previous code is younger than 60 s. */
export type IssueVerdict = 'issued' | 'tooFrequent' | 'phoneLocked' | SendRefusal;

class Refused extends Error {
  constructor(readonly verdict: IssueVerdict) { super(verdict); }
}

export interface SmsCodeStore {
  /** Records `code` as the phone's live code for a send asked by `client` (its address); counts the send. */
  issue(phone: string, code: string, now: Date, client: string): Promise<IssueVerdict>;
  /** When `client`'s wrong-try lock for the phone ends; null when it is not locked. */
  phoneLockedUntil(phone: string, now: Date, client: string): Promise<Date | null>;
  /** Takes back a code the provider failed to send, so the shopper may ask again at once. */
  withdraw(phone: string, code: string): Promise<void>;
  /** Checks without spending; a wrong code counts towards the code's burn and the budgets. */
  check(phone: string, given: string, now: Date, client: string): Promise<CodeVerdict>;
  /** Spends the code; false when it was spent (or locked, or expired) in the meantime. */
  consume(phone: string, given: string, now: Date, client: string): Promise<boolean>;
}

interface CodeRow {
  code: string; issued_at: Date | string; expires_at: Date | string; failed_attempts: number; consumed_at: Date | string | null;
}

const toIssued = (row: CodeRow): IssuedCode => ({
  code: row.code,
  issuedAt: new Date(row.issued_at),
  expiresAt: new Date(row.expires_at),
  failedAttempts: Number(row.failed_attempts),
  consumedAt: row.consumed_at === null ? null : new Date(row.consumed_at),
});

export async function createSmsCodeStore(db: Database, limits: SmsLimits = DEFAULT_SMS_LIMITS): Promise<SmsCodeStore> {
  await migrate(db, 'identity-sms-codes', [
    `create table if not exists sms_codes (
       phone text primary key,
       code text not null,
       issued_at timestamptz not null,
       expires_at timestamptz not null,
       failed_attempts integer not null default 0,
       consumed_at timestamptz
     )`,
    `create index if not exists sms_codes_expires on sms_codes (expires_at)`,
  ]);
  await migrateSmsGuard(db);
  return {
    async issue(phone, code, now, client) {
      const expires = new Date(now.getTime() + SMS_CODE_POLICY.validForMs);
      const resendFrom = new Date(now.getTime() - SMS_CODE_POLICY.resendAfterMs);
      try {
        return await db.transaction(async (tx) => {
          // housekeeping: codes dead for a day are of no use to anyone
          await tx.query(`delete from sms_codes where expires_at < $1`, [new Date(now.getTime() - 86_400_000).toISOString()]);
          await forgetOldGuardState(tx, now, limits);
          if (await guessingLockedUntil(tx, phone, client, now, limits)) return 'phoneLocked';
          const { rows } = await tx.query(
            `insert into sms_codes (phone, code, issued_at, expires_at, failed_attempts, consumed_at)
             values ($1, $2, $3, $4, 0, null)
             on conflict (phone) do update
               set code = excluded.code, issued_at = excluded.issued_at, expires_at = excluded.expires_at,
                   failed_attempts = 0, consumed_at = null
               where sms_codes.issued_at <= $5
             returning phone`,
            [phone, code, now.toISOString(), expires.toISOString(), resendFrom.toISOString()]);
          if (rows.length !== 1) return 'tooFrequent';
          const refused = await countSend(tx, client, phone, now, limits);
          if (refused) throw new Refused(refused); // rolls back the code and the counts
          return 'issued';
        });
      } catch (error) {
        if (error instanceof Refused) return error.verdict;
        throw error;
      }
    },

    phoneLockedUntil: (phone, now, client) => guessingLockedUntil(db, phone, client, now, limits),

    async withdraw(phone, code) {
      await db.query(`delete from sms_codes where phone = $1 and code = $2 and consumed_at is null`, [phone, code]);
    },

    async check(phone, given, now, client) {
      return db.transaction(async (tx) => {
        // the code's row lock first: checks of one phone take turns, so its budgets are never overrun by a race
        const { rows } = await tx.query<CodeRow>(
          `select code, issued_at, expires_at, failed_attempts, consumed_at from sms_codes where phone = $1 for update`, [phone]);
        if (await guessingLockedUntil(tx, phone, client, now, limits)) return 'phoneLocked';
        const issued = rows[0] ? toIssued(rows[0]) : null;
        const verdict = checkCode(issued, given, now);
        switch (verdict) {
          case 'valid': return 'valid';
          case 'spent': return 'invalid';
          case 'locked': return 'locked';
          case 'mismatch': {
            await tx.query(`update sms_codes set failed_attempts = failed_attempts + 1 where phone = $1`, [phone]);
            await countWrongTry(tx, phone, client, now);
            if (await guessingLockedUntil(tx, phone, client, now, limits)) return 'phoneLocked';
            return issued && lockedAfterMismatch(issued.failedAttempts) ? 'locked' : 'invalid';
          }
          default: {
            const never: never = verdict;
            return never;
          }
        }
      });
    },

    async consume(phone, given, now, client) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `update sms_codes set consumed_at = $3
           where phone = $1 and code = $2 and consumed_at is null and expires_at > $3 and failed_attempts < $4
           returning phone`,
          [phone, given.trim(), now.toISOString(), SMS_CODE_POLICY.maxFailedAttempts]);
        if (rows.length !== 1) return false;
        await forgiveWrongTries(tx, phone, client);
        return true;
      });
    },
  };
}
