/**
 * Daily reconciliation with the payment provider (issue 28; DESIGN.md §4): two orders paid on the sandbox cashier,
 * one whose callback was recorded and one whose callback was lost (confirmed in the sandbox's ledger, never posted to
 * the notify route), and a refund from the recorded one. The sandbox's bill of the day against the store reports
 * exactly the lost payment, over the ops route and from the daily job; once its notification is recorded, nothing.
 * On PGlite, and on PostgreSQL too when DATABASE_URL is set (the store side is an SQL query on the events table).
 */
import { processContext } from '../../services/processes/process-step';
import { refundOrder } from '../../services/orders/refund-order';
import type { ReconciliationReport } from '../../services/payments/reconciliation/reconcile-bill';
import { startDailyReconciliation } from '../../services/payments/reconciliation/daily-reconciliation';
import type { SandboxCashier } from '../../services/payments/sandbox.provider';
import type { SignedNotification } from '../../services/payments/wechatpay-notification';
import { shanghaiDate } from '../../services/payments/shanghai-day';
import { settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, newShopper, type PayInfo } from './checkout.support';
import { announceSkip, freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const DAY = shanghaiDate(NOW);
const backends = process.env.DATABASE_URL ? ['pglite', 'postgres'] as const : ['pglite'] as const;
if (!process.env.DATABASE_URL) announceSkip('payments-reconciliation', 'postgres', 'DATABASE_URL not set');

describe.each(backends)('on %s', (backend) => {
  let server: TestServer;
  let pg: FreshPostgres | null = null;
  let recorded: PayInfo;
  let lost: PayInfo;
  let lostNotification: SignedNotification;

  beforeAll(async () => {
    if (backend === 'postgres') pg = await freshPostgres('reconciliation');
    server = await startTestServer({ web: false, clock: () => NOW, ...(pg ? { databaseUrl: pg.url } : {}) });
    await settleCheckoutFixture(server, NOW);
    recorded = (await (await newShopper(server, NOW)).submit({ shops: cupOrder(1) })).body.data;
    lost = (await (await newShopper(server, NOW)).submit({ shops: cupOrder(2) })).body.data;
    const confirmed = await fetch(`${server.url}/pay/sandbox/${recorded.paymentId}/confirm`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    lostNotification = await (server.runtime.payments.sandbox as SandboxCashier).confirm(lost.paymentId); // never posted
    const deps = { store: server.runtime.store, clock: () => NOW, provider: server.runtime.payments.provider, log: () => undefined };
    const refunded = await refundOrder(deps, processContext(deps, 'order-close', `order-${recorded.orderId}`), {
      paymentId: recorded.paymentId, orderId: recorded.orderId, amount: 50, reason: 'after-sale', refundId: `R${recorded.paymentId}`.slice(0, 32),
    });
    expect(refunded).toBe('refunded');
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  const reconcile = async (query = `?date=${DAY}`, token = server.opsToken) => {
    const response = await fetch(`${server.url}/internal/payments/reconcile${query}`, { headers: { 'x-ops-token': token } });
    return { status: response.status, body: (await response.json()) as { code: string; message: string; data: ReconciliationReport } };
  };

  describe('a day with a payment whose callback was lost', () => {
    it('reports exactly that payment as paid at the provider but not recorded', async () => {
      const { status, body } = await reconcile();
      expect(status).toBe(200);
      expect(body.data).toEqual({
        billDate: DAY, billLines: 3, paymentsChecked: 2,
        differences: [{
          kind: 'paid-not-recorded', paymentId: lost.paymentId, store: 'not paid',
          provider: expect.stringMatching(new RegExp(`^SUCCESS ¥${(lost.money).toFixed(2).replace('.', '\\.')} 4200\\d{24}$`)),
        }],
      });
    });

    it('is found by the daily job once, when yesterday\'s bill is due, and logged', async () => {
      const lines: string[] = [];
      const job = await startDailyReconciliation({
        db: server.runtime.db, eventsDb: server.runtime.db, store: server.runtime.store, provider: server.runtime.payments.provider,
        clock: () => NOW, log: (line) => lines.push(line), checkEveryMs: 0,
      });
      const dayAfter = new Date(Date.parse(`${DAY}T00:00:00+08:00`) + 24 * 3600_000);
      try {
        expect(await job.runDue(new Date(dayAfter.getTime() + 9 * 3600_000))).toBeNull(); // 09:00: the bill is not made yet
        const report = await job.runDue(new Date(dayAfter.getTime() + 10.5 * 3600_000));
        expect(report?.differences.map((d) => [d.kind, d.paymentId])).toEqual([['paid-not-recorded', lost.paymentId]]);
        expect(await job.runDue(new Date(dayAfter.getTime() + 11 * 3600_000))).toBeNull(); // the day is done
        expect(lines.join('\n')).toContain(`paid-not-recorded                ${lost.paymentId}`);
      } finally {
        await job.stop();
      }
    });

    it('is not answered without the ops token, nor for a date that is not one', async () => {
      expect((await reconcile(`?date=${DAY}`, 'wrong-token-wrong-token-0')).status).toBe(403);
      expect((await reconcile('?date=2026-02-30')).status).toBe(400);
    });
  });

  describe('the same day once the lost payment is recorded', () => {
    it('reports nothing: the books agree', async () => {
      const notify = await fetch(`${server.url}/api/pay/wechat/notify`, { method: 'POST', ...lostNotification });
      expect(notify.status).toBe(200);
      const { body } = await reconcile();
      expect(body.data).toEqual({ billDate: DAY, billLines: 3, paymentsChecked: 2, differences: [] });
    });

    it('reports nothing on a day without trades', async () => {
      expect((await reconcile('?date=2020-01-01')).body.data)
        .toEqual({ billDate: '2020-01-01', billLines: 0, paymentsChecked: 0, differences: [] });
    });
  });
});
