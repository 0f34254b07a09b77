/**
 * `GET /cart/getCart` answer (spec §3 Cart, origin §4 ShopCart/CartSku): shops in the order of their newest line,
 * each with its lines newest first; money in yuan; `selected` and `shelveState` as 1/0.
 */
import { fenToYuan } from '../../../domain/shared/money';
import { isInvalidLine, type CartLineView } from './cart.queries';

export interface CartSku {
  shopId: number;
  skuId: number;
  productId: number;
  productName: string;
  image: string;
  /** The specification as shown: 颜色:红色 尺码:XL ('' for a single-style product). */
  sku: string;
  /** The values joined by ',' as the original API sends them: 红色,XL. */
  value: string;
  values: string[];
  price: number;
  originalPrice: number;
  number: number;
  stockNumber: number;
  /** 1 on sale; 0 off the shelf, shop disabled or SKU gone. */
  shelveState: 0 | 1;
  selected: 0 | 1;
  total: number;
}

export interface ShopCart {
  shopId: number;
  shopName: string;
  shopLogo: string;
  /** 1 when every line of the shop that can be bought is selected. */
  selected: 0 | 1;
  skus: CartSku[];
}

const toSku = (line: CartLineView): CartSku => ({
  shopId: line.shopId,
  skuId: line.skuId,
  productId: line.productId,
  productName: line.productName,
  image: line.image,
  sku: line.skuText,
  value: line.values.join(','),
  values: line.values,
  price: fenToYuan(line.priceFen),
  originalPrice: fenToYuan(line.originalPriceFen),
  number: line.number,
  stockNumber: line.stock,
  shelveState: line.onSale ? 1 : 0,
  selected: line.selected ? 1 : 0,
  total: fenToYuan(line.priceFen * line.number),
});

export function cartByShop(lines: readonly CartLineView[]): ShopCart[] {
  const shops = new Map<number, { shop: Omit<ShopCart, 'selected' | 'skus'>; lines: CartLineView[] }>();
  for (const line of lines) {
    const entry = shops.get(line.shopId) ?? { shop: { shopId: line.shopId, shopName: line.shopName, shopLogo: line.shopLogo }, lines: [] };
    entry.lines.push(line);
    shops.set(line.shopId, entry);
  }
  return [...shops.values()].map(({ shop, lines: shopLines }) => {
    const buyable = shopLines.filter((line) => !isInvalidLine(line));
    const selected = buyable.length > 0 && buyable.every((line) => line.selected) ? 1 : 0;
    return { ...shop, selected, skus: shopLines.map(toSku) };
  });
}
