/**
 * 更换手机号 (spec §4 phone change steps, §7 Check user / Update phone): step 0 proves the shopper holds the current
 * phone by an SMS code (`checkUser`), which leaves a short-lived pass (security state in its own table, DESIGN.md
 * §1); step 1 binds a new phone by its own SMS code (`updatePhone`) — only with a live pass, only a phone no other
 * account holds. The claim moves in the phone registry first (its key settles two accounts racing for one phone),
 * then `UserPhoneChanged` is appended; sessions are per user, so they stay valid.
 */
import { fold } from '../../domain/shared/decider';
import { fail } from '../../domain/shared/errors';
import { userDecider, type UserState } from '../../domain/identity/user.decider';
import { userStream, type UserEvent } from '../../domain/identity/user.events';
import type { WaitFor } from '../../projections/runner/wait-for';
import { toDomainEvent } from '../commands/command-events';
import { handleCommand } from '../commands/handle-command';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { EventStore } from '../event-store/event-store.port';
import type { PhoneRegistry } from './phone-registry';
import type { SmsCodeStore } from './sms-code-store';
import { failPhoneLocked } from './sign-in.service';

/** How long a passed identity check allows binding a new phone. */
export const PHONE_CHECK_VALID_MS = 10 * 60 * 1000;

export interface PhoneChangeDeps {
  db: Database;
  store: EventStore;
  codes: SmsCodeStore;
  phones: PhoneRegistry;
  waitFor: WaitFor;
  clock: () => Date;
}

export async function createPhoneChangeService(deps: PhoneChangeDeps) {
  const { db, store, codes, phones } = deps;
  await migrate(db, 'identity-phone-checks', [
    `create table if not exists phone_change_checks (
       user_id bigint primary key,
       checked_phone text not null,
       expires_at timestamptz not null
     )`,
  ]);

  const readUser = async (userId: number): Promise<UserState> =>
    fold(userDecider, (await store.readStream(userStream(userId))).map((event) => toDomainEvent<UserEvent>(event)));

  const currentPhone = async (userId: number): Promise<string> => {
    const state = await readUser(userId);
    if (state.status !== 'registered') return fail('userNotRegistered');
    return state.profile.phone;
  };

  /**
   * Checks and spends a code: wrong tries count towards the budgets, as at sign-in; the signed-in account is the
   * client whose own budget they use.
   */
  const spendCode = async (userId: number, phone: string, code: string, now: Date): Promise<void> => {
    const client = `user:${userId}`;
    const verdict = await codes.check(phone, code, now, client);
    if (verdict === 'phoneLocked') await failPhoneLocked(codes, phone, now, client);
    if (verdict === 'locked') fail('smsCodeLocked');
    if (verdict === 'invalid') fail('smsCodeInvalid');
    if (!(await codes.consume(phone, code, now, client))) fail('smsCodeInvalid');
  };

  return {
    async checkUser(userId: number, phone: string, code: string): Promise<void> {
      const now = deps.clock();
      if ((await currentPhone(userId)) !== phone) fail('phoneNotCurrent');
      await spendCode(userId, phone, code, now);
      await db.query(
        `insert into phone_change_checks (user_id, checked_phone, expires_at) values ($1, $2, $3)
         on conflict (user_id) do update set checked_phone = excluded.checked_phone, expires_at = excluded.expires_at`,
        [userId, phone, new Date(now.getTime() + PHONE_CHECK_VALID_MS).toISOString()]);
    },

    async updatePhone(userId: number, phone: string, code: string): Promise<void> {
      const now = deps.clock();
      const previous = await currentPhone(userId);
      const pass = await db.query<{ checked_phone: string }>(
        `select checked_phone from phone_change_checks where user_id = $1 and expires_at > $2`, [userId, now.toISOString()]);
      if (pass.rows[0]?.checked_phone !== previous) fail('phoneIdentityUnchecked');
      if (phone === previous) fail('phoneUnchanged');
      await spendCode(userId, phone, code, now);
      const isRegistered = async (id: number) => (await readUser(id)).status === 'registered';
      if (!(await phones.transfer(userId, phone, now, isRegistered))) fail('phoneTaken');
      try {
        const result = await handleCommand({
          store, streamId: userStream(userId), decider: userDecider, command: { type: 'ChangePhone', phone }, now,
          actor: { kind: 'user', id: String(userId) }, retryOnConflict: true,
        });
        await deps.waitFor(result, { projections: ['users'] });
      } catch (error) {
        await phones.restore(userId, previous, now);
        throw error;
      }
      await db.query(`delete from phone_change_checks where user_id = $1`, [userId]);
    },
  };
}

export type PhoneChangeService = Awaited<ReturnType<typeof createPhoneChangeService>>;
