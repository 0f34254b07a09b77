import { afterSaleRowOf, type KeptEvent } from '../../../projections/after-sales/after-sale-row';
import { afterSaleNotices } from '../../../projections/notices/after-sale-notices';
import type { RecordedEvent } from '../../../services/event-store/event-store.port';
import { history, submitted } from '../after-sale/after-sale.fixtures';

const kept = (events: ReturnType<typeof history.reviewRejected>, actors: KeptEvent['actor'][]): KeptEvent[] =>
  events.map((e, i) => ({ type: e.type, data: e.data, at: `2025-03-0${i + 1}T02:00:00.000Z`, actor: actors[i] }));

const recorded = (event: { type: string; data: unknown }, eventId: string): RecordedEvent => ({
  type: event.type, data: event.data, streamId: 'after-sale-88', revision: 0, position: { commit: 1n, prepare: 1n },
  metadata: { eventId, actor: { kind: 'system' }, occurredAt: '2025-03-01T02:00:00.000Z', schemaVersion: 1 },
} as RecordedEvent);

describe('an after-sale row', () => {
  it('stands where its events led, in the completed or in-progress tab, with who did what', () => {
    const row = afterSaleRowOf(kept(history.reviewRejected(1), ['user', 'merchant']));
    expect(row).toMatchObject({
      after_id: 88, user_id: 7, after_state: 6, tab: 1, reason: '商品已使用', price_fen: 9000,
      auto_close_at: '2025-03-06T02:00:00.000Z', created_at: '2025-03-01T02:00:00.000Z', updated_at: '2025-03-02T02:00:00.000Z',
    });
    expect(row?.history.map((h) => [h.name, h.title])).toEqual([
      ['买家', '买家申请仅退款（不想要了），退款金额¥90.00'], ['商家', '商家拒绝售后申请：商品已使用'],
    ]);
  });

  it('is in the completed tab once refused after the return', () => {
    expect(afterSaleRowOf(kept(history.returnRefused(), ['user', 'merchant', 'user', 'merchant']))?.tab).toBe(2);
  });

  it('does not exist before its application', () => {
    expect(afterSaleRowOf([])).toBeNull();
  });
});

describe('after-sale letters', () => {
  it('tell the applicant each new state and open the after-sale', () => {
    const letters = afterSaleNotices([recorded(submitted(1), 'e1'), recorded(history.refunding()[1], 'e2')], new Map());
    expect(letters.map((l) => [l.noticeTitle, l.userId, l.jump, l.only])).toEqual([
      ['售后单审核中', 7, 3, 88], ['售后单退款中', 7, 3, 88],
    ]);
    expect(letters[1].noticeContent).toBe('您的售后单SH123456789123456：商家同意退款');
  });

  it('find the applicant of an after-sale submitted in an earlier batch, and keep their id per event', () => {
    const owner = new Map([[88, { userId: 7, afterFormid: 'SH1' }]]);
    const once = afterSaleNotices([recorded(history.refunding()[1], 'e2')], owner);
    const again = afterSaleNotices([recorded(history.refunding()[1], 'e2')], owner);
    expect(once[0].noticeId).toBe(again[0].noticeId);
    expect(afterSaleNotices([recorded(history.refunding()[1], 'e2')], new Map())).toEqual([]);
  });
});
