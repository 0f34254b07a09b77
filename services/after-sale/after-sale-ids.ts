/**
 * Ids the after-sale slice makes outside the domain: after-sale ids from a database sequence (unique across API
 * processes sharing the database, JSON-safe), after-sale numbers "SH" + 15 random digits as the origin made them
 * (origin-contract §6), and refund ids per attempt (WeChat out_refund_no: 6–32 of [0-9A-Za-z_-|*]), deterministic so
 * asking twice for one attempt is one refund.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

export interface AfterSaleIds {
  afterId(): Promise<number>;
  afterFormid(): string;
}

export async function createAfterSaleIds(db: Database): Promise<AfterSaleIds> {
  await migrate(db, 'after-sale-ids', ['create sequence if not exists after_sale_ids start with 50001']);
  return {
    afterId: async () => {
      const { rows } = await db.query<{ id: string }>(`select nextval('after_sale_ids') as id`);
      return Number(rows[0].id);
    },
    afterFormid: () => `SH${Array.from({ length: 15 }, () => String(randomInt(0, 10))).join('')}`,
  };
}

export const afterSaleRefundId = (afterId: number, attempt: number): string => `AS${afterId}R${attempt}`;
