/**
 * The cart count on the shopper's channel `user:<id>` as `{cartNumber}`, derived from the log
 * (services/realtime/push-feed.ts) once the cart read model applied the change, with the position of the cart's last
 * event in the batch: the top bar's badge follows changes made through any instance, on any page or tab.
 */
import { cartCount, cartDecider } from '../../../domain/cart/cart.decider';
import { cartEventTypes, cartStream, type CartEvent } from '../../../domain/cart/cart.events';
import { fold } from '../../../domain/shared/decider';
import type { EventStore } from '../../event-store/event-store.port';
import { lastPerKey, streamNumber, type ChannelPush, type PushSource } from '../../realtime/push-source';
import { cartChannel } from './cart.commands';

export function cartPushes(store: EventStore): PushSource {
  return {
    name: 'cart',
    handles: cartEventTypes,
    projections: ['cart'],
    async pushes(events) {
      const pushes: ChannelPush[] = [];
      for (const [userId, last] of lastPerKey(events, (e) => streamNumber(e.streamId, 'cart'))) {
        const stream = (await store.readStream(cartStream(userId))).filter((e) => e.revision <= last.revision);
        const state = fold(cartDecider, stream.map((e) => ({ type: e.type, data: e.data }) as CartEvent));
        pushes.push({ channel: cartChannel(userId), payload: { cartNumber: cartCount(state) }, position: last.position });
      }
      return pushes;
    },
  };
}
