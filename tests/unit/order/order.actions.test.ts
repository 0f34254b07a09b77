import { orderActions } from '../../../domain/order/order.actions';
import type { OrderActionInput } from '../../../domain/order/order.actions';
import { orderDecider } from '../../../domain/order/order.decider';
import type { OrderEvent } from '../../../domain/order/order.events';
import { orderView } from '../../../domain/order/order.view';
import { fold } from '../../../domain/shared/decider';
import {
  DAY, afterSaleOpened, at, autoConfirmPaused, cancelled, confirmed, paid, placed, reviewed, shipped,
} from './order.fixtures';

const kinds = (input: OrderActionInput) => orderActions(input).map((a) => a.kind);
const base = { paymentState: 0, ifAfter: 0, ifNotComment: 0 };

describe('the actions a shopper is offered per order state (spec §4)', () => {
  it.each([
    [1, base, ['pay', 'cancel']],
    [6, { ...base, paymentState: 1 }, ['cancel']],
    [6, base, ['pay', 'cancel']],
    [2, { ...base, paymentState: 1 }, ['remindShipment', 'afterSale']],
    [3, { ...base, paymentState: 1, ifAfter: 1 }, ['confirmReceipt', 'afterSale', 'viewLogistics']],
    [3, { ...base, paymentState: 1, ifAfter: 0 }, ['viewLogistics']],
    [4, { ...base, paymentState: 1, ifAfter: 1, ifNotComment: 1 }, ['buyAgain', 'afterSale', 'review']],
    [4, { ...base, paymentState: 1, ifAfter: 0, ifNotComment: 0 }, ['buyAgain']],
    [5, base, ['buyAgain', 'delete']],
  ])('state %i with %o offers %j', (state, fields, expected) => {
    expect(kinds({ state, ...fields })).toEqual(expected);
  });

  it('goes to after-sale directly in 2 and through the product picker in 3 and 4', () => {
    expect(orderActions({ state: 2, ...base })).toContainEqual({ kind: 'afterSale', mode: 'direct' });
    expect(orderActions({ state: 3, ...base, ifAfter: true })).toContainEqual({ kind: 'afterSale', mode: 'picker' });
    expect(orderActions({ state: 4, ...base, ifAfter: 1 })).toContainEqual({ kind: 'afterSale', mode: 'picker' });
  });

  it.each([
    ['a discount', { shopDiscountId: 3 }, true],
    ['a group buy', { shopGroupWorkId: 41 }, true],
    ['a flash sale', { shopSeckillId: 5 }, true],
    ['no activity', { shopDiscountId: 0, shopGroupWorkId: null }, false],
  ])('disables buy again for an order with %s: %s', (_name, ids, disabled) => {
    expect(orderActions({ state: 4, ...base, ...ids })).toContainEqual({ kind: 'buyAgain', disabled });
  });
});

describe('the order view derived from the machine state', () => {
  const view = (events: OrderEvent[], minutes: number) => orderView(fold(orderDecider, events), at(minutes));

  it('is absent before the order is placed', () => {
    expect(view([], 0)).toBeNull();
  });

  it('counts down to the payment deadline while unpaid', () => {
    expect(view([placed()], 20)).toMatchObject({ state: 1, stateName: '待付款', paymentState: 0, time: 40 * 60_000, ifAfter: 0 });
    expect(view([placed()], 90)?.time).toBe(0);
  });

  it('shows a paid group order waiting for members as 6 待成团', () => {
    expect(view([placed({ collageId: 88 }), paid(true)], 20)).toMatchObject({ state: 6, stateName: '待成团', paymentState: 1, collageId: 88 });
  });

  it('counts down to automatic receipt in 3 and offers after-sale and receipt', () => {
    const v = view([placed(), paid(), shipped], 2 * DAY);
    expect(v).toMatchObject({ state: 3, time: 14 * DAY * 60_000, ifAfter: 1, autoConfirmPaused: false });
    expect(orderActions(v!).map((a) => a.kind)).toEqual(['confirmReceipt', 'afterSale', 'viewLogistics']);
  });

  it('hides receipt confirmation and the picker while an after-sale is open', () => {
    const v = view([placed(), paid(), shipped, afterSaleOpened(1, [11]), autoConfirmPaused], 3 * DAY);
    expect(orderActions(v!).map((a) => a.kind)).toEqual(['viewLogistics']);
  });

  it('asks for reviews in 4 until every line is reviewed', () => {
    const done = [placed(), paid(), shipped, confirmed()];
    expect(orderActions(view(done, 4 * DAY)!).map((a) => a.kind)).toEqual(['buyAgain', 'afterSale', 'review']);
    const allReviewed = view([...done, reviewed(11, 1), reviewed(12, 2)], 4 * DAY);
    expect(allReviewed?.ifNotComment).toBe(0);
    expect(allReviewed?.lines.map((l) => l.commentId)).toEqual([1, 2]);
  });

  it('marks a deleted closed order as deleted, still in 5', () => {
    const deletedAt = { type: 'OrderDeleted', data: { deletedAt: at(30).toISOString() } } as const;
    expect(view([placed(), cancelled(), deletedAt], 31)).toMatchObject({ state: 5, stateName: '已关闭', deleted: true });
  });
});
