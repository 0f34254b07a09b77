/**
 * The cart read model (DESIGN.md §6 "cart"): one row per line of a shopper's cart, `cart_lines`. Prices, names, stock
 * and shelve state are not copied here: the cart query joins the catalogue views, so the cart always shows the
 * current catalogue (spec §2: off-shelf or sold-out lines are flagged there, not dropped).
 *
 * cart_lines  user_id, sku_id (the line), product_id, shop_id, number, selected, added_at (first add: the display
 *             order, newest first), updated_at.
 */
import type pg from 'pg';
import { CartEvents, cartEventTypes, type CartEventType } from '../../domain/cart/cart.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';

const isCartEvent = (type: string): type is CartEventType => (cartEventTypes as readonly string[]).includes(type);

const UPSERT = (s: string) => `
  insert into ${s}.cart_lines (user_id, sku_id, product_id, shop_id, number, selected, added_at, updated_at)
  values ($1, $2, $3, $4, $5, true, $6, $6)
  on conflict (user_id, sku_id) do update
    set number = excluded.number, selected = true, product_id = excluded.product_id, shop_id = excluded.shop_id,
        updated_at = excluded.updated_at`;

async function apply(tx: pg.PoolClient, event: RecordedEvent, s: string): Promise<void> {
  const type = event.type;
  if (!isCartEvent(type)) return;
  const at = event.metadata.occurredAt;
  switch (type) {
    case 'CartLineAdded': {
      const d = CartEvents.CartLineAdded.parse(event.data);
      await tx.query(UPSERT(s), [d.userId, d.skuId, d.productId, d.shopId, d.number, at]);
      return;
    }
    case 'CartBoughtAgain': {
      const d = CartEvents.CartBoughtAgain.parse(event.data);
      for (const line of d.lines) await tx.query(UPSERT(s), [d.userId, line.skuId, line.productId, line.shopId, line.number, at]);
      return;
    }
    case 'CartLineNumberChanged': {
      const d = CartEvents.CartLineNumberChanged.parse(event.data);
      await tx.query(`update ${s}.cart_lines set number = $3, updated_at = $4 where user_id = $1 and sku_id = $2`,
        [d.userId, d.skuId, d.number, at]);
      return;
    }
    case 'CartLinesSelected':
    case 'CartLinesUnselected': {
      const d = CartEvents[type].parse(event.data);
      await tx.query(`update ${s}.cart_lines set selected = $3, updated_at = $4 where user_id = $1 and sku_id = any($2::bigint[])`,
        [d.userId, d.skuIds, type === 'CartLinesSelected', at]);
      return;
    }
    case 'CartLinesRemoved':
    case 'CartCleared':
    case 'CartInvalidLinesCleared':
    case 'CartLinesCheckedOut': {
      const d = CartEvents[type].parse(event.data);
      await tx.query(`delete from ${s}.cart_lines where user_id = $1 and sku_id = any($2::bigint[])`, [d.userId, d.skuIds]);
      return;
    }
    default: {
      const unreachable: never = type;
      throw new Error(`cart projection: no handler for ${String(unreachable)}`);
    }
  }
}

export const cartProjection: Projection = {
  name: 'cart',
  version: 1,
  handles: cartEventTypes,
  tables: ['cart_lines'],
  async migrate(tx: pg.PoolClient, s: string) {
    await tx.query(`
      create table ${s}.cart_lines (
        user_id bigint not null,
        sku_id bigint not null,
        product_id bigint not null,
        shop_id bigint not null,
        number integer not null,
        selected boolean not null,
        added_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (user_id, sku_id)
      )`);
    await tx.query(`create index cart_lines_user_added on ${s}.cart_lines (user_id, added_at desc, sku_id desc)`);
  },
  apply,
};
