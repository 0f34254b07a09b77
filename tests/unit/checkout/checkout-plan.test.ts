import { planCheckout } from '../../../domain/checkout/checkout-plan';
import { priceCheckout } from '../../../domain/checkout/checkout-pricing';
import { noCoupons } from '../../../domain/pricing/coupons';
import { selectCoupons } from '../../../domain/checkout/checkout-coupons';
import { NOW, facts, priced, seckill, wallet } from './checkout.fixtures';

const receive = { receiveName: '王五', receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路 8 号' };
const ids = { orders: [{ orderId: 101, orderFormid: '111111111111111' }, { orderId: 102, orderFormid: '222222222222222' }], paymentId: 'JS1' };

describe('a two-shop checkout with a platform coupon and a flash-sale line', () => {
  const lines = [
    priced(facts(1, { activity: seckill({ ifAdd: 1 }) }), 1),
    priced(facts(2), 2, false),
    priced(facts(3, { shopId: 2, logistics: { logisticsId: 2, name: '包邮', chargeType: 3, first: 0, additional: 0 } }), 1),
  ];
  const platform = wallet(9, { couponId: 30, reduceFen: 3000 });
  const { selection, used } = selectCoupons([platform], lines, { platformCouponId: 30, shopClaimIds: new Map() }, NOW);
  const settlement = priceCheckout(lines, receive.receiveAdress, selection);
  const plan = planCheckout({ type: 0, userId: 7, lines, settlement, claims: used, receive, remarks: new Map([[1, '轻放']]), ids, collage: null });

  it('places one order per shop whose price is the settlement payable', () => {
    expect(plan.orders.map((o) => [o.orderId, o.shopId, o.payable])).toEqual([[101, 1, 26000 + 1200 - 1500], [102, 2, 10000 - 1500]]);
    expect(plan.money).toBe(settlement.payableFen);
    const [first] = plan.orders;
    expect(first.place).toMatchObject({ orderFormid: '111111111111111', logisticsPrice: 1200, platformCouponId: 30, shopSeckillId: 5, remark: '轻放' });
    expect(first.place.lines.map((l) => [l.skuId, l.price, l.discount])).toEqual([[1, 6000, 346], [2, 10000, 1154]]);
  });

  it('reserves each SKU and the sale\'s quota for the order holding it', () => {
    expect(plan.stock).toEqual([
      { skuId: 1, orderId: 101, number: 1, listedQuantity: 10 }, { skuId: 2, orderId: 101, number: 2, listedQuantity: 10 },
      { skuId: 3, orderId: 102, number: 1, listedQuantity: 10 },
    ]);
    expect(plan.quotas).toEqual([{ kind: 'seckill', activityId: 5, orderId: 101, lines: [{ skuId: 1, number: 1, limitStock: 0 }], limitNumber: 1 }]);
  });

  it('uses the platform claim for both orders, and takes only selected lines out of the cart', () => {
    expect(plan.coupons).toEqual([{ claimId: 9, couponId: 30, shopCouponId: 0, orderIds: [101, 102], reductionFen: 3000 }]);
    expect(plan.cartSkuIds).toEqual([1, 3]);
    expect(plan.paymentId).toBe('JS1');
  });
});

describe('a checkout that costs nothing', () => {
  it('plans no payment', () => {
    const lines = [priced(facts(1, { listPriceFen: 0, logistics: { logisticsId: 2, name: '包邮', chargeType: 3, first: 0, additional: 0 } }))];
    const settlement = priceCheckout(lines, null, noCoupons());
    const plan = planCheckout({ type: 0, userId: 7, lines, settlement, claims: [], receive, remarks: new Map(), ids, collage: null });
    expect([plan.money, plan.paymentId, plan.orders[0].payable]).toEqual([0, null, 0]);
  });
});

describe('a flash-sale line under an activity stock of 5', () => {
  const planFor = (sold: number, number: number) => {
    const lines = [priced(facts(1, { activity: seckill({ limitStock: 5, sold }) }), number)];
    const settlement = priceCheckout(lines, receive.receiveAdress, noCoupons());
    return () => planCheckout({ type: 3, userId: 7, lines, settlement, claims: [], receive, remarks: new Map(), ids, collage: null });
  };

  it('plans the quota while the stock read model shows enough left', () => {
    expect(planFor(3, 2)().quotas).toEqual([
      { kind: 'seckill', activityId: 5, orderId: 101, lines: [{ skuId: 1, number: 2, limitStock: 5 }], limitNumber: 1 },
    ]);
  });

  it('is refused with 600002 活动商品已售罄 before any step when the read model shows too little left', () => {
    expect(planFor(4, 2)).toThrow(expect.objectContaining({ code: '600002', message: '活动商品已售罄' }));
    expect(planFor(5, 1)).toThrow(expect.objectContaining({ code: '600002' }));
  });

  it('leaves an activity without its own stock (0) to the SKU stock', () => {
    const lines = [priced(facts(1, { activity: seckill({ limitStock: 0, sold: 40 }) }), 1)];
    const settlement = priceCheckout(lines, receive.receiveAdress, noCoupons());
    expect(planCheckout({ type: 3, userId: 7, lines, settlement, claims: [], receive, remarks: new Map(), ids, collage: null }).quotas).toHaveLength(1);
  });
});
