import type { AnyMachineSnapshot } from 'xstate';
import type { PaymentEvent } from '../../../domain/payment/payment.events';
import type { PaymentContext } from '../../../domain/payment/payment.machine';
import { paymentMachine } from '../../../domain/payment/payment.machine';
import { measureTransitionCoverage } from '../support/transition-coverage';
import { closed, created, iso, refundFailed, refundRequested, refunded, succeeded } from './payment.fixtures';

/**
 * Model-based walk of the payment machine. Refunds r-1 and r-2 of 8000 and 12000 fen out of 20000 let the walk
 * reach partial, concurrent, failed and complete refunds; an over-large and a duplicate request must be refused.
 */
const refundPlan: Array<[string, number]> = [['r-1', 8000], ['r-2', 12000]];

function sampleEvents(snapshot: AnyMachineSnapshot): PaymentEvent[] {
  const c = snapshot.context as PaymentContext;
  const next = refundPlan.find(([id]) => !(id in c.refunds));
  const pending = Object.entries(c.refunds).filter(([, r]) => r.status === 'pending').map(([id]) => id);
  return [
    created, succeeded(), closed(), { type: 'PaymentFailed', data: { reason: 'declined', failedAt: iso(5) } },
    ...(next ? [refundRequested(next[0], next[1]), refundRequested(next[0], 20001)] : []),
    refundRequested('r-1', 1),
    ...pending.flatMap((id) => [refunded(id), refundFailed(id)]),
    refunded('r-unknown'),
  ];
}

describe('the payment machine walked along every simple path', () => {
  const result = measureTransitionCoverage('payment', paymentMachine, sampleEvents);

  it('covers every defined transition', () => {
    expect(result.missing).toEqual([]);
    expect(result.percent).toBe(100);
  });

  it('defines creation, the three outcomes, the late success and the refund edges', () => {
    expect(result.defined).toEqual(expect.arrayContaining([
      'notCreated --PaymentCreated--> awaitingPayment',
      'awaitingPayment --PaymentSucceeded--> succeeded',
      'awaitingPayment --PaymentFailed--> failed',
      'awaitingPayment --PaymentClosed--> closed',
      'closed --PaymentSucceeded--> succeeded',
      'succeeded.settled --RefundRequested--> succeeded.refunding',
      'succeeded.refunding --PaymentRefunded--> refunded',
      'succeeded.refunding --RefundFailed--> succeeded.settled',
    ]));
  });
});
