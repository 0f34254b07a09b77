/**
 * Pushes on `collage:<id>` (DESIGN.md §9), derived from the log (services/realtime/push-feed.ts): a member joined or
 * paid or left, the group formed or failed. The payload is the group as it stood at its last event in the batch
 * (collageView: state 0 待成团 / 1 拼团成功 / 2 拼团失败, person, people still missing, personList, time), sent once the
 * `orders` read model (order tabs, group rows) has it. Order detail and the invite dialog follow it live.
 */
import { collageDecider } from '../../domain/group-buy/collage.decider';
import { collageEventTypes, type CollageEvent } from '../../domain/group-buy/collage.events';
import { collageView } from '../../domain/group-buy/collage.view';
import { fold } from '../../domain/shared/decider';
import type { EventStore } from '../event-store/event-store.port';
import { lastPerKey, streamNumber, type ChannelPush, type PushSource } from '../realtime/push-source';

export const collageChannel = (collageId: number): string => `collage:${collageId}`;

export function collagePushes(store: EventStore, clock: () => Date): PushSource {
  return {
    name: 'collage',
    handles: collageEventTypes,
    projections: ['orders'],
    async pushes(events) {
      const pushes: ChannelPush[] = [];
      for (const [collageId, last] of lastPerKey(events, (e) => streamNumber(e.streamId, 'collage'))) {
        const stream = (await store.readStream(`collage-${collageId}`)).filter((e) => e.revision <= last.revision);
        const view = collageView(fold(collageDecider, stream.map((e) => ({ type: e.type, data: e.data }) as CollageEvent)), clock());
        if (view) pushes.push({ channel: collageChannel(collageId), payload: view, position: last.position });
      }
      return pushes;
    },
  };
}

/** The `collage` channel policy: any signed-in shopper (the invite page shows the group to friends who may join). */
export const anyShopper = (userId: number | null): boolean => userId !== null;
