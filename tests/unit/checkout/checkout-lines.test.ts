import { activityOfLine, invalidReasonOf, noActivityClaim, priceLine } from '../../../domain/checkout/checkout-lines';
import { DomainError } from '../../../domain/shared/errors';
import { facts, seckill } from './checkout.fixtures';

const request = (skuId: number, number = 1) => ({ shopId: 1, skuId, number, selected: true });
const codeOf = (work: () => unknown) => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('a line of the catalogue', () => {
  it('is invalid when gone, off the shelf, in a disabled shop or short of stock — in that order', () => {
    expect(invalidReasonOf(request(1), null)).toBe('gone');
    expect(invalidReasonOf(request(1), facts(1, { shopId: 2 }))).toBe('gone');
    expect(invalidReasonOf(request(1), facts(1, { shopEnabled: false, shelved: false }))).toBe('shopDisabled');
    expect(invalidReasonOf(request(1), facts(1, { shelved: false }))).toBe('unshelved');
    expect(invalidReasonOf(request(1, 11), facts(1))).toBe('outOfStock');
    expect(invalidReasonOf(request(1, 10), facts(1))).toBeNull();
  });
});

describe('a SKU in a running flash sale', () => {
  const sku = facts(1, { activity: seckill() });

  it('pays the activity price without being asked', () => {
    expect(priceLine(request(1), sku, noActivityClaim)).toMatchObject({ unitPriceFen: 6000, activity: { kind: 'seckill' } });
  });

  it('pays it when the client names that sale, and refuses another sale with 活动已结束', () => {
    expect(activityOfLine(sku, { ...noActivityClaim, shopSeckillId: 5 })?.activityId).toBe(5);
    expect(codeOf(() => activityOfLine(sku, { ...noActivityClaim, shopSeckillId: 6 }))).toBe('81001');
  });
});

describe('a SKU whose named sale is not running', () => {
  it('is refused with 活动已结束 rather than charged another price', () => {
    expect(codeOf(() => activityOfLine(facts(1), { ...noActivityClaim, shopDiscountId: 4 }))).toBe('81001');
  });
});

describe('a SKU whose named sale has not started yet (issue 29)', () => {
  const sku = facts(1, { activity: seckill({ running: false }) });

  it('is refused with 81009 活动未开始, not 活动已结束', () => {
    expect(codeOf(() => activityOfLine(sku, { ...noActivityClaim, shopSeckillId: 5 }))).toBe('81009');
    expect(codeOf(() => activityOfLine(sku, { ...noActivityClaim, shopSeckillId: 6 }))).toBe('81001');
  });

  it('opening a group on a group buy that starts later is 活动未开始 too', () => {
    const later = facts(1, { activity: seckill({ kind: 'group-work', activityId: 8, running: false }) });
    expect(codeOf(() => activityOfLine(later, { ...noActivityClaim, group: true, shopGroupWorkId: 8 }))).toBe('81009');
  });
});

describe('a SKU in a running group buy', () => {
  const sku = facts(1, { activity: seckill({ kind: 'group-work', activityId: 8, priceFen: 5000 }) });

  it('pays the list price bought alone and the group price when opening or joining a group', () => {
    expect(priceLine(request(1), sku, noActivityClaim).unitPriceFen).toBe(10000);
    expect(priceLine(request(1), sku, { ...noActivityClaim, group: true, shopGroupWorkId: 8 }).unitPriceFen).toBe(5000);
  });

  it('cannot open a group on a SKU without a running group buy', () => {
    expect(codeOf(() => activityOfLine(facts(1), { ...noActivityClaim, group: true }))).toBe('81001');
  });
});
