/**
 * GET /product/getById (spec §3 "Product detail", origin-contract §3): the product, its shop, the selected SKU with
 * its activity, the option map, coupons with the shopper's state, collect state, impression words, similar products,
 * the forming groups a shopper may join.
 * Only a shelved product of an enabled shop, asked for under its own shop, is shown; anything else is a clear code.
 */
import type { ProductCard } from '../../../domain/catalog/browse.contract';
import type { ProductDetail, ProductOptions, Word } from '../../../domain/catalog/detail.contract';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { collectIdOf } from '../collect/collect.queries';
import { couponsForProduct, productCouponsAt, type CouponRow } from '../coupon/coupon.queries';
import { skuActivityOf } from '../promotion/activity';
import type { PromotionItem } from '../promotion/activity';
import { notEnded, promotionItemsOfProduct } from '../promotion/promotion.queries';
import { formingCollages, formingCollagesAt, type FormingCollage } from './forming-collages';
import { sanitiseSellerHtml } from './html-sanitiser';
import { findProduct, paidBuyers, similarProducts, skusOf, type ProductRow, type SkuRow } from './product.queries';
import { namesOf, skuOptionsOf } from './sku-options';

/** Impression tags with counts of a product's reviews (the reviews slice's read model). */
export type ProductWords = (db: Queryable, productId: number) => Promise<Word[]>;

export interface DetailQuery { shopId: number; productId: number; skuId: number }

function visibleProduct(product: ProductRow | null, shopId?: number): ProductRow {
  if (!product) throw new DomainError('detailProductNotFound');
  if (shopId !== undefined && Number(product.shop_id) !== shopId) throw new DomainError('detailProductNotInShop');
  if (!product.shop_enabled) throw new DomainError('detailShopDisabled');
  if (!product.shelved) throw new DomainError('detailProductUnshelved');
  return product;
}

/**
 * What detail and options read of a product apart from the shopper and the clock — the product, its SKUs with stock,
 * similar products, paid buyers, impression words and the sanitised seller HTML. The routes keep it per product until
 * the catalog, stock or comments read models change (read-cache); `readProductFacts` reads it fresh.
 */
export interface ProductFacts {
  product: ProductRow; skus: SkuRow[]; similar: ProductCard[]; users: number; words: Word[]; text: string;
}
export const PRODUCT_FACTS_READ_MODELS = ['catalog', 'stock', 'comments'] as const;

/**
 * Where detail and options read from, none of it by the clock (the caller applies `now`): fresh from the read models
 * (`readDetailSources`), or through caches kept until those read models change (detail.module.ts).
 */
export interface DetailSources {
  facts(productId: number): Promise<ProductFacts | null>;
  /** every promotion item of the product's SKUs (read model: promotions) */
  items(productId: number): Promise<PromotionItem[]>;
  /** coupons offered on the product, not yet ended, with the shopper's claim state (coupons) */
  coupons(product: { productId: number; shopId: number }, userId: number | null, now: Date): Promise<CouponRow[]>;
  /** the product's joinable forming groups, deadline not applied (orders, users) */
  collages(productId: number): Promise<FormingCollage[]>;
}

export const readDetailSources = (db: Queryable, words: ProductWords): DetailSources => ({
  facts: (productId) => readProductFacts(db, words, productId),
  items: (productId) => promotionItemsOfProduct(db, productId),
  coupons: (product, userId, now) => couponsForProduct(db, product, userId, now),
  collages: (productId) => formingCollages(db, productId),
});

async function readProductFacts(db: Queryable, words: ProductWords, productId: number): Promise<ProductFacts | null> {
  const product = await findProduct(db, productId);
  if (!product) return null;
  const [skus, similar, users, productWords] = await Promise.all([
    skusOf(db, productId), similarProducts(db, productId, Number(product.category_id)), paidBuyers(db, productId), words(db, productId),
  ]);
  return { product, skus, similar, users, words: productWords, text: sanitiseSellerHtml(product.text) };
}

export async function productDetail(
  db: Queryable, query: DetailQuery, userId: number | null, now: Date, sources: DetailSources,
): Promise<ProductDetail> {
  // all read at once: the shopper's collect state is the only read that is never cached
  const [known, allItems, couponRows, collectId, collages] = await Promise.all([
    sources.facts(query.productId),
    sources.items(query.productId),
    sources.coupons({ productId: query.productId, shopId: query.shopId }, userId, now),
    collectIdOf(db, userId, { productId: query.productId }),
    sources.collages(query.productId),
  ]);
  const product = visibleProduct(known?.product ?? null, query.shopId);
  const { skus, similar, users, words: productWords, text } = known as ProductFacts;
  const items = notEnded(allItems, now);
  const coupons = productCouponsAt(couponRows, now);
  const collageOrders = formingCollagesAt(collages, now);
  const { map, options, activities } = skuOptionsOf(skus, items, now);
  const selected = options.get(query.skuId);
  if (!selected) throw new DomainError('detailSkuNotFound');
  const productId = Number(product.product_id);
  const shopId = Number(product.shop_id);
  const item = activities.get(query.skuId) ?? null;
  return {
    ...skuActivityOf(item, now),
    productId,
    skuId: query.skuId,
    productName: product.product_name,
    productBrief: product.product_brief,
    text,
    image: product.image,
    images: product.images,
    shopId,
    shopName: product.shop_name,
    shopLogo: product.shop_logo,
    classifyId: Number(product.category_id),
    classifyNumber: product.product_kinds,
    number: product.sales,
    users,
    shelveState: 1,
    ifCollect: collectId > 0 ? 1 : 0,
    collectId,
    price: selected.price,
    originalPrice: selected.originalPrice,
    stockNumber: selected.stockNumber,
    total: item ? selected.limitNumber : selected.stockNumber,
    surplusNumber: item ? selected.limitStockNumber : selected.stockNumber,
    words: productWords,
    similarProducts: similar,
    collageOrders,
    markTools: coupons.markTools,
    shopMarkTools: coupons.shopMarkTools,
    names: namesOf(product.names),
    map,
  };
}

/** GET /product/getProducts: the options popup; skuTool describes skuId's activity (default: the first SKU's). */
export async function productOptions(
  productId: number, skuId: number | undefined, now: Date, sources: DetailSources,
): Promise<ProductOptions> {
  const [known, allItems] = await Promise.all([sources.facts(productId), sources.items(productId)]);
  const items = notEnded(allItems, now);
  const product = visibleProduct(known?.product ?? null);
  const { skus } = known as ProductFacts;
  const { map, options } = skuOptionsOf(skus, items, now);
  const selected = skuId === undefined ? options.values().next().value : options.get(skuId);
  if (!selected) throw new DomainError('detailSkuNotFound');
  return {
    shopId: Number(product.shop_id),
    productId,
    productName: product.product_name,
    image: selected.image || product.image,
    price: selected.price,
    originalPrice: selected.originalPrice,
    stockNumber: selected.stockNumber,
    names: namesOf(product.names),
    map,
    skuTool: {
      activityType: selected.activityType,
      ifEnable: selected.ifEnable,
      startTime: selected.startTime,
      endTime: selected.endTime,
      time: selected.time,
      shopSeckillId: selected.shopSeckillId,
      shopDiscountId: selected.shopDiscountId,
      shopGroupWorkId: selected.shopGroupWorkId,
    },
  };
}
