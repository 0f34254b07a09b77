import type { AnyMachineSnapshot } from 'xstate';
import { CollageEvent, collageEventTypes } from '../group-buy/collage.events';
import type { CollageContext } from '../group-buy/collage.machine';
import { collageMachine, paidMembers } from '../group-buy/collage.machine';
import { collageStateNames, collageStateNumber } from '../group-buy/collage.view';
import { formatShanghai } from '../shared/time';
import { machineLifecycle } from './lifecycle';
import type { RecordedFact } from './lifecycle';

function summarizeCollage(fact: RecordedFact, before: AnyMachineSnapshot): string {
  const parsed = CollageEvent.safeParse(fact);
  if (!parsed.success) return fact.type;
  const event = parsed.data;
  const c = before.context as CollageContext;
  switch (event.type) {
    case 'CollageOpened':
      return `团长开团（${event.data.size} 人团，${formatShanghai(event.data.deadline)} 截止）`;
    case 'CollageMemberJoined':
      return '团员参团';
    case 'CollageMemberPaid': {
      const missing = (c.collage?.size ?? 0) - paidMembers(c).length - 1;
      return missing > 0 ? `团员支付成功（还差 ${missing} 人）` : '团员支付成功（人数已满）';
    }
    case 'CollageMemberLeft':
      return event.data.reason === 'unpaid-timeout' ? '团员超时未支付，退出拼团' : '团员取消订单，退出拼团';
    case 'CollageSucceeded':
      return `拼团成功（${event.data.orderIds.length} 人）`;
    case 'CollageFailed':
      return event.data.reason === 'deadline' ? '拼团失败（超时未成团）' : '拼团失败（团长取消）';
    default: {
      const unknown: never = event;
      return (unknown as RecordedFact).type;
    }
  }
}

export const collageLifecycle = machineLifecycle(collageMachine, {
  name: 'collage',
  types: collageEventTypes,
  status: (state) => {
    const n = collageStateNumber(state as Parameters<typeof collageStateNumber>[0]);
    return n === null ? null : { code: n, name: collageStateNames[n] };
  },
  summarize: summarizeCollage,
});
