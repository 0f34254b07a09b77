/**
 * The deadline scheduler under a controllable clock: due deadlines fire once through their kind's handler as
 * ordinary commands; stale rejections count as done; other failures retry with backoff; one deadline never runs
 * twice at the same time (in one process, or in two sharing a database); a restarted process picks up what is due.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import { DomainError, type ErrorName } from '../../domain/shared/errors';
import { handleCommand } from '../../services/commands/handle-command';
import { openDatabase, type Database } from '../../services/db/database';
import { openFreshPGlite } from '../support/pglite-snapshot';
import type { Runtime } from '../../services/runtime';
import type { DueDeadline } from '../../services/scheduler/deadline-handler';
import { createScheduler } from '../../services/scheduler/scheduler';
import { freshPostgres } from '../support/backends';
import {
  appendAfterSale, deadlineRows, HOUR, openDeadlineRuntime, orderCommand, placeOrder, plus, submittedAfterSale,
} from './scheduler.support';

let pglite: PGlite;
let runtime: Runtime;
const t0 = new Date('2025-07-01T02:00:00.000Z');
const due = plus(t0, HOUR);

beforeAll(async () => {
  pglite = await openFreshPGlite();
  runtime = await openDeadlineRuntime({ pglite });
});
afterAll(async () => {
  await runtime?.close();
  await pglite?.close();
});

const schedulerOn = (db: Database) => createScheduler({ db, clock: () => t0 });
const place = (orderId: number) => orderCommand(runtime, orderId, placeOrder(orderId), t0);
const closeUnpaid = (rt: Runtime, now: () => Date) => async (d: DueDeadline) =>
  orderCommand(rt, d.entityId, { type: 'CloseUnpaidOrder', data: {} }, now(), d.commandId);
/** Records each deadline handed to the handler (`seen`) and each one whose handling finished (`done`). */
const calls = (fn: (d: DueDeadline) => Promise<void>) => {
  const seen: DueDeadline[] = [];
  const done: DueDeadline[] = [];
  return { seen, done, handler: async (d: DueDeadline) => { seen.push(d); await fn(d); done.push(d); } };
};
const nothing = async () => undefined;

describe('a deadline not yet due', () => {
  it('is not fired', async () => {
    await place(301);
    const scheduler = await schedulerOn(runtime.db);
    const spy = calls(nothing);
    scheduler.registerDeadlineHandler('close-unpaid-order', spy.handler);
    expect(await scheduler.tick(plus(due, -1))).toEqual({ fired: 0, stale: 0, failed: 0 });
    expect(spy.seen.filter((d) => d.streamId === 'order-301')).toEqual([]);
  });
});

describe('a due unpaid order', () => {
  it('is handed to the handler once, as CloseUnpaidOrder, and its deadline goes away', async () => {
    const handled: DueDeadline[] = [];
    const own = await schedulerOn(runtime.db);
    own.registerDeadlineHandler('close-unpaid-order', async (d) => {
      handled.push(d);
      await closeUnpaid(runtime, () => due)(d);
    });
    await place(302);
    const report = await own.tick(due);
    expect(report.fired).toBeGreaterThanOrEqual(1);
    expect(handled.find((d) => d.streamId === 'order-302')).toEqual({
      kind: 'close-unpaid-order', streamId: 'order-302', entityId: 302, dueAt: due.toISOString(), attempt: 1,
      commandId: `deadline:close-unpaid-order:order-302:${due.toISOString()}`,
    });
    const events = await runtime.store.readStream('order-302');
    expect(events.at(-1)).toEqual(expect.objectContaining({ type: 'OrderCancelled', data: expect.objectContaining({ reason: 'unpaid-timeout' }) }));
    expect((await deadlineRows(runtime)).filter((r) => r.streamId === 'order-302')).toEqual([]);
    expect(await own.tick(plus(due, HOUR))).toEqual({ fired: 0, stale: 0, failed: 0 });
    expect(handled.filter((d) => d.streamId === 'order-302')).toHaveLength(1);
  });

  it('is not fired again while the read model still shows it', async () => {
    const handled: string[] = [];
    const own = await schedulerOn(runtime.db);
    own.registerDeadlineHandler('auto-confirm', async (d) => { handled.push(d.streamId); });
    await orderCommand(runtime, 303, placeOrder(303), t0);
    await orderCommand(runtime, 303, { type: 'PayOrder', data: { paymentId: 'P303', transactionId: 'T303', amount: 9900, groupForming: false } }, t0);
    await orderCommand(runtime, 303, { type: 'ShipOrder', data: { express: 'SF', expressName: '顺丰', deliverFormid: 'SF303' } }, t0);
    const autoConfirmAt = plus(t0, 15 * 24 * HOUR);
    expect((await own.tick(autoConfirmAt)).fired).toBe(1);
    expect((await own.tick(plus(autoConfirmAt, 1000))).fired).toBe(0);
    expect((await deadlineRows(runtime)).filter((r) => r.streamId === 'order-303')).toHaveLength(1);
    expect(handled).toEqual(['order-303']);
  });
});

describe('an after-sale deadline', () => {
  it('fires CloseUnhandledAfterSale with dueAt exactly as recorded, which the after-sale accepts', async () => {
    const closeAt = '2025-07-04T02:00:00.000Z';
    await appendAfterSale(runtime, 51, [submittedAfterSale(51, 302, closeAt)], t0);
    const own = await schedulerOn(runtime.db);
    own.registerDeadlineHandler('close-after-sale', async (d) => {
      const result = await handleCommand({
        store: runtime.store, streamId: d.streamId, decider: afterSaleDecider, command: { type: 'CloseUnhandledAfterSale', dueAt: d.dueAt },
        now: new Date(closeAt), actor: { kind: 'system' }, commandId: d.commandId,
      });
      await runtime.projections.waitFor(result);
    });
    expect(await own.tick(new Date(closeAt))).toEqual({ fired: 1, stale: 0, failed: 0 });
    expect((await runtime.store.readStream('after-sale-51')).at(-1)?.type).toBe('AfterSaleAutoClosed');
    expect((await deadlineRows(runtime)).filter((r) => r.streamId === 'after-sale-51')).toEqual([]);
  });
});

describe('a handler rejected as stale by the domain', () => {
  it.each<[string, ErrorName]>([
    ['400001 订单状态已变更', 'orderStateChanged'], ['600003 拼单状态已变更', 'collageStateChanged'], ['300010', 'afterSaleDeadlineStale'],
  ])('counts %s as done, not as a failure', async (_label, name) => {
    const orderId = 310 + ['orderStateChanged', 'collageStateChanged', 'afterSaleDeadlineStale'].indexOf(name);
    await place(orderId);
    const own = await schedulerOn(runtime.db);
    const spy = calls(async (d) => { if (d.streamId === `order-${orderId}`) throw new DomainError(name); });
    own.registerDeadlineHandler('close-unpaid-order', spy.handler);
    const report = await own.tick(due);
    expect(report.stale).toBe(1);
    expect(report.failed).toBe(0);
    await own.tick(plus(due, HOUR));
    expect(spy.seen.filter((d) => d.streamId === `order-${orderId}`)).toHaveLength(1);
    expect((await own.pending(plus(due, HOUR))).filter((p) => p.streamId === `order-${orderId}`)).toEqual([]);
  });
});

describe('a handler that fails', () => {
  it('is retried after 5 s, then 10 s, and done once it succeeds', async () => {
    await place(320);
    const own = await schedulerOn(runtime.db);
    let failures = 2;
    const spy = calls(async (d) => {
      if (d.streamId !== 'order-320') return;
      if (failures > 0) {
        failures -= 1;
        throw failures === 1 ? new Error('store timeout') : new DomainError('concurrency');
      }
    });
    own.registerDeadlineHandler('close-unpaid-order', spy.handler);
    const mine = () => spy.seen.filter((d) => d.streamId === 'order-320').map((d) => d.attempt);
    expect((await own.tick(due)).failed).toBe(1);
    expect(await own.pending(due)).toEqual(expect.arrayContaining([expect.objectContaining({
      streamId: 'order-320', status: 'retry', attempts: 1, lastError: 'store timeout', nextAttemptAt: plus(due, 5000).toISOString(),
    })]));
    await own.tick(plus(due, 4999));
    expect(mine()).toEqual([1]);
    expect((await own.tick(plus(due, 5000))).failed).toBe(1);
    await own.tick(plus(due, 5000 + 9999));
    expect(mine()).toEqual([1, 2]);
    expect((await own.tick(plus(due, 15000))).fired).toBe(1);
    expect(mine()).toEqual([1, 2, 3]);
    await own.tick(plus(due, 60000));
    expect(mine()).toEqual([1, 2, 3]);
  });
});

/** Two schedulers on one database (two processes): each due deadline is handled by exactly one of them. */
async function racingSchedulers(dbA: Database, dbB: Database, orderIds: number[], rt: Runtime): Promise<void> {
  for (const id of orderIds) await orderCommand(rt, id, placeOrder(id), t0);
  const handled: string[] = [];
  const slow = async (d: DueDeadline) => {
    handled.push(d.streamId);
    await new Promise((r) => setTimeout(r, 20));
  };
  const a = await schedulerOn(dbA);
  const b = await schedulerOn(dbB);
  a.registerDeadlineHandler('close-unpaid-order', slow);
  b.registerDeadlineHandler('close-unpaid-order', slow);
  await Promise.all([a.tick(due), b.tick(due), a.tick(due), b.tick(due)]);
  const mine = handled.filter((s) => orderIds.includes(Number(s.slice('order-'.length))));
  expect(mine.sort()).toEqual(orderIds.map((id) => `order-${id}`).sort());
}

describe('one deadline polled twice at the same time', () => {
  it('runs once within a process', async () => {
    await place(330);
    const own = await schedulerOn(runtime.db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => { release = r; });
    const spy = calls(async (d) => { if (d.streamId === 'order-330') await gate; });
    own.registerDeadlineHandler('close-unpaid-order', spy.handler);
    const first = own.tick(due);
    const second = own.tick(due);
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([first, second]);
    expect(spy.seen.filter((d) => d.streamId === 'order-330')).toHaveLength(1);
  });

  it('runs once across two schedulers sharing the database', async () => {
    await racingSchedulers(runtime.db, runtime.db, [331, 332, 333], runtime);
  });

  it('is taken over by another process once the lease of one that died runs out', async () => {
    await place(334);
    const dying = await createScheduler({ db: runtime.db, clock: () => t0, leaseMs: 30_000 });
    const started: string[] = [];
    dying.registerDeadlineHandler('close-unpaid-order', (d) => {
      started.push(d.streamId);
      return d.streamId === 'order-334' ? new Promise<void>(() => undefined) : Promise.resolve();
    });
    void dying.tick(due);
    while (!started.includes('order-334')) await new Promise((r) => setTimeout(r, 10));
    const survivor = await schedulerOn(runtime.db);
    const spy = calls(nothing);
    survivor.registerDeadlineHandler('close-unpaid-order', spy.handler);
    await survivor.tick(plus(due, 29_000));
    expect(spy.seen.filter((d) => d.streamId === 'order-334')).toEqual([]);
    await survivor.tick(plus(due, 30_000));
    expect(spy.seen.filter((d) => d.streamId === 'order-334').map((d) => d.attempt)).toEqual([1]);
  });
});

if (process.env.DATABASE_URL) {
  describe('two processes on PostgreSQL', () => {
    it('each due deadline is handled by exactly one of them', async () => {
      const fresh = await freshPostgres('scheduler');
      if (!fresh) throw new Error('DATABASE_URL vanished');
      const pg = await openDeadlineRuntime({ databaseUrl: fresh.url });
      const other = await openDatabase({ kind: 'postgres', url: fresh.url });
      try {
        await racingSchedulers(pg.db, other, [341, 342, 343, 344, 345, 346], pg);
      } finally {
        await other.close();
        await pg.close();
        await fresh.drop();
      }
    });
  });
}

describe('after a restart', () => {
  it('the polling scheduler fires what fell due while down, and not what was already fired', async () => {
    await place(350);
    const before = await schedulerOn(runtime.db);
    const firedBefore = calls(nothing);
    before.registerDeadlineHandler('close-unpaid-order', firedBefore.handler);
    await before.tick(plus(due, -1));
    expect(firedBefore.seen).toEqual([]);
    await runtime.close();

    const now = plus(due, 5 * 60_000);
    runtime = await openDeadlineRuntime({ pglite }, { pollMs: 20, clock: () => now });
    const after = calls(closeUnpaid(runtime, () => now));
    runtime.scheduler.registerDeadlineHandler('close-unpaid-order', after.handler);
    const deadline = Date.now() + 10_000;
    while (!after.done.some((d) => d.streamId === 'order-350') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    const fired = after.seen.map((d) => d.streamId);
    expect(fired.filter((s) => s === 'order-350')).toHaveLength(1);
    expect(fired).not.toContain('order-330');
    expect(fired).not.toContain('order-331');
    expect((await runtime.store.readStream('order-350')).at(-1)?.type).toBe('OrderCancelled');
  });
});
