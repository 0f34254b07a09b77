import { activityQuotaDecider, type ActivityQuotaCommand } from '../../../domain/stock/activity-quota.decider';
import type { ActivityQuotaEvent } from '../../../domain/stock/activity-quota.events';
import { given, rejectionOf } from '../support/decider-spec';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const quota = (...history: ActivityQuotaEvent[]) => given(activityQuotaDecider, history);
const reserve = (reservationId: number, userId: number, lines: Array<[skuId: number, number: number]>, limitStock = 5, limitNumber = 2): ActivityQuotaCommand => ({
  type: 'ReserveActivityQuota',
  data: { kind: 'seckill', activityId: 3, reservationId, userId, lines: lines.map(([skuId, number]) => ({ skuId, number, limitStock })), limitNumber },
});
const reserved = (reservationId: number, userId: number, lines: Array<[number, number]>): ActivityQuotaEvent => ({
  type: 'ActivityQuotaReserved',
  data: { kind: 'seckill', activityId: 3, reservationId, userId, lines: lines.map(([skuId, number]) => ({ skuId, number })) },
});

describe('a flash sale with 5 units of SKU 11 and a limit of 2 per shopper', () => {
  const history = [reserved(1, 100, [[11, 2]]), reserved(2, 101, [[11, 2]])];

  it('takes an order that fits both limits', () => {
    expect(quota(...history).when(reserve(3, 102, [[11, 1]]), NOW).events).toEqual([reserved(3, 102, [[11, 1]])]);
  });

  it('refuses more than the activity stock left with 活动商品已售罄', () => {
    expect(rejectionOf(quota(...history).when(reserve(3, 102, [[11, 2]]), NOW))).toEqual({ code: '600002', message: '活动商品已售罄' });
  });

  it('refuses a shopper past the limit over all the sale\'s SKUs with 已超出最大限制购买数量', () => {
    expect(rejectionOf(quota(...history).when(reserve(3, 100, [[12, 1]]), NOW))).toEqual({ code: '80005', message: '已超出最大限制购买数量' });
  });

  it('counts no activity stock of its own when limitStock is 0', () => {
    expect(quota(...history).when(reserve(3, 102, [[11, 2]], 0), NOW).events).toHaveLength(1);
  });

  it('frees the units and the shopper\'s share when an order gives them back', () => {
    const released = quota(...history).when({ type: 'ReleaseActivityQuota', data: { reservationId: 1, reason: 'order-closed' } }, NOW).events;
    expect(released).toEqual([{ type: 'ActivityQuotaReleased', data: { ...reserved(1, 100, [[11, 2]]).data, reason: 'order-closed' } }]);
    expect(quota(...history, ...released).when(reserve(3, 100, [[11, 2]]), NOW).events).toHaveLength(1);
  });
});
