import type { AfterSaleEvent, AfterSaleSubmitted, ReturnAddress } from './after-sale.events';

/**
 * What the after-sale machine remembers besides its state: the application as submitted, the deadline of the
 * current waiting state (null when nobody's 3 days are running), where an arbitration came from, and the facts
 * merchants and shoppers added on the way.
 */
export interface AfterSaleContext {
  application: AfterSaleSubmitted['data'] | null;
  autoCloseAt: string | null;
  interventionFrom: 6 | 8 | null;
  returnAddress: ReturnAddress | null;
  returnShipment: { express: number; deliverFormid: string } | null;
  /** The merchant's or platform's last word (商家留言). */
  reason: string;
  refundId: string | null;
  /** Which refund attempt is (or was last) under way: 1, then one more per ops retry after 退款失败. */
  refundAttempt: number;
}

export const emptyAfterSale: AfterSaleContext = {
  application: null, autoCloseAt: null, interventionFrom: null, returnAddress: null, returnShipment: null, reason: '', refundId: null, refundAttempt: 1,
};

/** The context after `event`; the machine has already checked the event may follow. */
export function recordEvent(context: AfterSaleContext, event: AfterSaleEvent): AfterSaleContext {
  const next = { ...context, autoCloseAt: null };
  switch (event.type) {
    case 'AfterSaleSubmitted':
      return { ...next, application: event.data, autoCloseAt: event.data.autoCloseAt };
    case 'AfterSaleApproved':
      return { ...next, returnAddress: event.data.returnAddress, autoCloseAt: event.data.autoCloseAt };
    case 'AfterSaleRejected':
      return { ...next, reason: event.data.reason, autoCloseAt: event.data.autoCloseAt };
    case 'AfterSaleReturnShipped':
      return { ...next, returnShipment: { express: event.data.express, deliverFormid: event.data.deliverFormid } };
    case 'AfterSaleReturnRefused':
    case 'AfterSalePlatformRuledForMerchant':
    case 'AfterSaleRefundFailed':
      return { ...next, reason: event.data.reason };
    case 'AfterSalePlatformInterventionRequested':
      return { ...next, interventionFrom: event.data.fromAfterState };
    case 'AfterSalePlatformRuledForShopper':
      return { ...next, reason: event.data.reason, autoCloseAt: event.data.autoCloseAt };
    case 'AfterSaleRefundSucceeded':
      return { ...next, refundId: event.data.refundId };
    case 'AfterSaleRefundRetried':
      return { ...next, refundAttempt: event.data.attempt };
    case 'AfterSaleReturnReceived':
    case 'AfterSaleApplicationWithdrawn':
    case 'AfterSaleReturnWithdrawn':
    case 'AfterSaleAutoClosed':
      return next;
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected after-sale event ${JSON.stringify(unexpected)}`);
    }
  }
}
