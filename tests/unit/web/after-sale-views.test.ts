import {
  applicationOf,
  firstProblem,
  goodsStateChoices,
  linesTotal,
  parseOrderData,
  type AfterSaleOrder,
} from '../../../web/src/features/after-sale/after-sale-apply.model';
import {
  afterSaleDetailHref,
  afterSalePushOf,
  deadlineHint,
  digitsOnly,
  newestFirst,
  detailView,
  remainingText,
  statusLabelOf,
} from '../../../web/src/features/after-sale/after-sale.model';

const order: AfterSaleOrder = {
  orderId: 10001,
  orderFormid: '2025030112000001',
  state: 4,
  skus: [
    { skuId: 11, productName: '苹果', image: '/a.png', value: '5斤', number: 2, price: 19.9 },
    { skuId: 12, productName: '梨', image: '', value: '', number: 1, price: 0.3 },
  ],
};

describe('the serialized order of /afterSale?state=1', () => {
  it('is read back with its chosen lines', () => {
    const raw = JSON.stringify({ ...order, shopName: '果园', extra: 'ignored' });
    expect(parseOrderData(raw)).toMatchObject({ orderId: 10001, orderFormid: '2025030112000001', skus: [{ skuId: 11 }, { skuId: 12 }] });
  });

  it('carries a completed order\'s 售后截止时间 for the apply page (issue 29)', () => {
    const raw = JSON.stringify({ ...order, afterSaleUntil: '2025-03-16 10:00:00' });
    expect(parseOrderData(raw)?.afterSaleUntil).toBe('2025-03-16 10:00:00');
  });

  it.each([[null], [''], ['not json'], ['{"orderId":1}'], [JSON.stringify({ ...order, skus: [] })]])(
    'is missing when the route carries %j',
    (raw) => {
      expect(parseOrderData(raw)).toBeNull();
    },
  );
});

describe('an application being filled in', () => {
  const complete = { afterType: 2 as const, goodsState: 1 as const, returnReason: '商品破损', explain: '压坏了', images: ['/p1.png', '/p2.png'] };

  it.each([
    [{ images: [] }, '请选择售后方式'],
    [{ afterType: 1 as const, images: [] }, '请选择货物状态'],
    [{ afterType: 1 as const, goodsState: 0 as const, images: [] }, '请选择售后理由'],
    [{ ...complete, images: ['1', '2', '3', '4', '5', '6'] }, '最多上传5张图片'],
  ])('with %j first asks: %s', (values, message) => {
    expect(firstProblem(order, values)).toBe(message);
  });

  it('is complete with type, goods state and reason', () => {
    expect(firstProblem(order, complete)).toBeNull();
  });

  it('sends every chosen line whole, the images comma-joined and the lines\' total as the client price', () => {
    expect(applicationOf(order, complete)).toEqual({
      orderId: 10001,
      afterType: 2,
      goodsState: 1,
      returnReason: '商品破损',
      explain: '压坏了',
      image: '/p1.png,/p2.png',
      skus: [{ skuId: 11, number: 2 }, { skuId: 12, number: 1 }],
      price: 40.1,
    });
    expect(linesTotal(order)).toBe(40.1);
  });

  it('offers only 未收到货 for an order not yet shipped', () => {
    expect(goodsStateChoices({ state: 2 })).toEqual([0]);
    expect(goodsStateChoices({ state: 3 })).toEqual([0, 1]);
  });
});

describe('the after-sale detail screen', () => {
  const detail = (afterState: number, afterType: number, returnAdress = '') => ({ afterState, afterType, returnAdress });

  it('offers 撤销申请 on a refund-only application under review', () => {
    expect(detailView(detail(1, 1))).toMatchObject({ status: '审核中', buttons: ['withdrawApplication'], asksReturnLogistics: false });
  });

  it('offers 申请平台介入 and 撤销退货 on a rejected return', () => {
    expect(detailView(detail(6, 2)).buttons).toEqual(['requestPlatformIntervention', 'withdrawReturn']);
  });

  it('offers only 申请平台介入 when the merchant refused the refund of returned goods', () => {
    expect(detailView(detail(8, 2)).buttons).toEqual(['requestPlatformIntervention']);
  });

  it('asks for the return shipment in 审核通过 and shows where the goods go', () => {
    const view = detailView(detail(10, 2, '广东省深圳市南山区科技园 1 号'));
    expect(view).toMatchObject({ status: '审核通过', buttons: [], asksReturnLogistics: true, showsReturnAddress: true });
  });

  it.each([2, 3, 5, 7, 9])('offers nothing in state %i', (afterState) => {
    expect(detailView(detail(afterState, 2)).buttons).toEqual([]);
    expect(detailView(detail(afterState, 2)).asksReturnLogistics).toBe(false);
  });

  it('shows the refund amount only in 退款成功', () => {
    expect(detailView(detail(4, 1)).showsRefund).toBe(true);
    expect(detailView(detail(2, 1)).showsRefund).toBe(false);
  });

  it('hides the return address of a refund-only application', () => {
    expect(detailView(detail(2, 1, '某地')).showsReturnAddress).toBe(false);
  });

  it('names every state as spec §4 does and nothing for an unknown one', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(statusLabelOf)).toEqual([
      '审核中', '退款中', '退货中', '退款成功', '退款失败', '审核不通过', '平台介入中', '退货完成拒绝退款', '已关闭', '审核通过',
    ]);
    expect(statusLabelOf(0)).toBe('');
  });

  it('links each after-sale to its detail with state 2, afterId and orderId', () => {
    expect(afterSaleDetailHref({ afterId: 7, orderId: 10001 })).toBe('/afterSale?state=2&afterId=7&orderId=10001');
  });
});

describe('the time left before the after-sale closes itself', () => {
  it.each([
    [3 * 24 * 3600_000, '3天0小时0分'],
    [(2 * 24 * 60 + 23 * 60 + 59) * 60_000, '2天23小时59分'],
    [90 * 60_000, '1小时30分'],
    [5_000, '1分'],
  ])('%i ms reads %s', (ms, text) => {
    expect(remainingText(ms)).toBe(text);
  });

  it('is told to the shopper who must send the goods back', () => {
    expect(deadlineHint({ afterState: 10, time: 90 * 60_000 })).toBe('请在 1小时30分 内寄回商品并填写物流信息，超时售后将自动关闭');
  });

  it('is not told once nobody is waited for', () => {
    expect(deadlineHint({ afterState: 2, time: 90 * 60_000 })).toBeNull();
    expect(deadlineHint({ afterState: 1, time: 0 })).toBeNull();
  });
});

describe('the return waybill input', () => {
  it('keeps only digits', () => {
    expect(digitsOnly('SF 7730-1234 5678')).toBe('773012345678');
  });
});

describe('the after-sale history', () => {
  const entry = (title: string, time: string) => ({ title, reason: '', name: '', time, images: [] });

  it('shows the newest step first, steps of the same second in the order they happened reversed', () => {
    const history = [
      entry('买家申请退货退款', '2026-11-26 15:20:28'),
      entry('商家同意退货', '2026-11-26 15:20:32'),
      entry('商家已收到退货', '2026-11-26 15:20:36'),
      entry('退款成功', '2026-11-26 15:20:36'),
    ];
    expect(newestFirst(history).map((e) => e.title)).toEqual(['退款成功', '商家已收到退货', '商家同意退货', '买家申请退货退款']);
  });
});

describe('a push on the shopper\'s channel', () => {
  it('is read as an after-sale change when it carries one', () => {
    expect(afterSalePushOf({ afterSale: { afterId: 7, orderId: 10001, afterState: 10 } })).toEqual({ afterId: 7, orderId: 10001, afterState: 10 });
  });

  it.each([[{ cartNumber: 3 }], [null], ['text'], [{ afterSale: { afterId: '7', orderId: 1, afterState: 1 } }]])('is ignored when it is %j', (payload) => {
    expect(afterSalePushOf(payload)).toBeNull();
  });
});
