/**
 * The shopper's unpaid holdings (stream `unpaid-holdings-<userId>`): the caps on what one account may hold unpaid,
 * decided on the account's own stream so that N submits racing each other never pass them together (issue 29).
 *
 * - HoldUnpaid: a checkout's orders are held before anything is reserved for them. Refused with 81007 when the held
 *   orders plus these would pass the unpaid-order cap; with 81008 when the held units of a SKU plus these would pass
 *   that SKU's cap: the unit cap, or — for a small stock — the shopper's share of the SKU's listed stock, so one
 *   account cannot take a whole small stock out of sale for the payment window (unpaidUnitsCapOf). A checkout held
 *   before records nothing again (released or not: its orders are not held twice).
 * - ReleaseUnpaid: an order paid, closed, or given back with its failed checkout; idempotent (an order not held —
 *   placed before this stream existed, released already, never held — records nothing).
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { HeldLine, UnpaidHoldingsEvent, UnpaidReleaseReason } from './unpaid-holdings.events';

/** The caps (UNPAID_ORDERS_PER_USER, UNPAID_UNITS_PER_SKU_PER_USER, UNPAID_SHARE_OF_STOCK_PERCENT). */
export interface UnpaidLimits {
  orders: number;
  unitsPerSku: number;
  /** the share (percent) of a SKU's listed stock one shopper may hold unpaid, at least one unit */
  shareOfStockPercent: number;
}

/**
 * Units of one SKU a shopper may hold unpaid: the unit cap, or their share of the SKU's listed stock when that is
 * smaller — max(1, floor(listed × share%)). With the defaults (50 units, 30 %) the share binds below 170 listed units:
 * of 15, a shopper holds at most 4; of 3 or fewer, one.
 */
export const unpaidUnitsCapOf = (limits: UnpaidLimits, listedQuantity: number): number =>
  Math.min(limits.unitsPerSku, Math.max(1, Math.floor((Math.max(0, listedQuantity) * limits.shareOfStockPercent) / 100)));

export interface UnpaidHoldingsState {
  /** orders held unpaid: orderId → their lines */
  readonly held: ReadonlyMap<number, readonly HeldLine[]>;
  /** every checkout whose orders were held (a released order's checkout does not hold it again) */
  readonly checkouts: ReadonlySet<number>;
}

export interface HoldLine extends HeldLine {
  /** the SKU's listed stock (the catalogue's), for the shopper's share of it */
  listedQuantity: number;
}

export type UnpaidHoldingsCommand =
  | {
    type: 'HoldUnpaid';
    data: { userId: number; checkoutId: number; orders: { orderId: number; lines: HoldLine[] }[]; limits: UnpaidLimits };
  }
  | { type: 'ReleaseUnpaid'; data: { userId: number; orderId: number; reason: UnpaidReleaseReason } };

export const initialUnpaidHoldings: UnpaidHoldingsState = { held: new Map(), checkouts: new Set() };

function evolve(state: UnpaidHoldingsState, event: UnpaidHoldingsEvent): UnpaidHoldingsState {
  switch (event.type) {
    case 'UnpaidOrdersHeld': {
      const held = new Map(state.held);
      for (const order of event.data.orders) held.set(order.orderId, order.lines);
      return { held, checkouts: new Set(state.checkouts).add(event.data.checkoutId) };
    }
    case 'UnpaidOrderReleased': {
      const held = new Map(state.held);
      held.delete(event.data.orderId);
      return { ...state, held };
    }
    default: {
      const unknown: never = event;
      throw new Error(`unknown unpaid holdings event ${(unknown as { type: string }).type}`);
    }
  }
}

/** Units of `skuId` held over every unpaid order. */
const heldUnits = (state: UnpaidHoldingsState, skuId: number): number => {
  let units = 0;
  for (const lines of state.held.values()) for (const line of lines) if (line.skuId === skuId) units += line.number;
  return units;
};

function hold(command: Extract<UnpaidHoldingsCommand, { type: 'HoldUnpaid' }>['data'], state: UnpaidHoldingsState): UnpaidHoldingsEvent[] {
  const { userId, checkoutId, orders, limits } = command;
  if (state.checkouts.has(checkoutId)) return [];
  if (orders.length === 0 || orders.some((o) => o.lines.length === 0)) return fail('badRequest');
  if (state.held.size + orders.length > limits.orders) fail('unpaidOrdersLimit');
  const asked = new Map<number, { units: number; listed: number }>();
  for (const line of orders.flatMap((o) => o.lines)) {
    if (!Number.isSafeInteger(line.number) || line.number <= 0) fail('badRequest');
    const sku = asked.get(line.skuId);
    asked.set(line.skuId, { units: (sku?.units ?? 0) + line.number, listed: Math.min(sku?.listed ?? Infinity, line.listedQuantity) });
  }
  for (const [skuId, { units, listed }] of asked) {
    if (heldUnits(state, skuId) + units > unpaidUnitsCapOf(limits, listed)) fail('unpaidUnitsLimit');
  }
  return [{
    type: 'UnpaidOrdersHeld',
    data: {
      userId, checkoutId,
      orders: orders.map((o) => ({ orderId: o.orderId, lines: o.lines.map(({ skuId, number }) => ({ skuId, number })) })),
    },
  }];
}

function decide(command: UnpaidHoldingsCommand, state: UnpaidHoldingsState): UnpaidHoldingsEvent[] {
  switch (command.type) {
    case 'HoldUnpaid':
      return hold(command.data, state);
    case 'ReleaseUnpaid': {
      const { userId, orderId, reason } = command.data;
      return state.held.has(orderId) ? [{ type: 'UnpaidOrderReleased', data: { userId, orderId, reason } }] : [];
    }
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const unpaidHoldingsDecider: Decider<UnpaidHoldingsCommand, UnpaidHoldingsEvent, UnpaidHoldingsState> = {
  initialState: initialUnpaidHoldings,
  evolve,
  decide: (command, state) => decide(command, state),
};
