import type { AnyMachineSnapshot } from 'xstate';
import type { CollageEvent } from '../../../domain/group-buy/collage.events';
import type { CollageContext } from '../../../domain/group-buy/collage.machine';
import { collageMachine } from '../../../domain/group-buy/collage.machine';
import { measureTransitionCoverage } from '../support/transition-coverage';
import { iso, joined, left, opened, paid } from './collage.fixtures';

/**
 * Model-based walk of the collage machine: a group of 2 (leader + member 1, member 2 as the one too many),
 * every member paying or leaving, success naming the paid orders, failure at any point while forming.
 */
function sampleEvents(snapshot: AnyMachineSnapshot): CollageEvent[] {
  const c = snapshot.context as CollageContext;
  return [
    opened(2), joined(1), joined(2),
    ...c.members.flatMap((m) => [paid(m.orderId), left(m.orderId)]),
    { type: 'CollageSucceeded', data: { orderIds: c.members.map((m) => m.orderId), succeededAt: iso(40) } },
    { type: 'CollageFailed', data: { reason: 'deadline', orderIds: c.members.map((m) => m.orderId), failedAt: iso(24 * 60) } },
  ];
}

describe('the collage machine walked along every simple path', () => {
  const result = measureTransitionCoverage('collage', collageMachine, sampleEvents);

  it('covers every defined transition', () => {
    expect(result.missing).toEqual([]);
    expect(result.percent).toBe(100);
  });

  it('defines opening, joining, paying, leaving, success and failure', () => {
    expect(result.defined).toEqual([
      'forming --CollageFailed--> failed',
      'forming --CollageMemberJoined--> forming',
      'forming --CollageMemberLeft--> forming',
      'forming --CollageMemberPaid--> forming',
      'forming --CollageSucceeded--> succeeded',
      'notOpened --CollageOpened--> forming',
    ]);
  });
});
