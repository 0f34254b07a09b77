import type { RecordedShopOrder } from '../pricing/refund';
import type { AfterSaleForm } from '../rules/after-sale.rule';
import type { ReturnAddress } from './after-sale.events';

/**
 * Commands (imperative), by actor. Shopper commands carry the caller's user id, merchant commands the caller's
 * shop id: an after-sale that is not theirs is answered as not found.
 */

/** What the command handler reads from the order stream for an application (trusted, server side). */
export interface OrderForAfterSale extends RecordedShopOrder {
  orderId: number;
  orderFormid: string;
  shopId: number;
  buyerUserId: number;
  /** Order state: after-sale is open in 2 待发货, 3 待收货, 4 已完成. */
  state: number;
  /** A completed order's recorded end of after-sales (domain/order/after-sale-window.ts); absent or null: open. */
  afterSaleUntil?: string | null;
}

export interface SubmitAfterSale {
  type: 'SubmitAfterSale';
  afterId: number;
  /** "SH" + 15 digits, made by the handler (the domain has no randomness). */
  afterFormid: string;
  buyerUserId: number;
  form: AfterSaleForm;
  order: OrderForAfterSale;
}

export interface ApproveAfterSale { type: 'ApproveAfterSale'; shopId: number; returnAddress: ReturnAddress | null }
export interface RejectAfterSale { type: 'RejectAfterSale'; shopId: number; reason: string }
export interface EnterReturnLogistics { type: 'EnterReturnLogistics'; buyerUserId: number; express: number; deliverFormid: string }
export interface ConfirmReturnReceived { type: 'ConfirmReturnReceived'; shopId: number }
export interface RefuseReturnRefund { type: 'RefuseReturnRefund'; shopId: number; reason: string }
export interface RequestPlatformIntervention { type: 'RequestPlatformIntervention'; buyerUserId: number; reason: string; images: string[] }
export interface RuleOnIntervention { type: 'RuleOnIntervention'; ruling: 'shopper' | 'merchant'; reason: string }
export interface RecordRefundSucceeded { type: 'RecordRefundSucceeded'; refundId: string }
export interface RecordRefundFailed { type: 'RecordRefundFailed'; reason: string }
/** Ops, after 退款失败: ask the provider again. */
export interface RetryRefund { type: 'RetryRefund' }
export interface WithdrawApplication { type: 'WithdrawApplication'; buyerUserId: number }
export interface WithdrawReturn { type: 'WithdrawReturn'; buyerUserId: number }
/** Fired by the scheduler at the deadline it read from the events; a stale one is rejected. */
export interface CloseUnhandledAfterSale { type: 'CloseUnhandledAfterSale'; dueAt: string }

export type AfterSaleCommand =
  | SubmitAfterSale | ApproveAfterSale | RejectAfterSale | EnterReturnLogistics | ConfirmReturnReceived
  | RefuseReturnRefund | RequestPlatformIntervention | RuleOnIntervention | RecordRefundSucceeded
  | RecordRefundFailed | RetryRefund | WithdrawApplication | WithdrawReturn | CloseUnhandledAfterSale;
