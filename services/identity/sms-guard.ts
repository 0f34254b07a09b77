/**
 * What stops SMS codes being guessed or flooded (issues 13 and 29), beside each code's own 5-try burn.
 *
 * Guessing. Codes are 4 digits 1–9: 9^4 = 6561 of them, drawn uniformly. A guesser's k distinct wrong-or-right
 * guesses at one code hit it with chance k/6561, and codes are drawn independently, so over any number of codes the
 * chance of ever hitting is at most (checks)/6561 (union bound). Every check that fails is logged against the phone
 * (`sms_wrong_tries`), and a phone with SMS_WRONG_TRIES_PER_PHONE (13) failed checks in the sliding
 * SMS_WRONG_TRIES_WINDOW_MS (a day) has no more codes checked for anyone until the oldest ages out — a guesser gets
 * at most 13 failing checks a day plus the one that would hit: 13/6561 ≈ 0.198 % ≤ 0.2 % per phone per day, however
 * many addresses he uses. Raising the key raises the bound (20 → 0.30 %).
 *
 * The owner. Wrong tries are also budgeted per (phone, client network): SMS_WRONG_TRIES_PER_CLIENT (10, room for an
 * owner's typos over two codes) in the window, then that network — not the phone — answers 11009. The last
 * SMS_WRONG_TRIES_RESERVED (3) of the phone's 13 are one check each, for networks with no wrong try of their own: so
 * a guesser who spent 10 from his network (the issue-29 lockout) leaves the owner — on another network — a fresh
 * code (the guesser never sees it; codes go only to the phone) and a check that signs in. Locking the owner out for
 * the day now takes wrong tries from at least 1 + 3 distinct networks. A sign-in that succeeds forgives its own
 * network's tries for that network's budget, never for the phone-wide count, so the bound above holds.
 *
 * Flooding. Sends are logged (`sms_sends`) and counted over a sliding SMS_SEND_WINDOW_MS, so no clock-aligned window
 * boundary doubles a client's allowance. A send is refused for its client address (SMS_SENDS_PER_CLIENT), its client
 * network (SMS_SENDS_PER_NETWORK), its number range — the first 7 digits — (SMS_SENDS_PER_NUMBER_RANGE), or overall
 * (SMS_SENDS_TOTAL), where numbers never registered may use only the total less SMS_SENDS_RESERVED_FOR_RETURNING:
 * an abuser spreading over many networks and ranges can spend the new-number share, never the returning shoppers'.
 * The send check runs under one transaction-scoped advisory lock, so the counts hold across API instances.
 * The functions take the caller's transaction: a refused send rolls its log row back with it.
 */
import { smsBudgetUsed } from '../metrics/edge-metrics';
import type { Queryable, Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { SmsLimits } from '../config';
import { networkOf, numberRangeOf } from './client-network';

/** An arbitrary constant: the lock that serialises send counting. */
const SEND_LOCK_KEY = 7_351_248_029;

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
    // issue 29: sliding windows from logs replace the clock-aligned counters and the phone-wide lock
    `drop table if exists sms_phone_guard`,
    `drop table if exists sms_send_counts`,
    `create table if not exists sms_wrong_tries (
       phone text not null,
       network text not null,
       tried_at timestamptz not null,
       forgiven boolean not null default false
     )`,
    `create index if not exists sms_wrong_tries_phone on sms_wrong_tries (phone, tried_at)`,
    `create table if not exists sms_sends (
       sent_at timestamptz not null,
       client text not null,
       network text not null,
       number_range text not null,
       returning_number boolean not null
     )`,
    `create index if not exists sms_sends_sent_at on sms_sends (sent_at)`,
  ]);
}

/**
 * When `client` may have codes for `phone` checked (and sent) again, or null when it may now: the phone-wide
 * budget used up, this client network's own budget used up, or only the reserved tries left and this network
 * has already tried wrong — each for the sliding window.
 */
export async function guessingLockedUntil(
  tx: Queryable, phone: string, client: string, now: Date, limits: SmsLimits,
): Promise<Date | null> {
  const since = new Date(now.getTime() - limits.wrongTriesWindowMs).toISOString();
  // the tries of the window, newest first: a limit holds until the try that made it reach the limit ages out
  const { rows } = await tx.query<{ tried_at: Date | string; mine: boolean }>(
    `select tried_at, (network = $3 and not forgiven) as mine from sms_wrong_tries
     where phone = $1 and tried_at > $2 order by tried_at desc`, [phone, since, networkOf(client)]);
  const ageOut = (row: { tried_at: Date | string }): number => new Date(row.tried_at).getTime() + limits.wrongTriesWindowMs;
  const reachedUntil = (tries: typeof rows, limit: number): number | null =>
    (tries.length >= limit ? ageOut(tries[limit - 1]) : null);
  const mine = rows.filter((row) => row.mine);
  const shared = reachedUntil(rows, limits.wrongTriesPerPhone - limits.wrongTriesReserved);
  const ends = [
    reachedUntil(rows, limits.wrongTriesPerPhone),
    reachedUntil(mine, limits.wrongTriesPerClient),
    // in the reserved tries, a network that tried wrong waits until they are over or its own tries age out
    shared !== null && mine.length > 0 ? Math.min(shared, ageOut(mine[0])) : null,
  ].filter((end): end is number => end !== null && end > now.getTime());
  return ends.length ? new Date(Math.max(...ends)) : null;
}

/** Logs one failed check of a code for `phone` from `client`. */
export async function countWrongTry(tx: Queryable, phone: string, client: string, now: Date): Promise<void> {
  await tx.query(`insert into sms_wrong_tries (phone, network, tried_at) values ($1, $2, $3)`,
    [phone, networkOf(client), now.toISOString()]);
}

/** A code that signed in: its network's wrong tries no longer count against that network (they still do phone-wide). */
export async function forgiveWrongTries(tx: Queryable, phone: string, client: string): Promise<void> {
  await tx.query(`update sms_wrong_tries set forgiven = true where phone = $1 and network = $2`, [phone, networkOf(client)]);
}

/** clientLimited: the address or its network (11010); busy: the number range or the total (11011). */
export type SendRefusal = 'clientLimited' | 'busy';

/** Logs one send to `phone` asked by `client`; the refusal when it would exceed a budget of the sliding window. */
export async function countSend(
  tx: Queryable, client: string, phone: string, now: Date, limits: SmsLimits,
): Promise<SendRefusal | null> {
  await tx.query('select pg_advisory_xact_lock($1::bigint)', [SEND_LOCK_KEY]);
  const network = networkOf(client);
  const range = numberRangeOf(phone);
  const { rows: [returning] } = await tx.query<{ known: boolean }>(
    `select exists (select 1 from identity_phones where phone = $1) as known`, [phone]);
  const { rows: [sent] } = await tx.query<{ client: string; network: string; range: string; total: string; fresh: string }>(
    `select count(*) filter (where client = $2) as client, count(*) filter (where network = $3) as network,
            count(*) filter (where number_range = $4) as range, count(*) as total,
            count(*) filter (where not returning_number) as fresh
     from sms_sends where sent_at > $1`,
    [new Date(now.getTime() - limits.sendWindowMs).toISOString(), client, network, range]);
  smsBudgetUsed.set(Number(sent.total) / limits.sendsTotal); // the whole shop's, from the shared table (alert: near its cap)
  if (Number(sent.client) >= limits.sendsPerClient || Number(sent.network) >= limits.sendsPerNetwork) return 'clientLimited';
  if (Number(sent.range) >= limits.sendsPerNumberRange || Number(sent.total) >= limits.sendsTotal) return 'busy';
  const freshShare = limits.sendsTotal - limits.sendsReservedForReturning;
  if (!returning.known && Number(sent.fresh) >= freshShare) return 'busy';
  await tx.query(`insert into sms_sends (sent_at, client, network, number_range, returning_number) values ($1, $2, $3, $4, $5)`,
    [now.toISOString(), client, network, range, returning.known]);
  return null;
}

/** Housekeeping: sends and wrong tries that left their windows. */
export async function forgetOldGuardState(tx: Queryable, now: Date, limits: SmsLimits): Promise<void> {
  await tx.query(`delete from sms_sends where sent_at < $1`, [new Date(now.getTime() - limits.sendWindowMs).toISOString()]);
  await tx.query(`delete from sms_wrong_tries where tried_at < $1`,
    [new Date(now.getTime() - limits.wrongTriesWindowMs).toISOString()]);
}

/** 请N小时后再试 / 请N分钟后再试: how long is left of a phone's lock, rounded up. */
export function phoneLockMessage(lockedUntil: Date, now: Date): string {
  const leftMs = Math.max(lockedUntil.getTime() - now.getTime(), 0);
  const hours = Math.ceil(leftMs / 3_600_000);
  const wait = leftMs >= 3_600_000 ? `${hours}小时` : `${Math.max(Math.ceil(leftMs / 60_000), 1)}分钟`;
  return `验证码错误次数过多，该手机号已暂停登录，请${wait}后再试`;
}
