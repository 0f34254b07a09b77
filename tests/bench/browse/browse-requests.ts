/**
 * What the browse bench asks for, as the storefront sends it: searches (a Chinese keyword, a sort, a page of 12) and
 * product details (shopId, productId, skuId of a product on sale), drawn from a seeded PRNG; plus the checks that
 * the answers are real before any load is measured, and each keyword's hit count.
 */
import { randomFor, type Random } from '../../../services/ops/seed/catalog/prng';
import { detailTarget } from './generated-catalogue';

/** Keywords a shopper types, each in 1-5 % of the demo names and briefs; 2 to 4 characters. */
export const KEYWORDS = ['手机', '耳机', '连衣裙', '羽绒服', '沙发', '保温杯', '充电宝', '蓝牙耳机', '平板', '纯棉', '运动', '牛奶'];
/** No sort, price up, price down, sales up, sales down (spec §7 `type` / `volume`). */
const SORTS = [{ type: '', volume: '' }, { type: '1', volume: '' }, { type: '2', volume: '' }, { type: '', volume: '1' }, { type: '', volume: '2' }];

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

export function searchPath(search: string, sort = SORTS[0], page = 1): string {
  const query = new URLSearchParams({ search, ...sort, minMoney: '', maxMoney: '', page: String(page), pageSize: '12' });
  return `/api/app/getSearchProducts?${query.toString()}`;
}

/** `count` searches: any keyword and sort; page 1 most often, else 2-5. */
export function searchPaths(count: number): string[] {
  const random = randomFor('browse-search');
  return Array.from({ length: count }, () =>
    searchPath(pick(random, KEYWORDS), pick(random, SORTS), random() < 0.6 ? 1 : 2 + Math.floor(random() * 4)));
}

/** `count` detail requests of generated products on sale (of `products`), each for one of its SKUs. */
export function detailPaths(count: number, products: number): string[] {
  const random = randomFor('browse-detail');
  const paths: string[] = [];
  while (paths.length < count) {
    const target = detailTarget(Math.floor(random() * products));
    if (!target) continue;
    const query = new URLSearchParams({
      shopId: String(target.shopId), productId: String(target.productId), skuId: String(pick(random, target.skuIds)), terminal: '3', system: '3',
    });
    paths.push(`/api/product/getById?${query.toString()}`);
  }
  return paths;
}

interface Envelope { code: string; message: string; data: unknown }

/** GET `origin + path`: the body text and its envelope; throws unless HTTP 200 with code '200'. */
export async function fetchOk(origin: string, path: string): Promise<{ body: string; envelope: Envelope }> {
  const response = await fetch(`${origin}${path}`);
  const body = await response.text();
  const envelope = JSON.parse(body) as Envelope;
  if (response.status !== 200 || envelope.code !== '200') {
    throw new Error(`${path} answered HTTP ${response.status}, code ${envelope.code} ${envelope.message}`);
  }
  return { body, envelope };
}

/** Fetches every path of `sample`; throws at the first that is not a real answer. */
export async function checkAll(origin: string, sample: readonly string[]): Promise<void> {
  for (const path of sample) await fetchOk(origin, path);
}

/** The `total` of a search (page 1). */
export async function searchTotal(origin: string, keyword: string): Promise<number> {
  const { envelope } = await fetchOk(origin, searchPath(keyword));
  return (envelope.data as { total: number }).total;
}
