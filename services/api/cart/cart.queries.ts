/**
 * Reads of the cart read model joined with the catalogue views (products, skus, shops): the cart always shows the
 * catalogue's current name, picture, price and stock. A line whose product is off the shelf, whose shop is disabled or
 * whose SKU is gone is `onSale: false`; sold out is `stock: 0`. Both stay in the cart, flagged (spec §2 Cart).
 */
import type { Queryable } from '../../db/database';
import type { SkuFacts } from '../../../domain/cart/cart.decider';

/** A cart line as the server works with it: money in fen. */
export interface CartLineView {
  skuId: number;
  productId: number;
  shopId: number;
  shopName: string;
  shopLogo: string;
  productName: string;
  image: string;
  /** The chosen values in spec order ('红色', 'XL'); empty for a single-style product. */
  values: string[];
  /** 颜色:红色 尺码:XL; empty for a single-style product. */
  skuText: string;
  priceFen: number;
  originalPriceFen: number;
  weightGrams: number;
  number: number;
  stock: number;
  /** Per-person limit of the flash sale or discount running for the SKU now (0 = none). */
  userLimit: number;
  onSale: boolean;
  selected: boolean;
}

/**
 * `user_limit` and `activity_price`: the per-person limit and the price (fen) of the activity running for `s.sku_id` at
 * `$2` when that activity is a flash sale or a discount (0 and null otherwise): the cart shows what checkout charges. Which one runs is the checkout's choice (services/checkout/catalog-facts.ts): group buy,
 * then flash sale, then discount, then the earliest started; a group buy is paid at its price only inside a group.
 */
const RUNNING_LIMIT = `
  left join lateral (
    select case when a.kind in ('seckill', 'discount') then pr.limit_number else 0 end as user_limit,
           case when a.kind in ('seckill', 'discount') then a.price end as activity_price
      from promotion_items a join promotions pr on pr.kind = a.kind and pr.activity_id = a.activity_id
     where a.sku_id = s.sku_id and a.start_time <= $2 and a.end_time > $2
     order by case a.kind when 'group-work' then 0 when 'seckill' then 1 else 2 end, a.start_time, a.activity_id
     limit 1) act on true`;

interface SpecName { nameCode: string; skuName: string; values: Array<{ valueCode: string; skuValue: string }> }

interface LineRow {
  sku_id: string; product_id: string; shop_id: string; number: number; selected: boolean;
  product_name: string | null; product_image: string | null; names: SpecName[] | null; listed: boolean | null;
  sku_present: boolean; price: string | null; activity_price: string | null; original_price: string | null; stock: number | null; weight: number | null;
  value_codes: string[] | null; sku_image: string | null; shop_name: string | null; shop_logo: string | null;
  user_limit: number | null;
}

function specsOf(names: SpecName[], valueCodes: string[]): Array<{ name: string; value: string }> {
  const specs: Array<{ name: string; value: string }> = [];
  for (const code of valueCodes) {
    for (const name of names) {
      const value = name.values.find((v) => v.valueCode === code);
      if (value) specs.push({ name: name.skuName, value: value.skuValue });
    }
  }
  return specs;
}

function toLine(row: LineRow): CartLineView {
  const specs = specsOf(row.names ?? [], row.value_codes ?? []);
  return {
    skuId: Number(row.sku_id),
    productId: Number(row.product_id),
    shopId: Number(row.shop_id),
    shopName: row.shop_name ?? '',
    shopLogo: row.shop_logo ?? '',
    productName: row.product_name ?? '',
    image: row.sku_image ?? row.product_image ?? '',
    values: specs.map((s) => s.value),
    skuText: specs.map((s) => `${s.name}:${s.value}`).join(' '),
    priceFen: Number(row.activity_price ?? row.price ?? 0),
    originalPriceFen: Number(row.original_price ?? 0),
    weightGrams: row.weight ?? 0,
    number: row.number,
    stock: row.sku_present ? row.stock ?? 0 : 0,
    userLimit: row.user_limit ?? 0,
    onSale: row.sku_present && row.listed === true,
    selected: row.selected,
  };
}

/** Every line of the shopper's cart, newest first, with the activity limits running at `now`. */
export async function readCart(db: Queryable, userId: number, now: Date): Promise<CartLineView[]> {
  const { rows } = await db.query<LineRow>(`
    select c.sku_id, c.product_id, c.shop_id, c.number, c.selected,
           p.product_name, p.image as product_image, p.names, p.listed,
           s.sku_id is not null as sku_present, s.price, s.original_price, coalesce(st.available, s.stock) as stock, s.weight, s.value_codes, s.image as sku_image,
           sh.shop_name, sh.shop_logo, act.user_limit, act.activity_price
      from cart_lines c
      left join products p on p.product_id = c.product_id
      left join skus s on s.sku_id = c.sku_id and s.product_id = c.product_id
      left join sku_stock st on st.sku_id = s.sku_id
      left join shops sh on sh.shop_id = c.shop_id
      ${RUNNING_LIMIT}
     where c.user_id = $1
     order by c.added_at desc, c.sku_id desc`, [userId, now.toISOString()]);
  return rows.map(toLine);
}

/** Lines that can neither be selected nor checked out: off the shelf, SKU gone, or sold out. */
export const isInvalidLine = (line: Pick<CartLineView, 'onSale' | 'stock'>): boolean => !line.onSale || line.stock <= 0;

interface FactRow { sku_id: string; product_id: string; shop_id: string; stock: number; listed: boolean; user_limit: number | null }

/** The catalogue's word on SKUs about to enter the cart; SKUs it does not know are absent from the map. */
export async function skuFacts(db: Queryable, skuIds: readonly number[], now: Date): Promise<Map<number, SkuFacts>> {
  if (skuIds.length === 0) return new Map();
  const { rows } = await db.query<FactRow>(`
    select s.sku_id, s.product_id, s.shop_id, coalesce(st.available, s.stock) as stock, p.listed, act.user_limit
      from skus s join products p on p.product_id = s.product_id
      left join sku_stock st on st.sku_id = s.sku_id
      ${RUNNING_LIMIT}
     where s.sku_id = any($1::bigint[])`, [skuIds, now.toISOString()]);
  return new Map(rows.map((row) => [Number(row.sku_id), {
    skuId: Number(row.sku_id), productId: Number(row.product_id), shopId: Number(row.shop_id), stock: row.stock, onSale: row.listed,
    userLimit: row.user_limit ?? 0,
  }]));
}

/** Spec §3: the cart count is the number of SKU lines. */
export async function countCartLines(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from cart_lines where user_id = $1', [userId]);
  return rows[0]?.n ?? 0;
}
