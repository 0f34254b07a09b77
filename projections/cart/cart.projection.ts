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

/** A cart line as stored; times as PostgreSQL prints them, so a line read and written back is unchanged. */
interface Line {
  user_id: number; sku_id: number; product_id: number; shop_id: number; number: number; selected: boolean;
  added_at: string; updated_at: string;
}

/** The lines a batch touches, by `user:sku`: as stored before it, then as each event leaves them (absent = deleted). */
type Lines = Map<string, Line | undefined>;
const keyOf = (userId: number, skuId: number): string => `${userId}:${skuId}`;

/** The (user, SKU) pairs an event touches. */
function touchedBy(event: RecordedEvent): Array<[number, number]> {
  const type = event.type;
  if (!isCartEvent(type)) return [];
  if (type === 'CartLineAdded' || type === 'CartLineNumberChanged') {
    const d = CartEvents[type].parse(event.data);
    return [[d.userId, d.skuId]];
  }
  if (type === 'CartBoughtAgain') {
    const d = CartEvents.CartBoughtAgain.parse(event.data);
    return d.lines.map((line) => [d.userId, line.skuId]);
  }
  const d = CartEvents[type].parse(event.data);
  return d.skuIds.map((skuId) => [d.userId, skuId]);
}

/** One event on the lines in memory: what its SQL did to the rows, event by event. */
function fold(lines: Lines, event: RecordedEvent): void {
  const type = event.type;
  if (!isCartEvent(type)) return;
  const at = event.metadata.occurredAt;
  const add = (userId: number, ref: { skuId: number; productId: number; shopId: number; number: number }) => {
    const key = keyOf(userId, ref.skuId);
    const before = lines.get(key);
    lines.set(key, {
      user_id: userId, sku_id: ref.skuId, product_id: ref.productId, shop_id: ref.shopId, number: ref.number,
      selected: true, added_at: before?.added_at ?? at, updated_at: at,
    });
  };
  const change = (userId: number, skuIds: readonly number[], edit: Partial<Line>) => {
    for (const skuId of skuIds) {
      const key = keyOf(userId, skuId);
      const before = lines.get(key);
      if (before) lines.set(key, { ...before, ...edit, updated_at: at });
    }
  };
  switch (type) {
    case 'CartLineAdded': {
      const d = CartEvents.CartLineAdded.parse(event.data);
      return add(d.userId, d);
    }
    case 'CartBoughtAgain': {
      const d = CartEvents.CartBoughtAgain.parse(event.data);
      for (const line of d.lines) add(d.userId, line);
      return;
    }
    case 'CartLineNumberChanged': {
      const d = CartEvents.CartLineNumberChanged.parse(event.data);
      return change(d.userId, [d.skuId], { number: d.number });
    }
    case 'CartLinesSelected':
    case 'CartLinesUnselected': {
      const d = CartEvents[type].parse(event.data);
      return change(d.userId, d.skuIds, { selected: type === 'CartLinesSelected' });
    }
    case 'CartLinesRemoved':
    case 'CartCleared':
    case 'CartInvalidLinesCleared':
    case 'CartLinesCheckedOut': {
      const d = CartEvents[type].parse(event.data);
      for (const skuId of d.skuIds) lines.set(keyOf(d.userId, skuId), undefined);
      return;
    }
    default: {
      const unreachable: never = type;
      throw new Error(`cart projection: no handler for ${String(unreachable)}`);
    }
  }
}

/**
 * A batch in three statements, however its events interleave: read the lines it touches, fold its events over them
 * in memory (fold mirrors what each event's statement did), delete the lines it left absent, upsert the others.
 */
async function applyCart(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<void> {
  const pairs = events.flatMap(touchedBy);
  if (pairs.length === 0) return;
  const { rows } = await tx.query<Line>(
    `select c.user_id::float8 as user_id, c.sku_id::float8 as sku_id, c.product_id::float8 as product_id,
       c.shop_id::float8 as shop_id, c.number, c.selected, c.added_at::text as added_at, c.updated_at::text as updated_at
     from ${s}.cart_lines c join unnest($1::bigint[], $2::bigint[]) as k(user_id, sku_id)
       on c.user_id = k.user_id and c.sku_id = k.sku_id`,
    [pairs.map(([userId]) => userId), pairs.map(([, skuId]) => skuId)]);
  const lines: Lines = new Map(rows.map((row) => [keyOf(row.user_id, row.sku_id), row]));
  const stored = new Map(lines);
  for (const event of events) fold(lines, event);

  const gone = [...lines].filter(([key, line]) => !line && stored.get(key)).map(([key]) => stored.get(key)!);
  const kept = [...lines.values()].filter((line): line is Line => line !== undefined);
  if (gone.length > 0) {
    await tx.query(
      `delete from ${s}.cart_lines c using unnest($1::bigint[], $2::bigint[]) as k(user_id, sku_id)
       where c.user_id = k.user_id and c.sku_id = k.sku_id`,
      [gone.map((l) => l.user_id), gone.map((l) => l.sku_id)]);
  }
  if (kept.length > 0) {
    await tx.query(
      `insert into ${s}.cart_lines (user_id, sku_id, product_id, shop_id, number, selected, added_at, updated_at)
       select * from jsonb_to_recordset($1::jsonb) as x(user_id bigint, sku_id bigint, product_id bigint,
         shop_id bigint, number integer, selected boolean, added_at timestamptz, updated_at timestamptz)
       on conflict (user_id, sku_id) do update set product_id = excluded.product_id, shop_id = excluded.shop_id,
         number = excluded.number, selected = excluded.selected, added_at = excluded.added_at,
         updated_at = excluded.updated_at`,
      [JSON.stringify(kept)]);
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
  apply: (tx, event, s) => applyCart(tx, [event], s),
  applyBatch: applyCart,
};
