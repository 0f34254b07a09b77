/**
 * The one resumer's rows (projections/deadlines/deadline-rules.ts processResumeChange): every process stream is
 * armed by the events after which it may still have steps to take, and cleared only by its final event, so a process
 * a crash stopped anywhere is found and finished.
 */
import { deadlineChanges, processResumeChange, RECONCILE_PENDING_PAYMENT_AFTER_MS } from '../../../projections/deadlines/deadline-rules';

const at = '2026-12-07T10:00:00.000Z';
const event = (type: string, streamId: string) => ({ type, streamId, data: {}, metadata: { occurredAt: at } });
const armed = { op: 'set', kind: 'resume-process', dueText: at };
const cleared = { op: 'clear', kind: 'resume-process' };

describe('a checkout process', () => {
  it.each(['CheckoutStarted', 'CheckoutCommitted', 'CheckoutFailed', 'CheckoutAbandoned'])('is armed by %s (still steps to take or give back)', (type) => {
    expect(processResumeChange(event(type, 'checkout-7'))).toEqual(armed);
  });
  it('ends with CheckoutCompleted', () => {
    expect(processResumeChange(event('CheckoutCompleted', 'checkout-7'))).toEqual(cleared);
  });
  it('is not touched by a new QR named for its orders', () => {
    expect(processResumeChange(event('CheckoutPaymentRequested', 'checkout-7'))).toBeNull();
  });
});

describe('a payment process', () => {
  it('is asked about at the provider five minutes after it was created (a lost callback)', () => {
    const due = new Date(Date.parse(at) + RECONCILE_PENDING_PAYMENT_AFTER_MS).toISOString();
    expect(processResumeChange(event('PaymentCreated', 'payment-JS1'))).toEqual({ ...armed, dueText: due });
  });
  it.each(['PaymentSucceeded', 'RefundRequested', 'PaymentRefunded', 'RefundFailed'])('is armed by %s', (type) => {
    expect(processResumeChange(event(type, 'payment-JS1'))).toEqual(armed);
  });
  it.each(['PaymentFailed', 'PaymentClosed'])('ends with %s', (type) => {
    expect(processResumeChange(event(type, 'payment-JS1'))).toEqual(cleared);
  });
});

describe('after-sale, group buy and order close processes', () => {
  it('arm an after-sale on every one of its events', () => {
    for (const type of ['AfterSaleSubmitted', 'AfterSaleApproved', 'AfterSaleRefundSucceeded', 'AfterSaleApplicationWithdrawn']) {
      expect(deadlineChanges(event(type, 'after-sale-9'))).toContainEqual(armed);
    }
  });
  it('arm a group when it succeeds or fails, not while it forms', () => {
    expect(processResumeChange(event('CollageSucceeded', 'collage-3'))).toEqual(armed);
    expect(processResumeChange(event('CollageFailed', 'collage-3'))).toEqual(armed);
    expect(processResumeChange(event('CollageMemberJoined', 'collage-3'))).toBeNull();
  });
  it('arm an order when it is cancelled (what it held comes back), and not on other order events', () => {
    expect(processResumeChange(event('OrderCancelled', 'order-11'))).toEqual(armed);
    expect(processResumeChange(event('OrderPaid', 'order-11'))).toBeNull();
  });
});
