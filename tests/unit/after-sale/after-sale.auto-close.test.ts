import { afterStateOf } from '../../../domain/after-sale/after-sale.machine';
import type { AfterSaleEvent } from '../../../domain/after-sale/after-sale.events';
import { afterStateAfter, given, history, iso, plusDays, ref, rejection, T0, when } from './after-sale.fixtures';

const close = (dueAt: Date) => ({ type: 'CloseUnhandledAfterSale', dueAt: iso(dueAt) }) as const;
const deadlineOf = (events: AfterSaleEvent[]): Date => new Date(given(events).context.autoCloseAt ?? '');

describe('an after-sale nobody handled for 3 days', () => {
  it.each([
    ['under review', history.underReview(1)],
    ['rejected', history.reviewRejected(2)],
    ['awaiting the return', history.awaitingReturn()],
  ])('closes %s when the scheduler fires at its deadline', (_, events) => {
    const due = deadlineOf(events);
    expect(when(events, close(due), due)).toEqual([{ type: 'AfterSaleAutoClosed', data: { ...ref, dueAt: iso(due) } }]);
    expect(afterStateAfter(events, close(due), due)).toBe(9);
  });

  it('counts the 3 days from the submission', () => {
    expect(deadlineOf(history.underReview(1))).toEqual(plusDays(T0, 3));
  });
});

describe('a timer the after-sale has outlived', () => {
  it('is refused before its deadline', () => {
    const due = deadlineOf(history.underReview(1));
    expect(rejection(() => when(history.underReview(1), close(due), new Date(due.getTime() - 1)))).toEqual({
      code: '300010', message: '售后单自动关闭时间未到或已变更',
    });
  });

  it('is refused when the deadline moved (the submission timer after a rejection)', () => {
    const staleDue = deadlineOf(history.underReview(1));
    expect(rejection(() => when(history.reviewRejected(1), close(staleDue), plusDays(T0, 10))).code).toBe('300010');
  });

  it.each([
    ['refunding', history.refunding()],
    ['returning', history.returning()],
    ['under arbitration', history.underArbitration(1, 6)],
  ])('is refused while %s, where no deadline runs', (_, events) => {
    expect(given(events).context.autoCloseAt).toBeNull();
    expect(rejection(() => when(events, close(plusDays(T0, 3)), plusDays(T0, 10))).code).toBe('300010');
  });

  it('is refused once closed', () => {
    const events = history.underReview(1);
    const due = deadlineOf(events);
    const closed = [...events, ...when(events, close(due), due)];
    expect(afterStateOf(given(closed))).toBe(9);
    expect(rejection(() => when(closed, close(due), due)).code).toBe('300010');
  });
});
