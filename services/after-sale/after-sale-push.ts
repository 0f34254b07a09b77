/**
 * What the shopper's `user:<id>` channel hears when an after-sale changes state (the merchant agreed, the refund
 * arrived...): `{afterSale: {afterId, orderId, afterState}}`, derived from the log (services/realtime/push-feed.ts)
 * once the after-sales read model applied it, with the position of the after-sale's last event in the batch. The web
 * refreshes its after-sale screens on it.
 */
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import { afterSaleEventTypes, afterSaleStream, type AfterSaleEvent } from '../../domain/after-sale/after-sale.events';
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import { fold } from '../../domain/shared/decider';
import type { EventStore } from '../event-store/event-store.port';
import { lastPerKey, streamNumber, type ChannelPush, type PushSource } from '../realtime/push-source';

export interface AfterSalePush { afterSale: { afterId: number; orderId: number; afterState: number } }

export function afterSalePushes(store: EventStore): PushSource {
  return {
    name: 'after-sale',
    handles: afterSaleEventTypes,
    projections: ['after_sales'],
    async pushes(events) {
      const pushes: ChannelPush[] = [];
      for (const [afterId, last] of lastPerKey(events, (e) => streamNumber(e.streamId, 'after-sale'))) {
        const stream = (await store.readStream(afterSaleStream(afterId))).filter((e) => e.revision <= last.revision);
        const state = fold(afterSaleDecider, stream.map((e) => ({ type: e.type, data: e.data }) as AfterSaleEvent));
        const application = state.context.application;
        const afterState = afterStateOf(state);
        if (!application || afterState === null) continue;
        const payload: AfterSalePush = { afterSale: { afterId: application.afterId, orderId: application.orderId, afterState } };
        pushes.push({ channel: `user:${application.buyerUserId}`, payload, position: last.position });
      }
      return pushes;
    },
  };
}
