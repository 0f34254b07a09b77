/**
 * Login sessions: short-lived security state kept in its own table with expiry (DESIGN.md §1, the named exception
 * to "one write path"). Tokens are 32 random digits 1–9 as the original API issued them (origin-contract §1).
 *
 * A session also carries its last written position (DESIGN.md §6, services/api/read-your-writes.ts): the writes of
 * its commands the read models had not reached when the command answered, one entry per stream
 * `{ [streamId]: { revision, type, position: 'commit/prepare', projections } }`. It is read with the session (no
 * extra round trip), written only when a command's wait timed out, and cleared once a later request saw it applied,
 * so a later read by the same shopper — on any API instance sharing the table — waits for it too.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

/** One stream's newest write a read model had not reached yet. */
export interface PendingWrite { revision: number; type: string; position: string; projections: string[] }
/** By stream id. */
export type SessionPosition = Record<string, PendingWrite>;

export interface ResolvedSession { userId: number; position: SessionPosition | null }

export interface SessionStore {
  /** Opens a session for `userId` that lasts `days` (1, or 7 with 七天免登录). */
  create(userId: number, days: number, now: Date): Promise<string>;
  /** The user of a live session, or null when unknown or expired. */
  resolve(token: string, now: Date): Promise<number | null>;
  /** The user of a live session with its last written position, or null when unknown or expired. */
  resolveSession(token: string, now: Date): Promise<ResolvedSession | null>;
  /** Adds writes the read models have not reached (per stream, the write with the higher revision stays). */
  remember(token: string, writes: SessionPosition): Promise<void>;
  /** Forgets these writes, now applied (entries written again meanwhile stay). */
  forget(token: string, writes: SessionPosition): Promise<void>;
  revoke(token: string): Promise<void>;
  /** Of `tokens`, those whose session is still live (one statement: open websockets are looked at in bulk). */
  liveTokens(tokens: readonly string[], now: Date): Promise<Set<string>>;
}

export const newToken = (): string => Array.from({ length: 32 }, () => randomInt(1, 10)).join('');

const isToken = (token: string): boolean => /^[1-9]{32}$/.test(token);

export async function createSessionStore(db: Database): Promise<SessionStore> {
  await migrate(db, 'identity-sessions', [
    `create table if not exists sessions (
       token text primary key,
       user_id bigint not null,
       created_at timestamptz not null,
       expires_at timestamptz not null
     )`,
    `create index if not exists sessions_expires on sessions (expires_at)`,
    `alter table sessions add column if not exists read_position jsonb`,
  ]);
  const resolveSession = async (token: string, now: Date): Promise<ResolvedSession | null> => {
    if (!isToken(token)) return null;
    const { rows } = await db.query<{ user_id: string; read_position: SessionPosition | null }>(
      `select user_id, read_position from sessions where token = $1 and expires_at > $2`, [token, now.toISOString()]);
    const row = rows[0];
    if (!row) return null;
    const position = row.read_position && Object.keys(row.read_position).length > 0 ? row.read_position : null;
    return { userId: Number(row.user_id), position };
  };
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
      return (await resolveSession(token, now))?.userId ?? null;
    },
    resolveSession,
    async remember(token, writes) {
      // per stream the higher revision wins: two requests of one session may answer out of order
      await db.query(
        `update sessions set read_position = (
           select jsonb_object_agg(w.key, w.value) from (
             select distinct on (e.key) e.key, e.value
               from (select * from jsonb_each(coalesce(read_position, '{}'::jsonb)) union all select * from jsonb_each($2::jsonb)) e
              order by e.key, (e.value->>'revision')::bigint desc) w)
         where token = $1`,
        [token, JSON.stringify(writes)]);
    },
    async forget(token, writes) {
      await db.query(
        `update sessions set read_position = (
           select jsonb_object_agg(e.key, e.value) from jsonb_each(read_position) e where e.value is distinct from ($2::jsonb -> e.key))
         where token = $1 and read_position is not null`,
        [token, JSON.stringify(writes)]);
    },
    async revoke(token) {
      await db.query(`delete from sessions where token = $1`, [token]);
    },
    async liveTokens(tokens, now) {
      const wellFormed = tokens.filter(isToken);
      if (wellFormed.length === 0) return new Set();
      const { rows } = await db.query<{ token: string }>(
        'select token from sessions where token = any($1::text[]) and expires_at > $2', [wellFormed, now.toISOString()]);
      return new Set(rows.map((row) => row.token));
    },
  };
}
