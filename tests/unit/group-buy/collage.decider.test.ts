import { collageDecider, stillFormingAfter } from '../../../domain/group-buy/collage.decider';
import type { CollageEvent } from '../../../domain/group-buy/collage.events';
import { collageView } from '../../../domain/group-buy/collage.view';
import { given, rejectionOf } from '../support/decider-spec';
import { at, cmd, iso, joined, leader, left, member, opened, paid } from './collage.fixtures';

const collage = (...history: CollageEvent[]) => given(collageDecider, history);
const view = (history: CollageEvent[], minutes: number) => collageView(collage(...history).state, at(minutes));
const full = { code: '600001', message: '该拼单已成团' };
const stateChanged = { code: '600003', message: '拼单状态已变更' };

describe('a group not yet opened', () => {
  it('is opened by the leader with a deadline the activity hours later', () => {
    const open = cmd('OpenCollage', {
      collageId: 88, shopGroupWorkId: 41, shopId: 9, productId: 101, skuId: 11, size: 3, effectiveHours: 24, leader,
    });
    const { events } = collage().when(open, at(0));
    expect(events).toEqual([opened()]);
    expect(view(events, 60)).toEqual({
      collageId: 88, state: 0, person: 3, people: 3, time: 23 * 3_600_000, openedAt: iso(0), deadline: iso(24 * 60),
      personList: [{ id: 501, headImage: 'https://img/leader.png' }],
    });
  });

  it('rejects joining a group that does not exist with 该拼单已成团', () => {
    expect(rejectionOf(collage().when(cmd('JoinCollage', member(1)), at(1)))).toEqual(full);
  });
});

describe('a forming group of 3', () => {
  it('takes a member who joins', () => {
    expect(collage(opened()).when(cmd('JoinCollage', member(1)), at(1)).events).toEqual([joined(1)]);
  });

  it('rejects a fourth member while three places are taken with 该拼单已成团', () => {
    expect(rejectionOf(collage(opened(), joined(1), joined(2)).when(cmd('JoinCollage', member(3)), at(5)))).toEqual(full);
  });

  it('rejects the same shopper joining twice', () => {
    expect(rejectionOf(collage(opened(), joined(1)).when(cmd('JoinCollage', member(1)), at(5)))).toEqual(stateChanged);
  });

  it('records payments and lists the leader first, then payers in paying order', () => {
    const history = [opened(), joined(1), joined(2), paid(8002, 20), paid(7001, 25)];
    expect(view(history, 30)).toMatchObject({
      state: 0, people: 1, personList: [{ id: 501 }, { id: 602 }].map((p) => expect.objectContaining(p)),
    });
    const { events } = collage(opened(), joined(1)).when(cmd('RecordMemberPayment', { orderId: 8001 }), at(30));
    expect(events).toEqual([paid(8001)]);
    expect(stillFormingAfter(events)).toBe(true);
  });

  it('succeeds when the third member pays, naming the paid orders', () => {
    const history = [opened(), joined(1), joined(2), paid(7001, 10), paid(8001, 20)];
    const { events } = collage(...history).when(cmd('RecordMemberPayment', { orderId: 8002 }), at(30));
    expect(events).toEqual([paid(8002), { type: 'CollageSucceeded', data: { orderIds: [7001, 8001, 8002], succeededAt: iso(30) } }]);
    expect(stillFormingAfter(events)).toBe(false);
    expect(view([...history, ...events], 40)).toMatchObject({ state: 1, people: 0, time: 0 });
  });

  it('decides nothing for a payment recorded twice and rejects a payment from a non-member', () => {
    expect(collage(opened(), paid(7001)).when(cmd('RecordMemberPayment', { orderId: 7001 }), at(31)).events).toEqual([]);
    expect(rejectionOf(collage(opened()).when(cmd('RecordMemberPayment', { orderId: 9999 }), at(31)))).toEqual(stateChanged);
  });

  it('frees the place of a member who leaves', () => {
    const history = [opened(), joined(1), joined(2)];
    const { events } = collage(...history).when(cmd('LeaveCollage', { orderId: 8001, reason: 'unpaid-timeout' }), at(60));
    expect(events).toEqual([left(8001)]);
    expect(collage(...history, ...events).when(cmd('JoinCollage', member(3)), at(61)).events).toEqual([joined(3, 61)]);
  });

  it('rejects a leave for an order not in the group', () => {
    expect(rejectionOf(collage(opened()).when(cmd('LeaveCollage', { orderId: 9999, reason: 'cancelled' }), at(60)))).toEqual(stateChanged);
  });

  it('fails when the leader leaves, naming the other members to close', () => {
    const { events } = collage(opened(), joined(1)).when(cmd('LeaveCollage', { orderId: 7001, reason: 'cancelled' }), at(60));
    expect(events).toEqual([{ type: 'CollageFailed', data: { reason: 'leader-left', orderIds: [8001], failedAt: iso(60) } }]);
  });

  it('fails at its deadline, naming every member order', () => {
    const { events } = collage(opened(), joined(1), paid(8001)).when(cmd('FailCollageAtDeadline', {}), at(24 * 60));
    expect(events).toEqual([{ type: 'CollageFailed', data: { reason: 'deadline', orderIds: [7001, 8001], failedAt: iso(24 * 60) } }]);
    expect(view([opened(), joined(1), paid(8001), ...events], 24 * 60)).toMatchObject({ state: 2, time: 0 });
  });

  it('rejects the deadline timer fired early', () => {
    expect(rejectionOf(collage(opened()).when(cmd('FailCollageAtDeadline', {}), at(24 * 60 - 1)))).toEqual(stateChanged);
  });
});

describe('a finished group', () => {
  const succeeded: CollageEvent[] = [
    opened(2), joined(1), paid(7001), paid(8001), { type: 'CollageSucceeded', data: { orderIds: [7001, 8001], succeededAt: iso(30) } },
  ];
  const failed: CollageEvent[] = [opened(), { type: 'CollageFailed', data: { reason: 'deadline', orderIds: [7001], failedAt: iso(24 * 60) } }];

  it.each([['succeeded', succeeded], ['failed', failed]])('rejects joining a %s group with 该拼单已成团', (_name, history) => {
    expect(rejectionOf(collage(...history).when(cmd('JoinCollage', member(5)), at(24 * 60 + 1)))).toEqual(full);
  });

  it('rejects a leave or a late payment once finished', () => {
    expect(rejectionOf(collage(...succeeded).when(cmd('LeaveCollage', { orderId: 8001, reason: 'cancelled' }), at(40)))).toEqual(stateChanged);
    const joinedThenFailed: CollageEvent[] = [opened(), joined(1), failed[1]];
    expect(rejectionOf(collage(...joinedThenFailed).when(cmd('RecordMemberPayment', { orderId: 8001 }), at(24 * 60 + 1)))).toEqual(stateChanged);
  });

  it('rejects the deadline timer after success (stale timer)', () => {
    expect(rejectionOf(collage(...succeeded).when(cmd('FailCollageAtDeadline', {}), at(24 * 60)))).toEqual(stateChanged);
  });

  it('rejects opening it again', () => {
    const open = cmd('OpenCollage', {
      collageId: 88, shopGroupWorkId: 41, shopId: 9, productId: 101, skuId: 11, size: 3, effectiveHours: 24, leader,
    });
    expect(rejectionOf(collage(...failed).when(open, at(0)))).toEqual(stateChanged);
  });
});
