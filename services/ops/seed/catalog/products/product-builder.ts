/**
 * Builds a `ProductListed` from a product seed: one SKU per combination of spec values (option key = the comma-joined
 * value codes, or 单款项 for a single style), prices in fen, stock with a few SKUs sold out, pictures in the
 * category's palette and the SKU's colour, and the detail HTML. Same seed, same event.
 */
import type { LogisticsTemplate, ProductListed, ProductSku } from '../../../../../domain/catalog/catalog.events';
import { imageUrl, type TintName } from '../../../../api/images/image-url';
import { categoryOf } from '../categories.data';
import { between, randomFor, type Random } from '../prng';
import { shopSeed } from '../shops.data';
import { COLOUR_SPECS, tintOfColour, type ProductSeed } from './product-seed';
import { productText } from './product-text';

/** Charge type per top-level category: digital, shoes, home and beauty ship free, fresh food by weight, the rest per item. */
const familyShipping: Record<number, 1 | 2 | 3> = { 1: 3, 2: 1, 3: 3, 4: 1, 5: 2, 6: 3, 7: 1, 8: 3, 9: 1 };

export function logisticsTemplate(shopId: number, chargeType: 1 | 2 | 3): LogisticsTemplate {
  const logisticsId = shopId * 10 + chargeType;
  switch (chargeType) {
    case 1: return { logisticsId, name: '按件计费', chargeType, first: 600, additional: 200 };
    case 2: return { logisticsId, name: '按重量计费', chargeType, first: 1000, additional: 400 };
    case 3: return { logisticsId, name: '全国包邮', chargeType, first: 0, additional: 0 };
    default: {
      const never: never = chargeType;
      return never;
    }
  }
}

/** Every combination of value indexes, first spec slowest: [[0,0],[0,1],[1,0],[1,1]]. */
function combinations(lengths: number[]): number[][] {
  return lengths.reduce<number[][]>((acc, n) => acc.flatMap((prefix) => Array.from({ length: n }, (_, i) => [...prefix, i])), [[]]);
}

const roundTo10Fen = (fen: number): number => Math.max(10, Math.round(fen / 10) * 10);

function originalPriceOf(price: number, random: Random): number {
  const raised = price * (1.15 + random() * 0.35);
  return price >= 1000 ? Math.ceil(raised / 100) * 100 : roundTo10Fen(raised);
}

export function buildProduct(seed: ProductSeed): ProductListed {
  const random = randomFor(`product-${seed.id}`);
  const category = categoryOf(seed.cat);
  const shop = shopSeed(seed.shop);
  const art = seed.art ?? category.art;
  const colourSpec = seed.specs.findIndex((s) => COLOUR_SPECS.includes(s.name));
  const firstColour = colourSpec >= 0 ? tintOfColour(seed.specs[colourSpec].values[0]) : undefined;
  const tint: TintName | undefined = seed.tint ?? firstColour;
  const picture = (v: number, itemTint: TintName | undefined) => imageUrl('product', art, {
    palette: category.palette, ...(itemTint ? { tint: itemTint } : {}), v, label: seed.label, ...(v === 6 ? { sub: shop.shopName } : {}),
  });
  const imageCount = between(random, 3, 6);
  const images = Array.from({ length: imageCount }, (_, i) => picture(i + 1, tint));

  const names = seed.specs.map((s, i) => ({
    nameCode: `attr_code_${i}`,
    skuName: s.name,
    values: s.values.map((value, j) => ({ valueCode: `attr_code_${i}_value_${j}`, skuValue: value })),
  }));
  const skus: ProductSku[] = combinations(seed.specs.map((s) => s.values.length)).map((indexes, position) => {
    let fen = Math.round(seed.price * 100);
    let factor = 1;
    indexes.forEach((j, i) => {
      fen += Math.round((seed.specs[i].add?.[j] ?? 0) * 100);
      factor *= seed.specs[i].mul?.[j] ?? 1;
    });
    const price = position === 0 ? Math.round(seed.price * 100) : roundTo10Fen(fen * factor);
    const soldOutHere = seed.soldOut === true || (position > 0 && random() < 0.1);
    const colour = colourSpec >= 0 ? tintOfColour(seed.specs[colourSpec].values[indexes[colourSpec]]) : undefined;
    return {
      skuId: seed.id * 100 + position + 1,
      valueCodes: indexes.map((j, i) => `attr_code_${i}_value_${j}`),
      price,
      originalPrice: originalPriceOf(price, random),
      stock: soldOutHere ? 0 : between(random, position === 0 ? 60 : 5, 999),
      weightGrams: Math.round(seed.grams * factor),
      image: colourSpec >= 0 ? picture(1, colour ?? tint) : images[0],
    };
  });

  const parent = categoryOf(category.parentId);
  const top = categoryOf(parent.parentId);
  const classifyIndex = shop.classifies.findIndex((c) => c.categories.includes(seed.cat));
  return {
    productId: seed.id,
    shopId: seed.shop,
    categoryId: seed.cat,
    shopClassifyId: classifyIndex >= 0 ? seed.shop * 100 + classifyIndex + 1 : 0,
    productName: seed.name,
    productBrief: seed.brief,
    text: productText({ seed, category: top, path: [top.name, parent.name, category.name], images: images.slice(1),
      origin: `${shop.province}${shop.province === shop.city ? '' : shop.city}` }),
    images,
    names,
    skus,
    logistics: logisticsTemplate(seed.shop, seed.ship ?? familyShipping[top.id]),
    fictitiousSales: Math.floor(12 + random() ** 2 * 9000),
  };
}
