/** Health's note of the checkout deciding from the event store (services/api/stream-decisions.ts, issue 28). */
import { CHECKOUT_DECIDES_FROM_STREAMS, streamDecisions } from '../../../services/api/stream-decisions';

describe('the checkout deciding from the event store, as health tells it', () => {
  let now = 1_000_000;
  const decisions = () => streamDecisions(() => now);

  it('names nothing while every request decided on read models and the feed is up', () => {
    expect(decisions().degraded([])).toEqual([]);
    expect(decisions().degraded(['projection:notices', 'commit-horizon'])).toEqual([]);
  });

  it('names the degraded mode for a minute after a request decided from the streams', () => {
    const d = decisions();
    d.note();
    now += 59_999;
    expect(d.degraded([])).toEqual([CHECKOUT_DECIDES_FROM_STREAMS]);
    now += 1;
    expect(d.degraded([])).toEqual([]);
  });

  it('names it whenever the feed is known down: broker, forwarder or workers', () => {
    for (const problem of ['kafka', 'forwarder', 'worker']) expect(decisions().degraded([problem])).toEqual([CHECKOUT_DECIDES_FROM_STREAMS]);
  });
});
