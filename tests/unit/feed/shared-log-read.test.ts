/**
 * One global-log read for every catch-up subscriber at the same place (services/feed/shared-log-read.ts): joined
 * while in flight, a non-empty answer kept for late-comers, an empty or failed one never reused, and never an
 * in-flight read begun before a wake-up the caller has seen.
 */
import type { EventStore, LogPosition, ReadAllOptions, RecordedEvent } from '../../../services/event-store/event-store.port';
import { SharedLogRead } from '../../../services/feed/shared-log-read';
import { Wakeup } from '../../../services/feed/wakeup';

const at = (n: number): LogPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number): RecordedEvent => ({
  streamId: `s-${n}`, revision: 0, type: 'Counted', data: {}, position: at(n), recordedAt: new Date(0).toISOString(),
  metadata: { eventId: `e-${n}`, actor: { kind: 'system' }, occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

/** A log whose reads the test answers by hand. */
class HandLog {
  calls: Array<{ options: ReadAllOptions; answer(events: RecordedEvent[]): void; fail(error: Error): void }> = [];
  readonly store = {
    readAll: (options: ReadAllOptions) => new Promise<RecordedEvent[]>((answer, fail) => { this.calls.push({ options, answer, fail }); }),
  } as unknown as EventStore;
}

/** A shared read over a hand-answered log, with the feed's wake-up. */
function sharing() {
  const log = new HandLog();
  const wakeup = new Wakeup();
  return { log, wakeup, reads: new SharedLogRead(log.store, wakeup) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('fifteen subscribers at the head woken by the same append', () => {
  it('run one query and all get its events', async () => {
    const { log, wakeup, reads } = sharing();
    const mark = wakeup.mark();
    const answers = Array.from({ length: 15 }, () => reads.read(at(7), 100, mark));
    expect(log.calls).toHaveLength(1);
    log.calls[0].answer([event(8), event(9)]);
    for (const answer of await Promise.all(answers)) expect(answer.map((e) => e.position.commit)).toEqual([8n, 9n]);
    expect(reads.queries).toBe(1);
  });
});

describe('a subscriber arriving after a non-empty answer at its position', () => {
  it('takes the kept answer without a query', async () => {
    const { log, wakeup, reads } = sharing();
    const first = reads.read(at(1), 100, wakeup.mark());
    log.calls[0].answer([event(2)]);
    await first;
    wakeup.ping();
    await expect(reads.read(at(1), 100, wakeup.mark())).resolves.toEqual([event(2)]);
    expect(log.calls).toHaveLength(1);
  });
});

describe('an answer of nothing', () => {
  it('is asked again by the next reader instead of reused (a recheck behind a held horizon must reach the store)', async () => {
    const { log, wakeup, reads } = sharing();
    const mark = wakeup.mark();
    const first = reads.read(at(3), 100, mark);
    log.calls[0].answer([]);
    await first;
    const again = reads.read(at(3), 100, mark);
    expect(log.calls).toHaveLength(2);
    log.calls[1].answer([event(4)]);
    await expect(again).resolves.toEqual([event(4)]);
  });
});

describe('a read in flight that began before a wake-up the caller has seen', () => {
  it('is not joined: the caller starts its own read, which can see the append that woke it', async () => {
    const { log, wakeup, reads } = sharing();
    const early = reads.read(at(5), 100, wakeup.mark());
    wakeup.ping(); // an append committed after the early read began
    const late = reads.read(at(5), 100, wakeup.mark());
    expect(log.calls).toHaveLength(2);
    log.calls[0].answer([]);
    log.calls[1].answer([event(6)]);
    await expect(early).resolves.toEqual([]);
    await expect(late).resolves.toEqual([event(6)]);
  });
});

describe('a read that fails', () => {
  it('fails everyone who joined it and is not kept', async () => {
    const { log, wakeup, reads } = sharing();
    const mark = wakeup.mark();
    const a = reads.read(null, 100, mark);
    const b = reads.read(null, 100, mark);
    log.calls[0].fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await expect(b).rejects.toThrow('connection lost');
    await flush();
    const c = reads.read(null, 100, mark);
    expect(log.calls).toHaveLength(2);
    log.calls[1].answer([event(1)]);
    await expect(c).resolves.toEqual([event(1)]);
  });
});

describe('a read ahead (started while the batch before it applies)', () => {
  it('is joined by the subscriber that asks for it next, in flight or answered', async () => {
    const { log, wakeup, reads } = sharing();
    reads.readAhead(at(10), 100);
    expect(log.calls).toHaveLength(1);
    const next = reads.read(at(10), 100, wakeup.mark());
    expect(log.calls).toHaveLength(1);
    log.calls[0].answer([event(11)]);
    await expect(next).resolves.toEqual([event(11)]);
  });

  it('is not joined in flight after a wake-up the subscriber has seen, and its failure is nobody\'s unhandled rejection', async () => {
    const { log, wakeup, reads } = sharing();
    reads.readAhead(at(20), 100);
    wakeup.ping();
    const next = reads.read(at(20), 100, wakeup.mark());
    expect(log.calls).toHaveLength(2);
    log.calls[0].fail(new Error('connection dropped'));
    log.calls[1].answer([event(21)]);
    await expect(next).resolves.toEqual([event(21)]);
    await flush();
  });
});
