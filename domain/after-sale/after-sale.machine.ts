import { assign, setup, type SnapshotFrom } from 'xstate';
import { emptyAfterSale, recordEvent, type AfterSaleContext } from './after-sale.context';
import type { AfterSaleEvent } from './after-sale.events';
import { AfterState, type AfterStateNode } from './after-sale.states';

/**
 * The after-sale lifecycle (spec §4, origin-contract §6): which event may follow which. Its events are the
 * persisted events; folding a stream through it rebuilds the state. Numbers in comments are `afterState`.
 *
 * Where the sources leave a choice:
 * - the platform ruling for the shopper sends a return-and-refund whose goods are still with the shopper (it
 *   came from 6) to 10 to ship them back, everything else straight to refunding; ruling for the merchant closes it;
 * - withdrawal follows the spec's detail actions: 撤销申请 (refund only) in 1 and 6 — refund only never reaches
 *   10 — and 撤销退货 (return and refund) in 1 and 6, not in 10 (the origin allowed it; the spec wins);
 * - 1, 6 and 10 close by themselves after 3 days without the next party acting;
 * - a failed refund (5) stays visible until ops retries it (back to 2 with a new refund attempt).
 */
const to = (target: AfterStateNode, guard?: 'refundOnly' | 'returnAndRefund' | 'goodsWithShopper') =>
  (guard ? { target, guard, actions: 'record' as const } : { target, actions: 'record' as const });

export const afterSaleMachine = setup({
  types: { context: {} as AfterSaleContext, events: {} as AfterSaleEvent },
  guards: {
    refundOnly: ({ context }) => context.application?.afterType === 1,
    returnAndRefund: ({ context }) => context.application?.afterType === 2,
    goodsWithShopper: ({ context }) => context.application?.afterType === 2 && context.interventionFrom === 6,
  },
  actions: { record: assign(({ context, event }) => recordEvent(context, event)) },
}).createMachine({
  id: 'after-sale',
  context: emptyAfterSale,
  initial: 'notSubmitted',
  states: {
    notSubmitted: { on: { AfterSaleSubmitted: to('underReview') } },
    underReview: {
      on: {
        AfterSaleApproved: [to('refunding', 'refundOnly'), to('awaitingReturn', 'returnAndRefund')],
        AfterSaleRejected: to('reviewRejected'),
        AfterSaleApplicationWithdrawn: to('closed', 'refundOnly'),
        AfterSaleReturnWithdrawn: to('closed', 'returnAndRefund'),
        AfterSaleAutoClosed: to('closed'),
      },
    },
    refunding: { on: { AfterSaleRefundSucceeded: to('refunded'), AfterSaleRefundFailed: to('refundFailed') } },
    returning: { on: { AfterSaleReturnReceived: to('refunding'), AfterSaleReturnRefused: to('returnRefused') } },
    refunded: { type: 'final' },
    refundFailed: { on: { AfterSaleRefundRetried: to('refunding') } },
    reviewRejected: {
      on: {
        AfterSalePlatformInterventionRequested: to('underArbitration'),
        AfterSaleApplicationWithdrawn: to('closed', 'refundOnly'),
        AfterSaleReturnWithdrawn: to('closed', 'returnAndRefund'),
        AfterSaleAutoClosed: to('closed'),
      },
    },
    underArbitration: {
      on: {
        AfterSalePlatformRuledForShopper: [to('awaitingReturn', 'goodsWithShopper'), to('refunding')],
        AfterSalePlatformRuledForMerchant: to('closed'),
      },
    },
    returnRefused: { on: { AfterSalePlatformInterventionRequested: to('underArbitration') } },
    closed: { type: 'final' },
    awaitingReturn: { on: { AfterSaleReturnShipped: to('returning'), AfterSaleAutoClosed: to('closed') } },
  },
});

export type AfterSaleSnapshot = SnapshotFrom<typeof afterSaleMachine>;

/** The API's afterState of a snapshot; null before submission. */
export function afterStateOf(snapshot: AfterSaleSnapshot): AfterState | null {
  const node = snapshot.value;
  return node === 'notSubmitted' ? null : AfterState[node];
}
