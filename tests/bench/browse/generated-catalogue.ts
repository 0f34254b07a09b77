/**
 * The browse bench's generated catalogue: product number i is a variant of demo product i mod 175, written as the demo
 * seed writes a product: a `ProductListed` built by the seed's own builder (buildProduct: SKUs for every spec
 * combination, prices, stock, pictures, detail HTML) and parsed with its schema, followed by `ProductUnshelved` when
 * the demo product is unshelved. A variant keeps its demo product's shop, category and specs, and gets its own id,
 * a brand word and an edition around the demo name, a price within ±25 % and its own stock and sales. Keyword hit
 * rates therefore follow the demo catalogue (手机 in about 5 % of the names and briefs).
 */
import { randomUUID } from 'node:crypto';
import { CatalogEvents, catalogStreams, type ProductListed } from '../../../domain/catalog/catalog.events';
import type { NewEvent } from '../../../services/event-store/event-store.port';
import { isOnSale } from '../../../services/ops/seed/catalog/demo-products';
import { randomFor, type Random } from '../../../services/ops/seed/catalog/prng';
import { buildProduct } from '../../../services/ops/seed/catalog/products/product-builder';
import { productSeeds } from '../../../services/ops/seed/catalog/products';
import type { ProductSeed } from '../../../services/ops/seed/catalog/products/product-seed';
import { DISABLED_SHOP_ID } from '../../../services/ops/seed/catalog/shops.data';

/** Generated product ids start above every demo id (1001…9904). */
const FIRST_ID = 1_000_001;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Brand words: none is a search keyword of the bench or contains one. */
const BRANDS = ['华曜', '美邦', '悦家', '优品汇', '森活', '极客派', '小熊', '北纬', '初见', '山野', '朴坊', '拾光', '木槿', '知音',
  '青禾', '星辰', '云朵', '锦绣', '匠心', '沐光', '禾田', '蓝鲸', '橙子', '稻香', '维度', '方物', '素然', '悠然', '东篱', '半山'];
const EDITIONS = ['', '', '', '2025新款', '升级款', '加厚款', '旗舰店同款', '限量版', '经典款', '轻享版', 'Pro'];

export interface StreamEvent { streamId: string; revision: number; event: NewEvent }

/** What a detail request needs of a product on sale. */
export interface DetailTarget { productId: number; shopId: number; skuIds: number[] }

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const templateOf = (i: number): ProductSeed => productSeeds[i % productSeeds.length];

const generatedProductId = (i: number): number => FIRST_ID + i;

function variantSeed(i: number): ProductSeed {
  const template = templateOf(i);
  const random = randomFor(`bench-browse-${i}`);
  const edition = pick(random, EDITIONS);
  const name = `${pick(random, BRANDS)} ${template.name}${edition ? ` ${edition}` : ''}`.slice(0, 100);
  const price = Math.max(0.1, Math.round(template.price * (0.75 + random() * 0.5) * 10) / 10);
  return { ...template, id: generatedProductId(i), name, price };
}

/** Product i's events, as the seed writes them: the listing, then the unshelving when its demo product is off the shelf. */
export function generatedProductEvents(i: number, now: Date): StreamEvent[] {
  const seed = variantSeed(i);
  const product: ProductListed = CatalogEvents.ProductListed.parse(buildProduct(seed));
  const streamId = catalogStreams.product(seed.id);
  const actor = { kind: 'merchant' as const, id: String(seed.shop) };
  const listedAt = now.getTime() - 60 * DAY_MS + i * 50_000;
  const event = (type: string, data: unknown, at: number): NewEvent =>
    ({ type, data, metadata: { eventId: randomUUID(), actor, occurredAt: new Date(at).toISOString(), schemaVersion: 1 } });
  const events = [{ streamId, revision: 0, event: event('ProductListed', product, listedAt) }];
  if (seed.unshelved) {
    events.push({ streamId, revision: 1, event: event('ProductUnshelved', CatalogEvents.ProductUnshelved.parse({ productId: seed.id }), listedAt + DAY_MS) });
  }
  return events;
}

/** Product i when the storefront shows it (shelved, shop enabled); null otherwise. SKU ids as buildProduct numbers them. */
export function detailTarget(i: number): DetailTarget | null {
  const template = templateOf(i);
  if (!isOnSale(template.id, [DISABLED_SHOP_ID])) return null;
  const productId = generatedProductId(i);
  const skuCount = template.specs.reduce((count, spec) => count * spec.values.length, 1);
  return { productId, shopId: template.shop, skuIds: Array.from({ length: skuCount }, (_, position) => productId * 100 + position + 1) };
}
