/**
 * The after-sales read model (my after-sales tabs, the after-sale detail, the demo merchant's queue):
 * after_sales   one row per after-sale: who and what (user, order, shop, type, goods state, lines with their refund),
 *               where it stands (after_state, tab 1 售后中 / 2 已完成, auto_close_at, the merchant's or platform's
 *               last word, the return address and shipment), its history (jsonb, oldest first, API-ready but in
 *               fen-free text), and the events folded so far (jsonb) so a batch continues the fold.
 */
import type pg from 'pg';

export const AFTER_SALES_TABLES = ['after_sales'];

export async function migrateAfterSales(tx: pg.PoolClient, s: string): Promise<void> {
  await tx.query(`
    create table if not exists ${s}.after_sales (
      after_id bigint primary key,
      after_formid text not null,
      user_id bigint not null,
      order_id bigint not null,
      order_formid text not null,
      shop_id bigint not null,
      after_type smallint not null,
      goods_state smallint not null,
      after_state smallint not null,
      tab smallint not null,
      price_fen bigint not null,
      return_reason text not null,
      explain text not null,
      images jsonb not null,
      lines jsonb not null,
      reason text not null,
      return_address jsonb,
      return_express bigint,
      return_deliver_formid text,
      auto_close_at timestamptz,
      history jsonb not null,
      events jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
  await tx.query(`create index if not exists after_sales_user_tab on ${s}.after_sales (user_id, tab, created_at desc, after_id desc)`);
  await tx.query(`create index if not exists after_sales_state_updated on ${s}.after_sales (after_state, updated_at)`);
}
