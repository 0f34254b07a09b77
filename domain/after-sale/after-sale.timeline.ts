import { formatYuan } from '../shared/money';
import type { AfterSaleEvent, AfterSaleEventOf, AfterSaleEventType } from './after-sale.events';
import { AfterState, afterTypeLabels } from './after-sale.states';

/**
 * Per-event Chinese summaries for the audit timeline (domain/audit), and the afterState each event leads to.
 * Plug in as a registry keyed by event type.
 */
export interface AfterSaleTimelineEntry<T extends AfterSaleEventType> {
  summary(data: AfterSaleEventOf<T>['data']): string;
  afterState(data: AfterSaleEventOf<T>['data']): AfterState;
}

export type AfterSaleTimeline = { [T in AfterSaleEventType]: AfterSaleTimelineEntry<T> };

const withReason = (text: string, reason: string) => (reason.trim() ? `${text}：${reason.trim()}` : text);

export const afterSaleTimeline: AfterSaleTimeline = {
  AfterSaleSubmitted: {
    summary: (d) => `买家申请${afterTypeLabels[d.afterType]}（${d.returnReason}），退款金额¥${formatYuan(d.priceFen)}`,
    afterState: () => AfterState.underReview,
  },
  AfterSaleApproved: {
    summary: (d) => (d.afterType === 1 ? '商家同意退款' : '商家同意退货，等待买家寄回商品'),
    afterState: (d) => (d.afterType === 1 ? AfterState.refunding : AfterState.awaitingReturn),
  },
  AfterSaleRejected: { summary: (d) => withReason('商家拒绝售后申请', d.reason), afterState: () => AfterState.reviewRejected },
  AfterSaleReturnShipped: { summary: (d) => `买家已寄回商品，物流单号${d.deliverFormid}`, afterState: () => AfterState.returning },
  AfterSaleReturnReceived: { summary: () => '商家已收到退货，开始退款', afterState: () => AfterState.refunding },
  AfterSaleReturnRefused: { summary: (d) => withReason('商家收到退货后拒绝退款', d.reason), afterState: () => AfterState.returnRefused },
  AfterSalePlatformInterventionRequested: {
    summary: (d) => withReason('买家申请平台介入', d.reason),
    afterState: () => AfterState.underArbitration,
  },
  AfterSalePlatformRuledForShopper: {
    summary: (d) => withReason(d.returnRequired ? '平台判定支持买家，等待买家寄回商品' : '平台判定支持买家，开始退款', d.reason),
    afterState: (d) => (d.returnRequired ? AfterState.awaitingReturn : AfterState.refunding),
  },
  AfterSalePlatformRuledForMerchant: {
    summary: (d) => withReason('平台判定支持商家，售后关闭', d.reason),
    afterState: () => AfterState.closed,
  },
  AfterSaleRefundSucceeded: { summary: (d) => `退款成功，¥${formatYuan(d.refundFen)}已原路退回`, afterState: () => AfterState.refunded },
  AfterSaleRefundFailed: { summary: (d) => withReason('退款失败，请联系商家', d.reason), afterState: () => AfterState.refundFailed },
  AfterSaleRefundRetried: { summary: (d) => `重新发起退款（第${d.attempt}次）`, afterState: () => AfterState.refunding },
  AfterSaleApplicationWithdrawn: { summary: () => '买家撤销申请', afterState: () => AfterState.closed },
  AfterSaleReturnWithdrawn: { summary: () => '买家撤销退货', afterState: () => AfterState.closed },
  AfterSaleAutoClosed: { summary: () => '超过3天未处理，售后自动关闭', afterState: () => AfterState.closed },
};

/** The summary of any after-sale event. */
export function summarizeAfterSale(event: AfterSaleEvent): string {
  const entry = afterSaleTimeline[event.type] as AfterSaleTimelineEntry<AfterSaleEventType>;
  return entry.summary(event.data);
}

/** The afterState any after-sale event leads to. */
export function afterStateAfterEvent(event: AfterSaleEvent): AfterState {
  const entry = afterSaleTimeline[event.type] as AfterSaleTimelineEntry<AfterSaleEventType>;
  return entry.afterState(event.data);
}
