import type { AfterType } from '../rules/after-sale.rule';
import { AfterState } from './after-sale.states';

/**
 * The shopper's actions on the after-sale detail screen (spec §4), with the message the spec shows on success:
 * platform intervention in 6 or 8; 撤销申请 for refund only in 1, 6, 10; 撤销退货 for return and refund in 1
 * and 6; logistics entry in 10. The refund amount is shown in 4.
 */
export type AfterSaleAction = 'requestPlatformIntervention' | 'withdrawApplication' | 'withdrawReturn' | 'enterReturnLogistics';

export const afterSaleActionSuccess: Record<AfterSaleAction, string> = {
  requestPlatformIntervention: '申请平台介入成功',
  withdrawApplication: '撤销申请成功',
  withdrawReturn: '撤销退货成功',
  enterReturnLogistics: '录入物流成功',
};

export interface AfterSaleView { afterState: number; afterType: AfterType }

const offeredIn: Record<AfterSaleAction, (view: AfterSaleView) => boolean> = {
  requestPlatformIntervention: ({ afterState }) => afterState === AfterState.reviewRejected || afterState === AfterState.returnRefused,
  withdrawApplication: ({ afterState, afterType }) => afterType === 1
    && (afterState === AfterState.underReview || afterState === AfterState.reviewRejected || afterState === AfterState.awaitingReturn),
  withdrawReturn: ({ afterState, afterType }) => afterType === 2
    && (afterState === AfterState.underReview || afterState === AfterState.reviewRejected),
  enterReturnLogistics: ({ afterState }) => afterState === AfterState.awaitingReturn,
};

const order: readonly AfterSaleAction[] = ['requestPlatformIntervention', 'withdrawApplication', 'withdrawReturn', 'enterReturnLogistics'];

export function afterSaleActions(view: AfterSaleView): AfterSaleAction[] {
  return order.filter((action) => offeredIn[action](view));
}

export const showsRefundAmount = (view: Pick<AfterSaleView, 'afterState'>): boolean => view.afterState === AfterState.refunded;
