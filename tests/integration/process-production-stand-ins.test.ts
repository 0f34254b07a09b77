/**
 * A production start runs no demo stand-in it was not told to (issue 29): `NODE_ENV=production` with only the payment
 * and SMS stand-ins chosen (they are refused otherwise, process-start-refusals.test.ts) seeds no demo data, and the
 * demo merchant neither ships a paid order (it did after DEMO_MERCHANT_SHIP_AFTER_MS, 60 s by default) nor agrees to
 * a refund application (after DEMO_MERCHANT_AFTER_SALE_AFTER_MS, 30 s: with WeChat Pay keys that is a real refund).
 * A real process on a fresh PostgreSQL database of its own; the catalogue is seeded by ops (`seed demo`), as an
 * operator who wants it would, and two shoppers buy through the sandbox cashier. The wait outlasts both old defaults.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkoutOnce } from '../bench/buy/checkout-flow';
import { plainSkus } from '../bench/buy/demo-skus';
import { HttpClient } from '../bench/buy/http-client';
import { signInShoppers, type Shopper } from '../bench/buy/shoppers';
import { createFreshDatabase, describeIfPostgres, type FreshPostgres } from '../support/backends';
import { eventually, runOps, startServerProcess, type ServerProcess } from '../support/server-process';

/** Real processes on a shared, loaded machine: a server start alone can take tens of seconds. */
const PROCESS_TIMEOUT_MS = 240_000;
/** Past both old defaults (ship 60 s, after-sale 30 s) with the demo merchant's 1 s poll to spare. */
const OUTLAST_OLD_DEFAULTS_MS = 66_000;
const OPS_TOKEN = 'production-stand-ins-ops-token';

describeIfPostgres('a production start told only to run the sandbox payments and the development SMS', () => {
  let database: FreshPostgres;
  let server: ServerProcess;
  let client: HttpClient;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jishi-prod-stand-ins-'));

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.DATABASE_URL as string, 'prod_stand_ins');
    server = await startServerProcess({
      NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'development', OPS_TOKEN,
      DATABASE_URL: database.url, DATA_DIR: dataDir,
      // unset (empty counts as unset): the defaults are what is on trial, not the test support's SEED_DEMO=false
      SEED_DEMO: '', DEMO_MERCHANT_SHIP_AFTER_MS: '', DEMO_MERCHANT_AFTER_SALE_AFTER_MS: '',
    });
    client = new HttpClient(server.url, 4);
  }, PROCESS_TIMEOUT_MS);
  afterAll(async () => {
    client?.close();
    if (server?.isAlive()) await server.stop('SIGTERM');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, PROCESS_TIMEOUT_MS);

  it('starts warning only of the stand-ins it was told to run', () => {
    expect(server.output()).toContain('!!! 警告：生产环境正在使用沙箱支付');
    expect(server.output()).toContain('!!! 警告：生产环境正在使用开发短信');
    expect(server.output()).not.toContain('演示商家');
    expect(server.output()).not.toContain('SEED_DEMO');
  });

  it('seeds no demo data', async () => {
    const { rows } = await database.db.query<{ n: number }>('select count(*)::int as n from events');
    expect(rows[0].n).toBe(0);
    expect(server.output()).not.toContain('[seed] demo data seeded');
  });

  it('neither ships a paid order nor agrees to a refund application by itself', async () => {
    // the operator seeds the catalogue explicitly; the server's projections apply it
    const seeded = await runOps(['seed', 'demo'], { DATABASE_URL: database.url, DATA_DIR: dataDir, OPS_TOKEN });
    expect(seeded.code).toBe(0);
    await eventually(async () => (await plainSkus(database.db, 5)).length >= 2, 120_000, 500);
    const [first, second] = await plainSkus(database.db, 5);
    const [keeper, refunder] = await signInShoppers({ opsToken: OPS_TOKEN }, client, 2) as [Shopper, Shopper];
    const kept = await checkoutOnce(client, keeper, first, 'prod-stand-ins-keep');
    const refunded = await checkoutOnce(client, refunder, second, 'prod-stand-ins-refund');
    const paidAt = Date.now();
    const applied = await client.api<{ afterId: number; afterState: number }>('POST', '/after/submit', {
      token: refunder.token,
      body: {
        orderId: refunded.orderId, afterType: 1, goodsState: 1, returnReason: '多拍/拍错/不想要', explain: '不想要了', image: '',
        skus: [{ skuId: second.skuId, number: 1 }],
      },
    });
    expect(applied.body).toMatchObject({ code: '200', data: { afterState: 1 } });

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, paidAt + OUTLAST_OLD_DEFAULTS_MS - Date.now())));
    const order = await client.api<{ state: number }>('GET', `/order/getById?orderId=${kept.orderId}`, { token: keeper.token });
    expect(order.body).toMatchObject({ code: '200', data: { state: 2 } }); // 待发货: no made-up waybill
    const afterSale = await client.api<{ afterState: number }>('GET', `/after/getById?afterId=${applied.body.data.afterId}`, { token: refunder.token });
    expect(afterSale.body).toMatchObject({ code: '200', data: { afterState: 1 } }); // 审核中: no one agreed, nothing refunded
    const { rows } = await database.db.query<{ type: string }>(
      `select type from events where metadata->'actor'->>'id' = 'demo-merchant' limit 5`);
    expect(rows).toEqual([]);
  }, PROCESS_TIMEOUT_MS);
});
