/**
 * The shopper's favourites as a decider: collecting what is already collected changes nothing (the existing
 * collectId stays the answer). Cancelling is all or nothing: an id the shopper does not hold — cancelled already, never
 * made, or another shopper's — answers 收藏不存在 and nothing is cancelled.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { CollectEvent } from './collect.events';

export interface Collected { collectId: number; kind: 'shop' | 'product'; shopId: number; productId: number }

export interface CollectState { readonly byId: ReadonlyMap<number, Collected> }

export type CollectCommand =
  | { type: 'CollectShop'; data: { userId: number; shopId: number; collectId: number } }
  | { type: 'CollectProduct'; data: { userId: number; productId: number; shopId: number; collectId: number } }
  | { type: 'CancelCollects'; data: { userId: number; ids: readonly number[] } };

/** The collect of a shop or a product, if the shopper holds one. */
export function findCollect(state: CollectState, target: { shopId: number } | { productId: number }): Collected | null {
  for (const collected of state.byId.values()) {
    if ('productId' in target) {
      if (collected.kind === 'product' && collected.productId === target.productId) return collected;
    } else if (collected.kind === 'shop' && collected.shopId === target.shopId) return collected;
  }
  return null;
}

function evolve(state: CollectState, event: CollectEvent): CollectState {
  const byId = new Map(state.byId);
  switch (event.type) {
    case 'ShopCollected':
      byId.set(event.data.collectId, { collectId: event.data.collectId, kind: 'shop', shopId: event.data.shopId, productId: 0 });
      break;
    case 'ProductCollected':
      byId.set(event.data.collectId, {
        collectId: event.data.collectId, kind: 'product', shopId: event.data.shopId, productId: event.data.productId,
      });
      break;
    case 'ShopUncollected':
    case 'ProductUncollected':
      byId.delete(event.data.collectId);
      break;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
  return { byId };
}

function decide(command: CollectCommand, state: CollectState): CollectEvent[] {
  switch (command.type) {
    case 'CollectShop': {
      if (findCollect(state, { shopId: command.data.shopId })) return [];
      return [{ type: 'ShopCollected', data: command.data }];
    }
    case 'CollectProduct': {
      if (findCollect(state, { productId: command.data.productId })) return [];
      return [{ type: 'ProductCollected', data: command.data }];
    }
    case 'CancelCollects': {
      const { userId } = command.data;
      const held = [...new Set(command.data.ids)].map((id) => state.byId.get(id));
      if (held.some((c) => c === undefined)) return fail('collectNotFound');
      return held.filter((c): c is Collected => c !== undefined).map((c): CollectEvent => (c.kind === 'shop'
        ? { type: 'ShopUncollected', data: { collectId: c.collectId, userId, shopId: c.shopId } }
        : { type: 'ProductUncollected', data: { collectId: c.collectId, userId, productId: c.productId, shopId: c.shopId } }));
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const collectDecider: Decider<CollectCommand, CollectEvent, CollectState> = {
  initialState: { byId: new Map() },
  evolve,
  decide,
};
