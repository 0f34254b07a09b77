/**
 * What stops SMS codes being guessed or flooded (issue 13), beside each code's own 5-try lock:
 * - a budget of wrong tries per phone across codes (a new code does not reset it): used up, the phone is locked —
 *   no sign-in, no new code — for a period;
 * - sends per client address and sends overall per time window.
 * The state lives in two tables and each rule is one conditional upsert, so it holds across API instances.
 * The functions take the caller's transaction: a refused send rolls its counts back with it.
 */
import type { Queryable, Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { SmsLimits } from '../config';

export async function migrateSmsGuard(db: Database): Promise<void> {
  await migrate(db, 'identity-sms-guard', [
    `create table if not exists sms_phone_guard (
       phone text primary key,
       window_started_at timestamptz not null,
       wrong_tries integer not null,
       locked_until timestamptz
     )`,
    `create table if not exists sms_send_counts (
       scope text not null,
       client text not null,
       window_start timestamptz not null,
       sends integer not null,
       primary key (scope, client, window_start)
     )`,
    `create index if not exists sms_send_counts_window on sms_send_counts (window_start)`,
  ]);
}

/** When the phone's lock ends, or null when it is not locked at `now`. */
export async function phoneLockedUntil(tx: Queryable, phone: string, now: Date): Promise<Date | null> {
  const { rows } = await tx.query<{ locked_until: Date | string }>(
    `select locked_until from sms_phone_guard where phone = $1 and locked_until > $2`, [phone, now.toISOString()]);
  return rows[0] ? new Date(rows[0].locked_until) : null;
}

/**
 * Counts one wrong code against the phone's budget (the window opens at the first wrong try it holds);
 * answers whether the phone is locked after it.
 */
export async function countWrongTry(tx: Queryable, phone: string, now: Date, limits: SmsLimits): Promise<boolean> {
  const windowOpenAfter = new Date(now.getTime() - limits.wrongTriesWindowMs).toISOString();
  const lockUntil = new Date(now.getTime() + limits.phoneLockMs).toISOString();
  const { rows } = await tx.query<{ locked_until: Date | string | null }>(
    `insert into sms_phone_guard as g (phone, window_started_at, wrong_tries, locked_until)
     values ($1, $2, 1, case when 1 >= $5 then $4::timestamptz end)
     on conflict (phone) do update set
       window_started_at = case when g.window_started_at <= $3 then excluded.window_started_at else g.window_started_at end,
       wrong_tries = case when g.window_started_at <= $3 then 1 else g.wrong_tries + 1 end,
       locked_until = case
         when (case when g.window_started_at <= $3 then 1 else g.wrong_tries + 1 end) >= $5 then $4::timestamptz
         else g.locked_until end
     returning locked_until`,
    [phone, now.toISOString(), windowOpenAfter, lockUntil, limits.wrongTriesPerPhone]);
  const until = rows[0]?.locked_until;
  return until !== null && until !== undefined && new Date(until).getTime() > now.getTime();
}

/** A code that signed in: the phone's wrong tries are forgiven (a lock in force stays). */
export async function forgiveWrongTries(tx: Queryable, phone: string, now: Date): Promise<void> {
  await tx.query(`delete from sms_phone_guard where phone = $1 and (locked_until is null or locked_until <= $2)`,
    [phone, now.toISOString()]);
}

export type SendRefusal = 'clientLimited' | 'busy';

/** Counts one send for `client` and overall in the current window; the refusal when either is over its limit. */
export async function countSend(tx: Queryable, client: string, now: Date, limits: SmsLimits): Promise<SendRefusal | null> {
  const windowStart = new Date(Math.floor(now.getTime() / limits.sendWindowMs) * limits.sendWindowMs).toISOString();
  const count = async (scope: string, key: string): Promise<number> => {
    const { rows } = await tx.query<{ sends: number }>(
      `insert into sms_send_counts (scope, client, window_start, sends) values ($1, $2, $3, 1)
       on conflict (scope, client, window_start) do update set sends = sms_send_counts.sends + 1
       returning sends`, [scope, key, windowStart]);
    return Number(rows[0].sends);
  };
  if ((await count('client', client)) > limits.sendsPerClient) return 'clientLimited';
  if ((await count('total', '')) > limits.sendsTotal) return 'busy';
  return null;
}

/** Housekeeping: counts of windows long gone, wrong tries of windows closed and locks over. */
export async function forgetOldGuardState(tx: Queryable, now: Date, limits: SmsLimits): Promise<void> {
  await tx.query(`delete from sms_send_counts where window_start < $1`,
    [new Date(now.getTime() - 2 * limits.sendWindowMs).toISOString()]);
  await tx.query(`delete from sms_phone_guard where window_started_at < $1 and (locked_until is null or locked_until < $2)`,
    [new Date(now.getTime() - limits.wrongTriesWindowMs).toISOString(), now.toISOString()]);
}

/** 请N小时后再试 / 请N分钟后再试: how long is left of a phone's lock, rounded up. */
export function phoneLockMessage(lockedUntil: Date, now: Date): string {
  const leftMs = Math.max(lockedUntil.getTime() - now.getTime(), 0);
  const hours = Math.ceil(leftMs / 3_600_000);
  const wait = leftMs >= 3_600_000 ? `${hours}小时` : `${Math.max(Math.ceil(leftMs / 60_000), 1)}分钟`;
  return `验证码错误次数过多，该手机号已暂停登录，请${wait}后再试`;
}
