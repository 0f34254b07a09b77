/**
 * The cart page's rules on the data of GET /cart/getCart (spec §2 Cart, §5 cart rules): which lines can be bought,
 * what is selected, the total, the selection calls for a SKU / a shop / everything, and where 结算 leads.
 */
import type { Cart, CartSku, ShopCart } from '../../../../domain/cart/cart.contract';
import { CartCheckout, cartQuantityRule, OUT_OF_STOCK } from '../../../../domain/rules/cart.rule';
import { yuanToFen } from '../../../../domain/shared/money';
import type { ShopSelection } from './api/select-lines';

/** Off the shelf (product, shop or SKU) or sold out: shown greyed, never selected nor checked out. */
export const isInvalid = (sku: CartSku): boolean => sku.shelveState !== 1 || sku.stockNumber <= 0;

export const invalidReason = (sku: CartSku): string | null =>
  sku.shelveState !== 1 ? '已下架' : sku.stockNumber <= 0 ? '已售罄' : null;

export const allLines = (cart: Cart): CartSku[] => cart.flatMap((shop) => shop.skus);

export const buyableLines = (cart: Cart): CartSku[] => allLines(cart).filter((sku) => !isInvalid(sku));

export const selectedLines = (cart: Cart): CartSku[] => buyableLines(cart).filter((sku) => sku.selected === 1);

/** Every buyable line of the shop (or of the cart) is selected, and there is one. */
export const allSelected = (lines: CartSku[]): boolean => {
  const buyable = lines.filter((sku) => !isInvalid(sku));
  return buyable.length > 0 && buyable.every((sku) => sku.selected === 1);
};

export interface CartSummary { lines: number; units: number; totalFen: number }

export function summaryOf(cart: Cart): CartSummary {
  const selected = selectedLines(cart);
  return {
    lines: selected.length,
    units: selected.reduce((sum, sku) => sum + sku.number, 0),
    totalFen: selected.reduce((sum, sku) => sum + yuanToFen(sku.price) * sku.number, 0),
  };
}

const flag = (selected: boolean): 0 | 1 => (selected ? 1 : 0);

export const selectSku = (sku: CartSku, selected: boolean): ShopSelection[] =>
  [{ shopId: sku.shopId, skus: [{ skuId: sku.skuId, selected: flag(selected) }] }];

export const selectShop = (shop: ShopCart, selected: boolean): ShopSelection[] => [{ shopId: shop.shopId, selected: flag(selected), skus: [] }];

export const selectAll = (cart: Cart, selected: boolean): ShopSelection[] => cart.map((shop) => selectShop(shop, selected)[0]);

/** The quantity rule of spec §5 (1..stock, and the activity's per-person limit) for the stepper; null when fine. */
export function quantityProblem(sku: CartSku, number: number): string | null {
  const result = cartQuantityRule(sku.stockNumber, sku.userLimit).safeParse(number);
  return result.success ? null : result.error.issues[0]?.message ?? OUT_OF_STOCK;
}

/** Why 结算 cannot go on (请至少选中一件商品 / 选中的商品中有下架商品 / 商品库存不足), or null. */
export function checkoutProblem(cart: Cart): string | null {
  const lines = allLines(cart);
  const checked = CartCheckout.safeParse(lines.map((sku) => ({ selected: sku.selected, shelveState: sku.shelveState })));
  if (!checked.success) return checked.error.issues[0]?.message ?? null;
  const selected = lines.filter((sku) => sku.selected === 1);
  if (selected.some((sku) => sku.stockNumber <= 0 || sku.number > sku.stockNumber)) return OUT_OF_STOCK;
  return null;
}

/** 结算 → `/placeOrder?type=2&ifWork=0&shops=<JSON>` with the selected lines per shop (selected: 1 = from the cart). */
export function placeOrderHref(cart: Cart): string {
  const shops = cart
    .map((shop) => ({
      shopId: shop.shopId,
      skus: shop.skus.filter((sku) => sku.selected === 1 && !isInvalid(sku)).map((sku) => ({ skuId: sku.skuId, number: sku.number, selected: 1 })),
    }))
    .filter((shop) => shop.skus.length > 0);
  return `/placeOrder?type=2&ifWork=0&shops=${encodeURIComponent(JSON.stringify(shops))}`;
}
