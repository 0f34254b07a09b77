/**
 * Whether this instance decided a shopper's request from the event store lately (issue 28): a 'decide-on-streams'
 * route (read-your-writes.ts) whose session's writes the read models had not applied went on from the streams. Health
 * says so for a minute after the last one — the storefront sells, slower, while the read models are behind — and
 * whenever the feed itself is known down (every shopper who writes then checks out from the streams). A note, not a
 * problem: readiness stays 200, since an instance in this state serves its shoppers.
 */
export const CHECKOUT_DECIDES_FROM_STREAMS = 'read-models-behind: checkout decides from the event store';

/** Health problems (health-report.ts) that mean no read model follows the log: the broker, the forwarder, the workers. */
const FEED_DOWN = new Set(['kafka', 'forwarder', 'worker']);

const RECENT_MS = 60_000;

export interface StreamDecisions {
  /** A request decided from the streams now. */
  note(): void;
  /** What health adds to its report, given the problems it found: [] when the checkout decides on read models. */
  degraded(problems: readonly string[]): string[];
}

export function streamDecisions(now: () => number = Date.now): StreamDecisions {
  let last: number | null = null;
  return {
    note() { last = now(); },
    degraded(problems) {
      const lately = last !== null && now() - last < RECENT_MS;
      return lately || problems.some((p) => FEED_DOWN.has(p)) ? [CHECKOUT_DECIDES_FROM_STREAMS] : [];
    },
  };
}
