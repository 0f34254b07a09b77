import { deadlineChanges } from '../../../projections/deadlines/deadline-rules';

const stream = 'checkout-42';
const startedAt = '2025-03-01T02:00:00.000Z';

describe('the abandon-checkout deadline of a checkout stream', () => {
  it('is set at the deadline CheckoutStarted recorded', () => {
    expect(deadlineChanges({ type: 'CheckoutStarted', streamId: stream, data: { startedAt, deadline: '2025-03-01T02:05:00.000Z' } }))
      .toEqual([{ op: 'set', kind: 'abandon-checkout', dueText: '2025-03-01T02:05:00.000Z' }]);
  });

  it('is set 2 minutes after the start for a checkout recorded before deadlines existed', () => {
    expect(deadlineChanges({ type: 'CheckoutStarted', streamId: stream, data: { startedAt } }))
      .toEqual([{ op: 'set', kind: 'abandon-checkout', dueText: '2025-03-01T02:02:00.000Z' }]);
  });

  it.each(['CheckoutCompleted', 'CheckoutFailed', 'CheckoutAbandoned'])('is cleared by %s', (type) => {
    expect(deadlineChanges({ type, streamId: stream, data: {} })).toContainEqual({ op: 'clear', kind: 'abandon-checkout' });
  });

  it('is kept when the checkout commits to placing its orders (a committed one is carried forward at the deadline)', () => {
    expect(deadlineChanges({ type: 'CheckoutCommitted', streamId: stream, data: {} })).toEqual([]);
  });

  it('is left alone when a new QR is named for its orders', () => {
    expect(deadlineChanges({ type: 'CheckoutPaymentRequested', streamId: stream, data: {} })).toEqual([]);
  });
});
