/**
 * The activity quota decider (stream `<kind>-quota-<activityId>`). A reservation (one order's lines in the activity)
 * must fit each SKU's activity stock (limitStock; 0 = no activity stock of its own, only the SKU's stock counts) —
 * else 活动商品已售罄 (600002) — and the shopper's limit over every SKU of the activity (limitNumber; 0 = no limit) —
 * else 已超出最大限制购买数量 (80005). The limits come with the command (the promotions read model at submit); what
 * was sold is this stream's own count of live reservations.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { ActivityQuotaEvent, ActivityQuotaReserved, PromotionKind, QuotaLine } from './activity-quota.events';

type Reservation = ActivityQuotaReserved['data'];

export interface ActivityQuotaState {
  /** Live reservations by reservationId. */
  readonly live: ReadonlyMap<number, Reservation>;
  /** Every reservation id ever taken. */
  readonly seen: ReadonlySet<number>;
}

export type ActivityQuotaCommand =
  | {
    type: 'ReserveActivityQuota';
    data: {
      kind: PromotionKind; activityId: number; reservationId: number; userId: number;
      lines: Array<QuotaLine & { limitStock: number }>; limitNumber: number;
    };
  }
  | { type: 'ReleaseActivityQuota'; data: { reservationId: number; reason: 'checkout-failed' | 'order-closed' } };

const units = (lines: readonly QuotaLine[], skuId?: number): number =>
  lines.filter((l) => skuId === undefined || l.skuId === skuId).reduce((sum, l) => sum + l.number, 0);

export const soldOf = (state: ActivityQuotaState, skuId: number): number =>
  [...state.live.values()].reduce((sum, r) => sum + units(r.lines, skuId), 0);

export const boughtBy = (state: ActivityQuotaState, userId: number): number =>
  [...state.live.values()].filter((r) => r.userId === userId).reduce((sum, r) => sum + units(r.lines), 0);

function evolve(state: ActivityQuotaState, event: ActivityQuotaEvent): ActivityQuotaState {
  switch (event.type) {
    case 'ActivityQuotaReserved':
      return {
        live: new Map(state.live).set(event.data.reservationId, event.data),
        seen: new Set(state.seen).add(event.data.reservationId),
      };
    case 'ActivityQuotaReleased': {
      const live = new Map(state.live);
      live.delete(event.data.reservationId);
      return { ...state, live };
    }
    default: {
      const unknown: never = event;
      throw new Error(`unknown activity quota event ${(unknown as { type: string }).type}`);
    }
  }
}

function decide(command: ActivityQuotaCommand, state: ActivityQuotaState): ActivityQuotaEvent[] {
  switch (command.type) {
    case 'ReserveActivityQuota': {
      const { limitNumber, lines, ...reservation } = command.data;
      if (state.seen.has(reservation.reservationId)) return [];
      if (lines.some((l) => l.limitStock > 0 && soldOf(state, l.skuId) + l.number > l.limitStock)) return fail('activitySoldOut');
      if (limitNumber > 0 && boughtBy(state, reservation.userId) + units(lines) > limitNumber) return fail('activityLimitExceeded');
      return [{ type: 'ActivityQuotaReserved', data: { ...reservation, lines: lines.map(({ skuId, number }) => ({ skuId, number })) } }];
    }
    case 'ReleaseActivityQuota': {
      const taken = state.live.get(command.data.reservationId);
      if (!taken) return [];
      return [{ type: 'ActivityQuotaReleased', data: { ...taken, reason: command.data.reason } }];
    }
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const activityQuotaDecider: Decider<ActivityQuotaCommand, ActivityQuotaEvent, ActivityQuotaState> = {
  initialState: { live: new Map(), seen: new Set() },
  evolve,
  decide: (command, state) => decide(command, state),
};
