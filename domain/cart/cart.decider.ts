/**
 * The cart decider (spec §5 cart rules). The catalogue is not in the stream: each command carries what the catalogue
 * said of its SKUs when the API read it (`SkuFacts`), and the rules are decided here against the cart's own lines.
 * - quantity 1..stock: adding beyond the stock, or to a sold-out SKU, is 商品库存不足;
 * - a SKU in a running flash sale or discount with a per-person limit holds at most that many: 已超出最大限制购买数量
 *   (80005), as origin's addCart checks 限购 (the submit still counts what the shopper bought before);
 * - off-shelf lines (product unshelved, shop disabled, SKU gone) cannot be changed (选中的商品中有下架商品) nor selected;
 * - deleting needs a selection (请选中需要删除的商品); names the cart does not hold are ignored, so repeats are harmless.
 */
import type { DecideContext, Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { CartEvent } from './cart.events';

/** What the catalogue says of a SKU as the command is decided. */
export interface SkuAvailability {
  skuId: number;
  /** Shelved, in an enabled shop, and still one of the product's SKUs. */
  onSale: boolean;
  stock: number;
  /** Per-person limit of the flash sale or discount running for it now; 0 or absent: none. */
  userLimit?: number;
}

/** A SKU about to enter the cart: its product and shop come along. */
export interface SkuFacts extends SkuAvailability { productId: number; shopId: number }

/** PUT /cart/selected: a shop's flag applies to all its lines, then each SKU's own flag. */
export interface ShopSelection { shopId: number; selected?: boolean; skus: ReadonlyArray<{ skuId: number; selected: boolean }> }

export interface CartLine { skuId: number; productId: number; shopId: number; number: number; selected: boolean }

/** Lines in the order they first came in. */
export interface CartState { readonly lines: ReadonlyMap<number, CartLine> }

export type CartCommand =
  | { type: 'AddToCart'; data: { userId: number; sku: SkuFacts; number: number } }
  | { type: 'ChangeLineNumber'; data: { userId: number; sku: SkuAvailability; number: number } }
  | { type: 'SelectLines'; data: { userId: number; shops: readonly ShopSelection[]; unavailable: readonly number[] } }
  | { type: 'RemoveLines'; data: { userId: number; skuIds: readonly number[] } }
  | { type: 'ClearCart'; data: { userId: number } }
  | { type: 'ClearInvalidLines'; data: { userId: number; invalid: readonly number[] } }
  | { type: 'CheckOutLines'; data: { userId: number; orderId: number; skuIds: readonly number[] } }
  | { type: 'BuyAgain'; data: { userId: number; orderId: number; lines: ReadonlyArray<{ sku: SkuFacts; number: number }> } };

/** Spec §3: the cart count is the number of SKU lines. */
export const cartCount = (state: CartState): number => state.lines.size;

const without = (lines: ReadonlyMap<number, CartLine>, skuIds: readonly number[]) => {
  const next = new Map(lines);
  for (const skuId of skuIds) next.delete(skuId);
  return next;
};

const withSelected = (lines: ReadonlyMap<number, CartLine>, skuIds: readonly number[], selected: boolean) => {
  const next = new Map(lines);
  for (const skuId of skuIds) {
    const line = next.get(skuId);
    if (line) next.set(skuId, { ...line, selected });
  }
  return next;
};

function evolve(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartLineAdded': {
      const { skuId, productId, shopId, number } = event.data;
      return { lines: new Map(state.lines).set(skuId, { skuId, productId, shopId, number, selected: true }) };
    }
    case 'CartBoughtAgain': {
      const lines = new Map(state.lines);
      for (const { skuId, productId, shopId, number } of event.data.lines) lines.set(skuId, { skuId, productId, shopId, number, selected: true });
      return { lines };
    }
    case 'CartLineNumberChanged': {
      const line = state.lines.get(event.data.skuId);
      return line ? { lines: new Map(state.lines).set(line.skuId, { ...line, number: event.data.number }) } : state;
    }
    case 'CartLinesSelected': return { lines: withSelected(state.lines, event.data.skuIds, true) };
    case 'CartLinesUnselected': return { lines: withSelected(state.lines, event.data.skuIds, false) };
    case 'CartLinesRemoved':
    case 'CartCleared':
    case 'CartInvalidLinesCleared':
    case 'CartLinesCheckedOut':
      return { lines: without(state.lines, event.data.skuIds) };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

const overLimit = (sku: SkuAvailability, number: number): boolean => (sku.userLimit ?? 0) > 0 && number > (sku.userLimit ?? 0);

const held = (state: CartState, skuIds: readonly number[]) => [...new Set(skuIds)].filter((skuId) => state.lines.has(skuId));

function decideAdd(state: CartState, userId: number, sku: SkuFacts, added: number): CartEvent[] {
  if (!sku.onSale) fail('detailProductUnshelved');
  const number = (state.lines.get(sku.skuId)?.number ?? 0) + added;
  if (sku.stock <= 0 || number > sku.stock) fail('outOfStock');
  if (overLimit(sku, number)) fail('activityLimitExceeded');
  const { skuId, productId, shopId } = sku;
  return [{ type: 'CartLineAdded', data: { userId, skuId, productId, shopId, added, number } }];
}

function decideNumber(state: CartState, userId: number, sku: SkuAvailability, number: number): CartEvent[] {
  const line = state.lines.get(sku.skuId);
  if (!line) return fail('cartLineNotFound');
  if (!sku.onSale) fail('cartHasUnshelved');
  if (number > sku.stock) fail('outOfStock');
  if (overLimit(sku, number)) fail('activityLimitExceeded');
  if (number === line.number) return [];
  return [{ type: 'CartLineNumberChanged', data: { userId, skuId: sku.skuId, number } }];
}

function decideSelection(state: CartState, command: Extract<CartCommand, { type: 'SelectLines' }>['data']): CartEvent[] {
  const { userId } = command;
  const unavailable = new Set(command.unavailable);
  const wanted = new Map<number, boolean>();
  for (const shop of command.shops) {
    if (shop.selected !== undefined) {
      for (const line of state.lines.values()) if (line.shopId === shop.shopId) wanted.set(line.skuId, shop.selected);
    }
    for (const { skuId, selected } of shop.skus) if (state.lines.has(skuId)) wanted.set(skuId, selected);
  }
  const changes = [...wanted].filter(([skuId, selected]) => state.lines.get(skuId)?.selected !== selected);
  const select = changes.filter(([skuId, selected]) => selected && !unavailable.has(skuId)).map(([skuId]) => skuId);
  const unselect = changes.filter(([, selected]) => !selected).map(([skuId]) => skuId);
  const events: CartEvent[] = [];
  if (select.length > 0) events.push({ type: 'CartLinesSelected', data: { userId, skuIds: select } });
  if (unselect.length > 0) events.push({ type: 'CartLinesUnselected', data: { userId, skuIds: unselect } });
  return events;
}

function decideBuyAgain(state: CartState, command: Extract<CartCommand, { type: 'BuyAgain' }>['data']): CartEvent[] {
  const wanted = new Map<number, { sku: SkuFacts; number: number }>();
  for (const { sku, number } of command.lines) {
    wanted.set(sku.skuId, { sku, number: (wanted.get(sku.skuId)?.number ?? 0) + number });
  }
  const lines = [...wanted.values()].filter(({ sku }) => sku.onSale && sku.stock > 0).map(({ sku, number }) => {
    const had = state.lines.get(sku.skuId)?.number ?? 0;
    // the order's quantity on top of what the cart holds, kept within the stock (spec §5: 1..stock)
    const total = Math.max(1, Math.min(had + number, sku.stock));
    return { skuId: sku.skuId, productId: sku.productId, shopId: sku.shopId, added: Math.max(0, total - had), number: total };
  });
  if (lines.length === 0) return fail('outOfStock');
  return [{ type: 'CartBoughtAgain', data: { userId: command.userId, orderId: command.orderId, lines } }];
}

function decide(command: CartCommand, state: CartState, _context: DecideContext): CartEvent[] {
  const { userId } = command.data;
  switch (command.type) {
    case 'AddToCart': return decideAdd(state, userId, command.data.sku, command.data.number);
    case 'ChangeLineNumber': return decideNumber(state, userId, command.data.sku, command.data.number);
    case 'SelectLines': return decideSelection(state, command.data);
    case 'RemoveLines': {
      if (command.data.skuIds.length === 0) fail('cartNothingToDelete');
      const skuIds = held(state, command.data.skuIds);
      return skuIds.length === 0 ? [] : [{ type: 'CartLinesRemoved', data: { userId, skuIds } }];
    }
    case 'ClearCart': {
      const skuIds = [...state.lines.keys()];
      return skuIds.length === 0 ? [] : [{ type: 'CartCleared', data: { userId, skuIds } }];
    }
    case 'ClearInvalidLines': {
      const skuIds = held(state, command.data.invalid);
      return skuIds.length === 0 ? [] : [{ type: 'CartInvalidLinesCleared', data: { userId, skuIds } }];
    }
    case 'CheckOutLines': {
      const skuIds = held(state, command.data.skuIds);
      return skuIds.length === 0 ? [] : [{ type: 'CartLinesCheckedOut', data: { userId, orderId: command.data.orderId, skuIds } }];
    }
    case 'BuyAgain': return decideBuyAgain(state, command.data);
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  initialState: { lines: new Map() },
  evolve,
  decide,
};
