import { afterSaleActionSuccess, afterSaleActions, showsRefundAmount } from '../../../domain/after-sale/after-sale.actions';
import { afterStateLabels, tabOf } from '../../../domain/after-sale/after-sale.states';

describe('the after-sale detail screen of a refund-only application', () => {
  it.each([
    [1, ['withdrawApplication']],
    [2, []],
    [4, []],
    [6, ['requestPlatformIntervention', 'withdrawApplication']],
    [7, []],
    [9, []],
    [10, ['withdrawApplication', 'enterReturnLogistics']],
  ])('in state %i offers %j', (afterState, actions) => {
    expect(afterSaleActions({ afterState, afterType: 1 })).toEqual(actions);
  });
});

describe('the after-sale detail screen of a return-and-refund application', () => {
  it.each([
    [1, ['withdrawReturn']],
    [3, []],
    [5, []],
    [6, ['requestPlatformIntervention', 'withdrawReturn']],
    [8, ['requestPlatformIntervention']],
    [10, ['enterReturnLogistics']],
  ])('in state %i offers %j', (afterState, actions) => {
    expect(afterSaleActions({ afterState, afterType: 2 })).toEqual(actions);
  });
});

describe('a detail action that succeeded', () => {
  it('shows the spec\'s success message', () => {
    expect(afterSaleActionSuccess).toEqual({
      requestPlatformIntervention: '申请平台介入成功',
      withdrawApplication: '撤销申请成功',
      withdrawReturn: '撤销退货成功',
      enterReturnLogistics: '录入物流成功',
    });
  });
});

describe('the refund amount on the detail screen', () => {
  it.each([[4, true], [2, false], [5, false], [9, false]])('in state %i is shown: %s', (afterState, shown) => {
    expect(showsRefundAmount({ afterState })).toBe(shown);
  });
});

describe('the after-sale list tabs', () => {
  it('put 4, 8 and 9 under completed and the rest in progress', () => {
    const states = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
    expect(states.filter((s) => tabOf(s) === 2)).toEqual([4, 8, 9]);
    expect(states.filter((s) => tabOf(s) === 1)).toEqual([1, 2, 3, 5, 6, 7, 10]);
  });

  it('label every state as the API names it', () => {
    expect(Object.values(afterStateLabels)).toEqual([
      '审核中', '退款中', '退货中', '退款成功', '退款失败', '审核不通过', '平台介入中', '退货完成拒绝退款', '已关闭', '审核通过',
    ]);
  });
});
