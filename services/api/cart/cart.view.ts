/**
 * `GET /cart/getCart` answer (spec §3 Cart, origin §4 ShopCart/CartSku): shops in the order of their newest line,
 * each with its lines newest first; money in yuan; `selected` and `shelveState` as 1/0.
 */
import type { CartSku, ShopCart } from '../../../domain/cart/cart.contract';
import { fenToYuan } from '../../../domain/shared/money';
import { isInvalidLine, type CartLineView } from './cart.queries';

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
  userLimit: line.userLimit,
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
