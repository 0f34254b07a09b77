/** The order decider's ReviewLines (POST /order/addComment): a received order's lines reviewed in one append, or none. */
import { orderDecider } from '../../../domain/order/order.decider';
import type { LineReview } from '../../../domain/order/order.commands';
import type { OrderEvent } from '../../../domain/order/order.events';
import { orderView } from '../../../domain/order/order.view';
import { given, rejectionOf } from '../support/decider-spec';
import { DAY, at, cmd, confirmed, iso, paid, placed, reviewed, shipped } from '../order/order.fixtures';

const order = (...history: OrderEvent[]) => given(orderDecider, history);
const received = [placed(), paid(), shipped, confirmed()];
const lineReview = (skuId: number, commentId: number, over: Partial<LineReview> = {}): LineReview => ({
  skuId, commentId, comment: '很好', star: 5, impressions: ['值得买'], images: ['/api/images/uploads/a.png'], ...over,
});
const reviewLines = (...reviews: LineReview[]) => cmd('ReviewLines', { reviews });

describe('a received order (4) whose lines await review', () => {
  it('records every reviewed line with its content in one decision, and ifNotComment clears', () => {
    const { events } = order(...received).when(reviewLines(lineReview(11, 1), lineReview(12, 2, { star: 3, images: [] })), at(4 * DAY));
    expect(events).toEqual([
      { type: 'LineReviewed', data: { ...lineReview(11, 1), reviewedAt: iso(4 * DAY) } },
      { type: 'LineReviewed', data: { ...lineReview(12, 2, { star: 3, images: [] }), reviewedAt: iso(4 * DAY) } },
    ]);
    expect(orderView(order(...received, ...events).state, at(4 * DAY))?.ifNotComment).toBe(0);
  });

  it('refuses the whole batch with 已评价过该商品 when one line was already reviewed, or appears twice', () => {
    expect(rejectionOf(order(...received, reviewed(11, 9)).when(reviewLines(lineReview(12, 2), lineReview(11, 3)), at(4 * DAY))))
      .toEqual({ code: '400002', message: '已评价过该商品' });
    expect(rejectionOf(order(...received).when(reviewLines(lineReview(12, 2), lineReview(12, 3)), at(4 * DAY))))
      .toEqual({ code: '400002', message: '已评价过该商品' });
  });

  it('refuses a line the order does not have with 订单中没有该商品', () => {
    expect(rejectionOf(order(...received).when(reviewLines(lineReview(99, 2)), at(4 * DAY))))
      .toEqual({ code: '400003', message: '订单中没有该商品' });
  });
});

describe('an order not yet received (3)', () => {
  it('refuses a review with 订单状态已变更', () => {
    expect(rejectionOf(order(placed(), paid(), shipped).when(reviewLines(lineReview(11, 1)), at(2 * DAY))))
      .toEqual({ code: '400001', message: '订单状态已变更' });
  });
});
