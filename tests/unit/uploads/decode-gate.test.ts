/**
 * The decode gate (issue 29): picture decodes are bounded in the process (2) and per shopper (1); the rest wait their
 * turn, then answer busy (503 服务繁忙，请稍后重试 by the retry-later rule). Decodes here are promises the test settles,
 * and the gate's observer counts what runs: nothing depends on timing.
 */
import { jest } from '@jest/globals';
import { DomainError } from '../../../domain/shared/errors';
import { isRetryLater } from '../../../services/api/retry-later';
import { DecodeGate, type DecodeLimits } from '../../../services/uploads/decode-gate';

interface Deferred { promise: Promise<string>; resolve(value: string): void }
const deferred = (): Deferred => {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => { resolve = r; });
  return { promise, resolve };
};
/** Lets the gate's promise chains run (admissions happen in microtasks). */
const settle = () => new Promise((r) => setImmediate(r));

function instrumentedGate(limits: Partial<DecodeLimits> = {}) {
  const seen = { running: 0, most: 0, started: [] as number[] };
  const gate = new DecodeGate({ total: 2, perShopper: 1, waitMs: 60_000, maxWaiting: 32, ...limits }, {
    started: (shopper, running) => { seen.started.push(shopper); seen.running = running; seen.most = Math.max(seen.most, running); },
    ended: (_shopper, running) => { seen.running = running; },
  });
  return { gate, seen };
}

describe('the decode gate', () => {
  it('runs at most two decodes at once across shoppers, and every one of them in the end', async () => {
    const { gate, seen } = instrumentedGate();
    const work = [1, 2, 3, 4, 5, 6].map(() => deferred());
    const results = work.map((w, i) => gate.run(100 + i, () => w.promise));
    await settle();
    expect(seen.started).toEqual([100, 101]);
    for (const [i, w] of work.entries()) {
      w.resolve(`done ${i}`);
      await settle();
      expect(seen.running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual(work.map((_w, i) => `done ${i}`));
    expect(seen.most).toBe(2);
    expect(seen.started).toEqual([100, 101, 102, 103, 104, 105]);
  });

  it('runs one decode per shopper: the shopper\'s second waits while another shopper goes ahead', async () => {
    const { gate, seen } = instrumentedGate();
    const first = deferred();
    const second = deferred();
    const other = deferred();
    const a1 = gate.run(1, () => first.promise);
    const a2 = gate.run(1, () => second.promise);
    const b = gate.run(2, () => other.promise);
    await settle();
    expect(seen.started).toEqual([1, 2]);
    first.resolve('a1');
    await settle();
    expect(seen.started).toEqual([1, 2, 1]);
    second.resolve('a2');
    other.resolve('b');
    expect(await Promise.all([a1, a2, b])).toEqual(['a1', 'a2', 'b']);
  });

  it('answers busy (retry later: HTTP 503) when no slot frees up within the wait', async () => {
    jest.useFakeTimers();
    try {
      const { gate } = instrumentedGate({ waitMs: 3000 });
      const held = deferred();
      const running = gate.run(1, () => held.promise);
      const waiting = gate.run(1, async () => 'never');
      jest.advanceTimersByTime(3000);
      const busy = await waiting.catch((error: unknown) => error);
      expect(busy).toBeInstanceOf(DomainError);
      expect(busy).toMatchObject({ errorName: 'imageDecodersBusy', code: '503', message: '服务繁忙，请稍后重试' });
      expect(isRetryLater(busy)).toBe(true);
      held.resolve('held');
      expect(await running).toBe('held');
      expect(await gate.run(1, async () => 'after')).toBe('after');
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers busy at once when the queue is full, and frees the slot of a decode that failed', async () => {
    const { gate, seen } = instrumentedGate({ total: 1, maxWaiting: 1 });
    const held = deferred();
    const running = gate.run(1, () => held.promise);
    const queued = gate.run(2, async () => 'queued');
    await expect(gate.run(3, async () => 'third')).rejects.toMatchObject({ errorName: 'imageDecodersBusy' });
    held.resolve('held');
    expect(await Promise.all([running, queued])).toEqual(['held', 'queued']);
    await expect(gate.run(4, async () => { throw new Error('corrupt'); })).rejects.toThrow('corrupt');
    expect(seen.running).toBe(0);
    expect(await gate.run(5, async () => 'next')).toBe('next');
  });
});
