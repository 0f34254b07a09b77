/**
 * GET /product/getById (spec §3 "Product detail", origin-contract §3): the product, its shop, the selected SKU with
 * its activity, the option map, coupons with the shopper's state, collect state, impression words, similar products.
 * Only a shelved product of an enabled shop, asked for under its own shop, is shown; anything else is a clear code.
 */
import type { ProductDetail, ProductOptions, Word } from '../../../domain/catalog/detail.contract';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { collectIdOf } from '../collect/collect.queries';
import { couponsForProduct } from '../coupon/coupon.queries';
import { skuActivityOf } from '../promotion/activity';
import { promotionItemsOfProduct } from '../promotion/promotion.queries';
import { sanitiseSellerHtml } from './html-sanitiser';
import { findProduct, paidBuyers, similarProducts, skusOf, type ProductRow } from './product.queries';
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

export async function productDetail(
  db: Queryable, query: DetailQuery, userId: number | null, now: Date, words: ProductWords,
): Promise<ProductDetail> {
  const product = visibleProduct(await findProduct(db, query.productId), query.shopId);
  const [skus, items] = await Promise.all([skusOf(db, query.productId), promotionItemsOfProduct(db, query.productId, now)]);
  const { map, options, activities } = skuOptionsOf(skus, items, now);
  const selected = options.get(query.skuId);
  if (!selected) throw new DomainError('detailSkuNotFound');
  const productId = Number(product.product_id);
  const shopId = Number(product.shop_id);
  const [coupons, collectId, similar, users, productWords] = await Promise.all([
    couponsForProduct(db, { productId, shopId }, userId, now),
    collectIdOf(db, userId, { productId }),
    similarProducts(db, productId, Number(product.category_id)),
    paidBuyers(db, productId),
    words(db, productId),
  ]);
  const item = activities.get(query.skuId) ?? null;
  return {
    ...skuActivityOf(item, now),
    productId,
    skuId: query.skuId,
    productName: product.product_name,
    productBrief: product.product_brief,
    text: sanitiseSellerHtml(product.text),
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
    // Forming groups come from a collage read model, which the group-buy slice has not built yet.
    collageOrders: [],
    markTools: coupons.markTools,
    shopMarkTools: coupons.shopMarkTools,
    names: namesOf(product.names),
    map,
  };
}

/** GET /product/getProducts: the options popup; skuTool describes skuId's activity (default: the first SKU's). */
export async function productOptions(db: Queryable, productId: number, skuId: number | undefined, now: Date): Promise<ProductOptions> {
  const product = visibleProduct(await findProduct(db, productId));
  const [skus, items] = await Promise.all([skusOf(db, productId), promotionItemsOfProduct(db, productId, now)]);
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
