import { given, rejectionOf } from '../../tests/unit/support/decider-spec';
import { footprintDecider, type FootprintCommand } from './footprint.decider';
import type { FootprintEvent } from './footprint.events';

// 2025-03-01 23:30 in Shanghai is 15:30 UTC; 40 minutes later it is the next day there
const lateEvening = new Date('2025-03-01T15:30:00.000Z');
const afterMidnight = new Date('2025-03-01T16:10:00.000Z');

const view = (productId: number, skuId = productId * 10): FootprintCommand => ({ type: 'RecordView', data: { userId: 7, productId, shopId: 9, skuId } });
const viewed = (footprintId: number, productId: number, at: Date, day: string): FootprintEvent => ({
  type: 'ProductViewed',
  data: { userId: 7, productId, shopId: 9, footprintId, skuId: productId * 10, day, viewedAt: at.toISOString() },
});
const history = (...events: FootprintEvent[]) => given(footprintDecider, events);

describe('an empty browse history', () => {
  it('records the first view as footprint 1 on the Shanghai day', () => {
    expect(history().when(view(101), lateEvening).events).toEqual([viewed(1, 101, lateEvening, '2025-03-01')]);
  });
});

describe('a product already viewed today', () => {
  const today = [viewed(1, 101, lateEvening, '2025-03-01')];

  it('records nothing for another view the same day, whatever the sku', () => {
    expect(history(...today).when(view(101, 1011), lateEvening).events).toEqual([]);
  });

  it('records the view again after midnight in Shanghai with the next id', () => {
    expect(history(...today).when(view(101), afterMidnight).events).toEqual([viewed(2, 101, afterMidnight, '2025-03-02')]);
  });

  it('records it again once the entry was deleted', () => {
    const deleted: FootprintEvent = { type: 'FootprintsDeleted', data: { userId: 7, footprintIds: [1] } };
    expect(history(...today, deleted).when(view(101), lateEvening).events).toEqual([viewed(2, 101, lateEvening, '2025-03-01')]);
  });
});

describe('a history of two days', () => {
  const days = [
    viewed(1, 101, lateEvening, '2025-03-01'), viewed(2, 102, lateEvening, '2025-03-01'), viewed(3, 103, afterMidnight, '2025-03-02'),
  ];
  const remove = (ids: number[], dayList: string[] = []): FootprintCommand => ({ type: 'DeleteFootprints', data: { userId: 7, ids, days: dayList } });

  it('deletes entries by id and whole days', () => {
    expect(history(...days).when(remove([3], ['2025-03-01']), afterMidnight).events)
      .toEqual([{ type: 'FootprintsDeleted', data: { userId: 7, footprintIds: [1, 2, 3] } }]);
  });

  it('answers an id it does not hold as missing and deletes nothing of the batch', () => {
    expect(rejectionOf(history(...days).when(remove([3, 99], ['2025-03-01']), afterMidnight)))
      .toEqual({ code: '510006', message: '浏览记录不存在或已删除' });
  });

  it('records nothing for a day without entries', () => {
    expect(history(...days).when(remove([], ['2024-01-01']), afterMidnight).events).toEqual([]);
  });
});
