/**
 * Which user id a phone belongs to: the write side's uniqueness guard for registration. A phone is claimed once
 * (primary key), with an id from this module's sequence, before `UserRegistered` is appended to `user-<id>` with
 * "stream must not exist": two registrations of one phone at once get the same id, and only one append wins.
 * A claim whose append never happened (a crash in between) is simply reused by the next registration.
 * A phone already present in the users read model (seeded users, or this table lost) keeps that user's id.
 */
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

export interface PhoneRegistry {
  /** The id registered (or to be registered) under `phone`, allocating one on first use. */
  claim(phone: string, now: Date): Promise<number>;
  /** The id claimed for `phone`, or null: a claim alone does not mean the user is registered. */
  lookup(phone: string): Promise<number | null>;
  /**
   * Moves `userId`'s claim to `phone` (更换手机号); false when another account holds `phone`. A claim left by a
   * registration that never happened (`isRegistered` says no) is given up. The old phone is free afterwards.
   */
  transfer(userId: number, phone: string, now: Date, isRegistered: (userId: number) => Promise<boolean>): Promise<boolean>;
  /** Puts `userId`'s claim back on `phone` after a transfer whose account change could not be recorded. */
  restore(userId: number, phone: string, now: Date): Promise<void>;
}

/** Ids of registered shoppers start here, clear of hand-made demo and test ids. */
export const FIRST_USER_ID = 10001;

export async function createPhoneRegistry(db: Database): Promise<PhoneRegistry> {
  await migrate(db, 'identity-phones', [
    `create sequence if not exists identity_user_ids start with ${FIRST_USER_ID}`,
    `create table if not exists identity_phones (
       phone text primary key,
       user_id bigint not null unique,
       claimed_at timestamptz not null
     )`,
  ]);
  const lookup = async (phone: string): Promise<number | null> => {
    const { rows } = await db.query<{ user_id: string }>(`select user_id from identity_phones where phone = $1`, [phone]);
    return rows[0] ? Number(rows[0].user_id) : null;
  };
  const moveClaim = async (userId: number, phone: string, now: Date): Promise<boolean> => {
    try {
      await db.query(
        `insert into identity_phones (phone, user_id, claimed_at) values ($1, $2, $3)
         on conflict (user_id) do update set phone = excluded.phone, claimed_at = excluded.claimed_at`,
        [phone, userId, now.toISOString()]);
      return true;
    } catch (error) {
      // the phone's primary key: someone else claimed it first, at once or in between
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  };
  return {
    lookup,
    async transfer(userId, phone, now, isRegistered) {
      const holder = await lookup(phone);
      if (holder !== null && holder !== userId) {
        if (await isRegistered(holder)) return false;
        await db.query(`delete from identity_phones where phone = $1 and user_id = $2`, [phone, holder]);
      }
      const projected = await db.query<{ user_id: string }>(
        `select user_id from users where phone = $1 and user_id <> $2 limit 1`, [phone, userId]);
      if (projected.rows.length > 0) return false;
      return moveClaim(userId, phone, now);
    },
    async restore(userId, phone, now) {
      await moveClaim(userId, phone, now);
    },
    async claim(phone, now) {
      const known = await lookup(phone);
      if (known !== null) return known;
      const projected = await db.query<{ user_id: string }>(`select user_id from users where phone = $1 limit 1`, [phone]);
      // the loser of a race waits on the winner's key, inserts nothing, and reads the winner's id below
      await db.query(
        `insert into identity_phones (phone, user_id, claimed_at)
         values ($1, coalesce($2::bigint, nextval('identity_user_ids')), $3)
         on conflict (phone) do nothing`,
        [phone, projected.rows[0]?.user_id ?? null, now.toISOString()]);
      const claimed = await lookup(phone);
      if (claimed === null) throw new Error(`phone registry: no claim for ${phone} after insert`);
      return claimed;
    },
  };
}
