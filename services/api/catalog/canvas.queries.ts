/**
 * Page layouts (origin-contract §9): the newest published canvas for (terminal, type, shop or custom page), and the
 * product blocks' products. A shop page of a disabled shop does not exist.
 */
import type { Canvas, ProductCard } from '../../../domain/catalog/browse.contract';
import { DomainError } from '../../../domain/shared/errors';
import { formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';
import type { CanvasQuery } from './catalog.params';
import { assertCategory } from './category.queries';
import { Filter, inCategory, listCards, listingOrder, type Paging } from './product-cards.queries';

interface CanvasRow {
  canvas_id: string; terminal: number; type: number; shop_id: string; custom_id: string; name: string; json: string;
  created_at: Date | string; updated_at: Date | string;
}

const toCanvas = (r: CanvasRow): Canvas => ({
  canvasId: Number(r.canvas_id),
  terminal: r.terminal,
  json: r.json,
  type: r.type as Canvas['type'],
  name: r.name,
  shopId: Number(r.shop_id),
  customId: Number(r.custom_id),
  createTime: formatShanghai(r.created_at),
  updateTime: formatShanghai(r.updated_at),
});

/**
 * By canvasId when given; else type 1 the home page, type 3 the shop's page, type 2 the custom page `customId`
 * (the storefront's /custom route carries that id as `shopId`, so shopId stands in when customId is absent).
 */
export async function findCanvas(db: Queryable, q: CanvasQuery): Promise<Canvas> {
  const select = `select c.canvas_id, c.terminal, c.type, c.shop_id, c.custom_id, c.name, c.json, c.created_at, c.updated_at
    from canvases c left join shops sh on sh.shop_id = c.shop_id
    where (c.type <> 3 or sh.enabled)`;
  const newest = 'order by c.updated_at desc, c.canvas_id desc limit 1';
  let found: CanvasRow | undefined;
  if (q.canvasId !== undefined) {
    found = (await db.query<CanvasRow>(`${select} and c.canvas_id = $1`, [q.canvasId])).rows[0];
  } else if (q.type === 1) {
    found = (await db.query<CanvasRow>(`${select} and c.terminal = $1 and c.type = 1 ${newest}`, [q.terminal])).rows[0];
  } else if (q.type === 3) {
    found = (await db.query<CanvasRow>(`${select} and c.terminal = $1 and c.type = 3 and c.shop_id = $2 ${newest}`,
      [q.terminal, q.shopId])).rows[0];
  } else {
    const customId = q.customId ?? q.shopId;
    if (customId === undefined) throw new DomainError('canvasNotFound');
    found = (await db.query<CanvasRow>(`${select} and c.terminal = $1 and c.type = 2 and c.custom_id = $2 ${newest}`,
      [q.terminal, customId])).rows[0];
  }
  if (!found) throw new DomainError('canvasNotFound');
  return toCanvas(found);
}

/** A product block's products: the chosen ids in their order (unknown or hidden ones left out), or a category's. */
export async function canvasProducts(
  db: Queryable, q: Paging & { ids?: number[]; classifyId?: number },
): Promise<Page<ProductCard>> {
  if (q.ids !== undefined) {
    const filter = new Filter().add((ids) => `p.product_id = any(${ids}::bigint[])`, q.ids);
    return listCards(db, filter, 'array_position($1::bigint[], p.product_id)', q);
  }
  if (q.classifyId !== undefined) {
    await assertCategory(db, q.classifyId);
    return listCards(db, inCategory(new Filter(), q.classifyId), listingOrder({}), q);
  }
  return { list: [], total: 0 };
}
