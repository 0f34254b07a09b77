import type { SnapshotFrom } from 'xstate';
import type { DecideContext, Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { acceptedBy, evolveThrough, initialSnapshot } from '../shared/machine-decider';
import type { CollageCommand } from './collage.commands';
import type { CollageEvent } from './collage.events';
import { collageMachine, hasRoom, isLeaderOrder, memberOf, paidMembers } from './collage.machine';

export type CollageState = SnapshotFrom<typeof collageMachine>;

const HOUR_MS = 60 * 60 * 1000;

function decideCollage(command: CollageCommand, state: CollageState, { now }: DecideContext): CollageEvent[] {
  const c = state.context;
  const at = now.toISOString();
  switch (command.type) {
    case 'OpenCollage': {
      const { effectiveHours, ...opened } = command.data;
      if (c.collage) fail('collageStateChanged');
      const deadline = new Date(now.getTime() + effectiveHours * HOUR_MS).toISOString();
      return [{ type: 'CollageOpened', data: { ...opened, openedAt: at, deadline } }];
    }
    case 'JoinCollage':
      if (!state.matches('forming') || !hasRoom(c)) fail('collageFull');
      return [{ type: 'CollageMemberJoined', data: { ...command.data, joinedAt: at } }];
    case 'RecordMemberPayment': {
      const member = memberOf(c, command.data.orderId);
      if (member?.paidAt) return [];
      const events: CollageEvent[] = [{ type: 'CollageMemberPaid', data: { orderId: command.data.orderId, paidAt: at } }];
      if (c.collage && paidMembers(c).length + 1 === c.collage.size) {
        const orderIds = [...paidMembers(c).map((m) => m.orderId), command.data.orderId];
        events.push({ type: 'CollageSucceeded', data: { orderIds, succeededAt: at } });
      }
      return events;
    }
    case 'LeaveCollage': {
      const { orderId, reason } = command.data;
      if (!isLeaderOrder(c, orderId)) return [{ type: 'CollageMemberLeft', data: { orderId, reason, leftAt: at } }];
      // the group cannot go on without the one who opened it; the leader's own order is already being closed
      const orderIds = c.members.filter((m) => m.orderId !== orderId).map((m) => m.orderId);
      return [{ type: 'CollageFailed', data: { reason: 'leader-left', orderIds, failedAt: at } }];
    }
    case 'FailCollageAtDeadline':
      if (!c.collage || Date.parse(c.collage.deadline) > now.getTime()) fail('collageStateChanged');
      return [{ type: 'CollageFailed', data: { reason: 'deadline', orderIds: c.members.map((m) => m.orderId), failedAt: at } }];
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const collageDecider: Decider<CollageCommand, CollageEvent, CollageState> = {
  initialState: initialSnapshot(collageMachine),
  evolve: evolveThrough(collageMachine),
  decide: (command, state, context) =>
    acceptedBy(collageMachine, state, decideCollage(command, state, context), 'collageStateChanged'),
};

/** For the payment process: after recording a member's payment, is the group still forming? (PayOrder.groupForming) */
export const stillFormingAfter = (decided: CollageEvent[]): boolean => !decided.some((e) => e.type === 'CollageSucceeded');
