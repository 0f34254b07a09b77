import { assign, setup } from 'xstate';
import {
  afterSaleClosed, afterSaleOpened, canOpenAfterSale, canReviewLine, emptyOrderContext, everyLineRefunded,
  hasOpenAfterSale, isGroupBuy, lineReviewed, paidAmount, placed,
} from './order.context';
import type { OrderContext } from './order.context';
import type { OrderEvent } from './order.events';
import { afterSaleUntilOf } from './after-sale-window';

/**
 * The order lifecycle (DESIGN.md §7, spec §4). The machine's events are the persisted order events;
 * the decider asks it `can(event)` and folds events through it. Guards read the event's data and the context.
 */
const ofType = <T extends OrderEvent['type']>(event: OrderEvent, type: T): Extract<OrderEvent, { type: T }> | null =>
  (event.type === type ? event as Extract<OrderEvent, { type: T }> : null);

export const orderMachine = setup({
  types: { context: {} as OrderContext, events: {} as OrderEvent },
  guards: {
    paidIntoFormingGroup: ({ context, event }) => ofType(event, 'OrderPaid')?.data.intoFormingGroup === true
      && isGroupBuy(context),
    paidOutsideFormingGroup: ({ event }) => ofType(event, 'OrderPaid')?.data.intoFormingGroup === false,
    cancelledWhileUnpaid: ({ context, event }) => {
      const e = ofType(event, 'OrderCancelled');
      if (!e || e.data.refundAmount !== 0) return false;
      return e.data.reason === 'shopper' || e.data.reason === 'unpaid-timeout' || isGroupBuy(context);
    },
    cancelledWhileGroupForming: ({ context, event }) => {
      const e = ofType(event, 'OrderCancelled');
      return e !== null && (e.data.reason === 'shopper' || e.data.reason === 'group-failed')
        && e.data.refundAmount === paidAmount(context);
    },
    afterSaleLinesEligible: ({ context, event }) => {
      const e = ofType(event, 'AfterSaleOpened');
      return e !== null && canOpenAfterSale(context, e.data);
    },
    afterSaleIsOpen: ({ context, event }) => {
      const e = ofType(event, 'AfterSaleClosed');
      return e !== null && e.data.afterSaleId in context.openAfterSales;
    },
    everyLineRefunded: ({ context }) => everyLineRefunded(context),
    afterSaleOpen: ({ context }) => hasOpenAfterSale(context),
    noAfterSaleOpen: ({ context }) => !hasOpenAfterSale(context),
    confirmedByShopper: ({ event }) => ofType(event, 'ReceiptConfirmed')?.data.auto === false,
    lineAwaitingReview: ({ context, event }) => {
      const e = ofType(event, 'LineReviewed');
      return e !== null && canReviewLine(context, e.data);
    },
  },
  actions: {
    recordPlaced: assign(({ event }) => {
      const e = ofType(event, 'OrderPlaced');
      return e ? placed(e.data) : {};
    }),
    recordPaid: assign(({ event }) => {
      const e = ofType(event, 'OrderPaid');
      if (!e) return {};
      const { intoFormingGroup: _waits, ...payment } = e.data;
      return { payment };
    }),
    recordGroupSucceeded: assign(({ event }) => ({
      groupSucceededAt: ofType(event, 'OrderGroupSucceeded')?.data.succeededAt ?? null,
    })),
    recordShipped: assign(({ event }) => {
      const e = ofType(event, 'OrderShipped');
      if (!e) return {};
      const { autoConfirmAt, ...shipment } = e.data;
      return { shipment, autoConfirmAt };
    }),
    recordConfirmed: assign(({ event }) => {
      const e = ofType(event, 'ReceiptConfirmed');
      if (!e) return {};
      const confirmed = { auto: e.data.auto, confirmedAt: e.data.confirmedAt, afterSaleUntil: afterSaleUntilOf(e.data) };
      return { confirmed, autoConfirmAt: null, autoConfirmRemainingMs: null };
    }),
    recordCancelled: assign(({ event }) => {
      const e = ofType(event, 'OrderCancelled');
      return e ? { cancelled: e.data, closedAt: e.data.cancelledAt } : {};
    }),
    recordRefundedInFull: assign(({ event }) => {
      const e = ofType(event, 'OrderRefundedInFull');
      return e ? { closedAt: e.data.closedAt, autoConfirmAt: null, autoConfirmRemainingMs: null } : {};
    }),
    recordDeleted: assign(({ event }) => ({ deletedAt: ofType(event, 'OrderDeleted')?.data.deletedAt ?? null })),
    recordAfterSaleOpened: assign(({ context, event }) => {
      const e = ofType(event, 'AfterSaleOpened');
      return e ? afterSaleOpened(context, e.data) : {};
    }),
    recordAfterSaleClosed: assign(({ context, event }) => {
      const e = ofType(event, 'AfterSaleClosed');
      return e ? afterSaleClosed(context, e.data) : {};
    }),
    recordLineReviewed: assign(({ context, event }) => {
      const e = ofType(event, 'LineReviewed');
      return e ? lineReviewed(context, e.data) : {};
    }),
    recordAutoConfirmPaused: assign(({ event }) => {
      const e = ofType(event, 'AutoConfirmPaused');
      return e ? { autoConfirmAt: null, autoConfirmRemainingMs: e.data.remainingMs } : {};
    }),
    recordAutoConfirmResumed: assign(({ event }) => {
      const e = ofType(event, 'AutoConfirmResumed');
      return e ? { autoConfirmAt: e.data.autoConfirmAt, autoConfirmRemainingMs: null } : {};
    }),
  },
}).createMachine({
  id: 'order',
  context: emptyOrderContext,
  initial: 'notPlaced',
  states: {
    notPlaced: { on: { OrderPlaced: { target: 'awaitingPayment', actions: 'recordPlaced' } } },
    awaitingPayment: {
      on: {
        OrderPaid: [
          { guard: 'paidIntoFormingGroup', target: 'awaitingGroup', actions: 'recordPaid' },
          { guard: 'paidOutsideFormingGroup', target: 'awaitingShipment', actions: 'recordPaid' },
        ],
        OrderCancelled: { guard: 'cancelledWhileUnpaid', target: 'closed', actions: 'recordCancelled' },
      },
    },
    awaitingGroup: {
      on: {
        OrderGroupSucceeded: { target: 'awaitingShipment', actions: 'recordGroupSucceeded' },
        OrderCancelled: { guard: 'cancelledWhileGroupForming', target: 'closed', actions: 'recordCancelled' },
      },
    },
    awaitingShipment: {
      on: {
        OrderShipped: { target: 'awaitingReceipt', actions: 'recordShipped' },
        AfterSaleOpened: { guard: 'afterSaleLinesEligible', actions: 'recordAfterSaleOpened' },
        AfterSaleClosed: { guard: 'afterSaleIsOpen', actions: 'recordAfterSaleClosed' },
        OrderRefundedInFull: { guard: 'everyLineRefunded', target: 'closed', actions: 'recordRefundedInFull' },
      },
    },
    awaitingReceipt: {
      initial: 'autoConfirmRunning',
      on: {
        AfterSaleOpened: { guard: 'afterSaleLinesEligible', actions: 'recordAfterSaleOpened' },
        AfterSaleClosed: { guard: 'afterSaleIsOpen', actions: 'recordAfterSaleClosed' },
        OrderRefundedInFull: { guard: 'everyLineRefunded', target: 'closed', actions: 'recordRefundedInFull' },
      },
      states: {
        autoConfirmRunning: {
          on: {
            AutoConfirmPaused: { guard: 'afterSaleOpen', target: 'autoConfirmPaused', actions: 'recordAutoConfirmPaused' },
            ReceiptConfirmed: { target: '#order.completed', actions: 'recordConfirmed' },
          },
        },
        autoConfirmPaused: {
          on: {
            AutoConfirmResumed: {
              guard: 'noAfterSaleOpen', target: 'autoConfirmRunning', actions: 'recordAutoConfirmResumed',
            },
            ReceiptConfirmed: { guard: 'confirmedByShopper', target: '#order.completed', actions: 'recordConfirmed' },
          },
        },
      },
    },
    completed: {
      on: {
        LineReviewed: { guard: 'lineAwaitingReview', actions: 'recordLineReviewed' },
        AfterSaleOpened: { guard: 'afterSaleLinesEligible', actions: 'recordAfterSaleOpened' },
        AfterSaleClosed: { guard: 'afterSaleIsOpen', actions: 'recordAfterSaleClosed' },
        OrderRefundedInFull: { guard: 'everyLineRefunded', target: 'closed', actions: 'recordRefundedInFull' },
      },
    },
    closed: { on: { OrderDeleted: { target: 'deleted', actions: 'recordDeleted' } } },
    deleted: { type: 'final' },
  },
});

export type OrderMachine = typeof orderMachine;
