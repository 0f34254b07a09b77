import { assign, setup } from 'xstate';
import type { CollageEvent, CollageFailed, CollageMember, CollageOpened } from './collage.events';

/**
 * The group-buy lifecycle (DESIGN.md §7): 0 forming → 1 succeeded when the N-th member pays, → 2 failed at the
 * deadline or when the leader leaves. Members who joined but left (cancelled, unpaid) free their place.
 */
export interface CollageMemberState extends CollageMember { joinedAt: string; paidAt: string | null }

export interface CollageContext {
  collage: Omit<CollageOpened['data'], 'leader'> | null;
  /** members in the group, the leader first, in joining order */
  members: CollageMemberState[];
  succeededAt: string | null;
  failed: Omit<CollageFailed['data'], 'orderIds'> | null;
}

const emptyCollageContext: CollageContext = { collage: null, members: [], succeededAt: null, failed: null };

const ofType = <T extends CollageEvent['type']>(event: CollageEvent, type: T): Extract<CollageEvent, { type: T }> | null =>
  (event.type === type ? event as Extract<CollageEvent, { type: T }> : null);

export const paidMembers = (c: CollageContext): CollageMemberState[] => c.members.filter((m) => m.paidAt !== null);
export const hasRoom = (c: CollageContext): boolean => c.members.length < (c.collage?.size ?? 0);
export const memberOf = (c: CollageContext, orderId: number): CollageMemberState | undefined =>
  c.members.find((m) => m.orderId === orderId);
export const isLeaderOrder = (c: CollageContext, orderId: number): boolean => c.members[0]?.orderId === orderId;

export const collageMachine = setup({
  types: { context: {} as CollageContext, events: {} as CollageEvent },
  guards: {
    newMemberWithRoom: ({ context, event }) => {
      const e = ofType(event, 'CollageMemberJoined');
      return e !== null && hasRoom(context) && !context.members.some((m) => m.userId === e.data.userId || m.orderId === e.data.orderId);
    },
    unpaidMember: ({ context, event }) => {
      const e = ofType(event, 'CollageMemberPaid');
      return e !== null && memberOf(context, e.data.orderId)?.paidAt === null;
    },
    followerMember: ({ context, event }) => {
      const e = ofType(event, 'CollageMemberLeft');
      return e !== null && memberOf(context, e.data.orderId) !== undefined && !isLeaderOrder(context, e.data.orderId);
    },
    everyPlacePaid: ({ context }) => paidMembers(context).length === context.collage?.size,
  },
  actions: {
    recordOpened: assign(({ event }) => {
      const e = ofType(event, 'CollageOpened');
      if (!e) return {};
      const { leader, ...collage } = e.data;
      return { collage, members: [{ ...leader, joinedAt: collage.openedAt, paidAt: null }] };
    }),
    recordJoined: assign(({ context, event }) => {
      const e = ofType(event, 'CollageMemberJoined');
      return e ? { members: [...context.members, { ...e.data, paidAt: null }] } : {};
    }),
    recordPaid: assign(({ context, event }) => {
      const e = ofType(event, 'CollageMemberPaid');
      if (!e) return {};
      return { members: context.members.map((m) => (m.orderId === e.data.orderId ? { ...m, paidAt: e.data.paidAt } : m)) };
    }),
    recordLeft: assign(({ context, event }) => {
      const e = ofType(event, 'CollageMemberLeft');
      return e ? { members: context.members.filter((m) => m.orderId !== e.data.orderId) } : {};
    }),
    recordSucceeded: assign(({ event }) => ({ succeededAt: ofType(event, 'CollageSucceeded')?.data.succeededAt ?? null })),
    recordFailed: assign(({ event }) => {
      const e = ofType(event, 'CollageFailed');
      return e ? { failed: { reason: e.data.reason, failedAt: e.data.failedAt } } : {};
    }),
  },
}).createMachine({
  id: 'collage',
  context: emptyCollageContext,
  initial: 'notOpened',
  states: {
    notOpened: { on: { CollageOpened: { target: 'forming', actions: 'recordOpened' } } },
    forming: {
      on: {
        CollageMemberJoined: { guard: 'newMemberWithRoom', actions: 'recordJoined' },
        CollageMemberPaid: { guard: 'unpaidMember', actions: 'recordPaid' },
        CollageMemberLeft: { guard: 'followerMember', actions: 'recordLeft' },
        CollageSucceeded: { guard: 'everyPlacePaid', target: 'succeeded', actions: 'recordSucceeded' },
        CollageFailed: { target: 'failed', actions: 'recordFailed' },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type CollageMachine = typeof collageMachine;
