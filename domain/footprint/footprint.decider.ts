/**
 * A shopper's browse history (stream `footprint-<userId>`). Viewing a product already in today's history changes
 * nothing, so the stream grows by at most one event per product per day. Deleting names entries by id and whole days
 * (spec §7 DELETE ids, times). An id the shopper does not hold (never had, or already deleted) answers 浏览记录不存在或已删除
 * and deletes nothing of the batch, as every user-centre delete answers a foreign id (issue 12); a day without entries
 * is simply empty.
 */
import { fail } from '../shared/errors';
import type { Decider, DecideContext } from '../shared/decider';
import { shanghaiDate } from '../shared/time';
import type { FootprintEvent } from './footprint.events';

interface Entry { productId: number; day: string }

export interface FootprintState {
  /** Ids handed out so far: the next view gets lastId + 1. */
  readonly lastId: number;
  /** Entries still in the history, by footprint id. */
  readonly entries: ReadonlyMap<number, Entry>;
}

export type FootprintCommand =
  | { type: 'RecordView'; data: { userId: number; productId: number; shopId: number; skuId: number } }
  | { type: 'DeleteFootprints'; data: { userId: number; ids: readonly number[]; days: readonly string[] } };

function evolve(state: FootprintState, event: FootprintEvent): FootprintState {
  switch (event.type) {
    case 'ProductViewed': {
      const entries = new Map(state.entries);
      entries.set(event.data.footprintId, { productId: event.data.productId, day: event.data.day });
      return { lastId: Math.max(state.lastId, event.data.footprintId), entries };
    }
    case 'FootprintsDeleted': {
      const entries = new Map(state.entries);
      for (const id of event.data.footprintIds) entries.delete(id);
      return { ...state, entries };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function decide(command: FootprintCommand, state: FootprintState, { now }: DecideContext): FootprintEvent[] {
  switch (command.type) {
    case 'RecordView': {
      const day = shanghaiDate(now);
      for (const entry of state.entries.values()) {
        if (entry.productId === command.data.productId && entry.day === day) return [];
      }
      return [{
        type: 'ProductViewed',
        data: { ...command.data, footprintId: state.lastId + 1, day, viewedAt: now.toISOString() },
      }];
    }
    case 'DeleteFootprints': {
      const ids = new Set(command.data.ids);
      if ([...ids].some((id) => !state.entries.has(id))) return fail('footprintNotFound');
      const days = new Set(command.data.days);
      const footprintIds = [...state.entries].filter(([id, entry]) => ids.has(id) || days.has(entry.day)).map(([id]) => id);
      return footprintIds.length === 0 ? [] : [{ type: 'FootprintsDeleted', data: { userId: command.data.userId, footprintIds } }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const footprintDecider: Decider<FootprintCommand, FootprintEvent, FootprintState> = {
  initialState: { lastId: 0, entries: new Map() },
  evolve,
  decide,
};
