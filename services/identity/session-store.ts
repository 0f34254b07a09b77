/**
 * Login sessions: short-lived security state kept in its own table with expiry (DESIGN.md §1, the named exception
 * to "one write path"). Tokens are 32 random digits 1–9 as the original API issued them (origin-contract §1).
 */
import { randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

export interface SessionStore {
  /** Opens a session for `userId` that lasts `days` (1, or 7 with 七天免登录). */
  create(userId: number, days: number, now: Date): Promise<string>;
  /** The user of a live session, or null when unknown or expired. */
  resolve(token: string, now: Date): Promise<number | null>;
  revoke(token: string): Promise<void>;
}

export const newToken = (): string => Array.from({ length: 32 }, () => randomInt(1, 10)).join('');

export async function createSessionStore(db: Database): Promise<SessionStore> {
  await migrate(db, 'identity-sessions', [
    `create table if not exists sessions (
       token text primary key,
       user_id bigint not null,
       created_at timestamptz not null,
       expires_at timestamptz not null
     )`,
    `create index if not exists sessions_expires on sessions (expires_at)`,
  ]);
  return {
    async create(userId, days, now) {
      const token = newToken();
      const expires = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
      await db.query(`delete from sessions where expires_at < $1`, [now.toISOString()]);
      await db.query(`insert into sessions (token, user_id, created_at, expires_at) values ($1, $2, $3, $4)`,
        [token, userId, now.toISOString(), expires.toISOString()]);
      return token;
    },
    async resolve(token, now) {
      if (!/^[1-9]{32}$/.test(token)) return null;
      const { rows } = await db.query<{ user_id: string }>(
        `select user_id from sessions where token = $1 and expires_at > $2`, [token, now.toISOString()]);
      return rows[0] ? Number(rows[0].user_id) : null;
    },
    async revoke(token) {
      await db.query(`delete from sessions where token = $1`, [token]);
    },
  };
}
