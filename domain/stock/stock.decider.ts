/**
 * The stock decider (stream `sku-<skuId>`). Reserving on a stream nobody initialised yet first records the catalogue's
 * listed quantity (the command carries it; later listings do not change a stream that exists). A reservation needs
 * the whole number available, else 商品库存不足; the same reservation asked twice records nothing the second time;
 * releasing returns exactly what that reservation took, once.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { StockEvent, StockReleaseReason } from './stock.events';

export interface StockState {
  readonly skuId: number | null;
  /** Units available to reserve now. */
  readonly available: number;
  /** Live reservations: reservationId → units. */
  readonly reservations: ReadonlyMap<number, number>;
  /** Every reservation ever taken (a released one is not taken again under the same id). */
  readonly seen: ReadonlySet<number>;
}

export type StockCommand =
  | { type: 'ReserveStock'; data: { skuId: number; reservationId: number; userId: number; number: number; listedQuantity: number } }
  | { type: 'ReleaseStock'; data: { skuId: number; reservationId: number; reason: StockReleaseReason } }
  | { type: 'RestockSku'; data: { skuId: number; added: number; listedQuantity: number } };

export const initialStockState: StockState = { skuId: null, available: 0, reservations: new Map(), seen: new Set() };

function evolve(state: StockState, event: StockEvent): StockState {
  switch (event.type) {
    case 'StockInitialised':
      return { ...state, skuId: event.data.skuId, available: event.data.quantity };
    case 'StockReserved': {
      const reservations = new Map(state.reservations).set(event.data.reservationId, event.data.number);
      const seen = new Set(state.seen).add(event.data.reservationId);
      return { ...state, available: state.available - event.data.number, reservations, seen };
    }
    case 'StockReleased': {
      const reservations = new Map(state.reservations);
      reservations.delete(event.data.reservationId);
      return { ...state, available: state.available + event.data.number, reservations };
    }
    case 'StockRestocked':
      return { ...state, available: state.available + event.data.added };
    default: {
      const unknown: never = event;
      throw new Error(`unknown stock event ${(unknown as { type: string }).type}`);
    }
  }
}

/** The StockInitialised a command needs first on a stream nobody initialised yet. */
const initialiseIfNew = (state: StockState, skuId: number, listedQuantity: number): StockEvent[] =>
  (state.skuId === null ? [{ type: 'StockInitialised', data: { skuId, quantity: Math.max(0, listedQuantity) } }] : []);

function decide(command: StockCommand, state: StockState): StockEvent[] {
  switch (command.type) {
    case 'ReserveStock': {
      const { skuId, reservationId, userId, number, listedQuantity } = command.data;
      if (state.seen.has(reservationId)) return [];
      const init = initialiseIfNew(state, skuId, listedQuantity);
      const available = init.length > 0 ? Math.max(0, listedQuantity) : state.available;
      if (!Number.isSafeInteger(number) || number <= 0) return fail('badRequest');
      if (number > available) return fail('outOfStock');
      return [...init, { type: 'StockReserved', data: { skuId, reservationId, userId, number, available: available - number } }];
    }
    case 'ReleaseStock': {
      const { skuId, reservationId, reason } = command.data;
      const number = state.reservations.get(reservationId);
      if (number === undefined) return [];
      return [{ type: 'StockReleased', data: { skuId, reservationId, number, reason, available: state.available + number } }];
    }
    case 'RestockSku': {
      const { skuId, added, listedQuantity } = command.data;
      if (!Number.isSafeInteger(added) || added <= 0) return fail('badRequest');
      const init = initialiseIfNew(state, skuId, listedQuantity);
      const available = init.length > 0 ? Math.max(0, listedQuantity) : state.available;
      return [...init, { type: 'StockRestocked', data: { skuId, added, available: available + added } }];
    }
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: initialStockState,
  evolve,
  decide: (command, state) => decide(command, state),
};
