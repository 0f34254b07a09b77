/**
 * The development provider's outbox: every code "sent" is a row ops can read (`npm run ops -- sms <phone>`,
 * `GET /internal/sms?phone=`). Rows older than a day are dropped as new ones arrive.
 */
import type { Database, Queryable } from '../db/database';
import { migrate } from '../db/migrate';

export async function migrateSmsOutbox(db: Database): Promise<void> {
  await migrate(db, 'sms-outbox', [
    `create table if not exists sms_outbox (
       id bigserial primary key,
       phone text not null,
       code text not null,
       text text not null,
       sent_at timestamptz not null
     )`,
    `create index if not exists sms_outbox_phone on sms_outbox (phone, id desc)`,
  ]);
}

export async function appendToOutbox(db: Queryable, phone: string, code: string, text: string, sentAt: Date): Promise<void> {
  const dayAgo = new Date(sentAt.getTime() - 24 * 60 * 60 * 1000);
  await db.query(`delete from sms_outbox where sent_at < $1`, [dayAgo.toISOString()]);
  await db.query(`insert into sms_outbox (phone, code, text, sent_at) values ($1, $2, $3, $4)`,
    [phone, code, text, sentAt.toISOString()]);
}

export interface OutboxEntry { phone: string; code: string; text: string; sentAt: string }

/** The newest code sent to `phone`, or null. */
export async function latestOutboxCode(db: Queryable, phone: string): Promise<OutboxEntry | null> {
  const { rows } = await db.query<{ phone: string; code: string; text: string; sent_at: Date | string }>(
    `select phone, code, text, sent_at from sms_outbox where phone = $1 order by id desc limit 1`, [phone]);
  const row = rows[0];
  return row ? { phone: row.phone, code: row.code, text: row.text, sentAt: new Date(row.sent_at).toISOString() } : null;
}
