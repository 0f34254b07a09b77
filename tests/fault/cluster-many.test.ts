/**
 * Issue 14, many instances and one truth: infra/cluster with 2 API instances (PROJECTIONS=external), 2 projection
 * workers, a Kafka broker of its own (19298) and HAProxy (3190). One cluster for the file, in this order:
 * - the store → Kafka forwarder runs once although both workers start one: the topics hold each event exactly once
 *   and one worker holds the forwarder's lease; killed with kill -9, the other takes the lease over;
 * - a flash sale whose buyers are split across both instances directly (each instance's group commit against the
 *   other's): exactly the units on sale sold, no oversell, stock = initial − sold, every acknowledged order once;
 * - a rolling restart behind the proxy (restart.sh: api1, then api2) under a steady load without client retries:
 *   no request fails, every acknowledged order exists once;
 * - kill -9 of the Kafka broker mid-stream and a start with the project's script: catch-up with nothing missed or
 *   doubled (invariants), and the read models (of both scenarios) equal a from-scratch rebuild;
 * - the scheduler across both instances: every paid payment's resumer row (30 s after each payment of the loads above)
 *   was claimed and fired exactly once, by processes of both instances.
 */
import { execFileSync } from 'node:child_process';
import { Kafka, logLevel } from 'kafkajs';
import type { Database } from '../../services/db/database';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import type { Runtime } from '../../services/runtime';
import { auditFlash, soldExactly } from '../bench/buy/flash-audit';
import { appendFlashSales, FLASH_UNITS, type FlashSale } from '../bench/buy/flash-fixture';
import { submitBody } from '../bench/buy/checkout-flow';
import { HttpClient, mapLimit, type Envelope } from '../bench/buy/http-client';
import { signInShoppers, type Shopper } from '../bench/buy/shoppers';
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { startCluster, type Cluster } from './support/cluster';
import { describeFault, OPS_TOKEN, PORTS, scratchDir } from './support/fault-env';
import { expectInvariants, runScenario } from './support/scenario';
import { untilReady } from './support/server-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms: ${what}`);
    await sleep(250);
  }
}

/** The process group (= the cluster's name for it in the pids file) of a process id. */
function groupOf(pid: number): number | null {
  try {
    return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || null;
  } catch {
    return null;
  }
}

const SOLD = '200';
const SOLD_OUT = new Set(['80001', '600002']);

describeFault('many instances, one truth (the cluster behind its proxy)', ['postgres', 'kafka', 'haproxy'], () => {
  let fresh: FreshPostgres;
  let cluster: Cluster;
  let db: Database;
  const names = ['api1', 'api2', 'worker1', 'worker2'];
  /** Kafka group life in a worker's whole log: joins, rebalances, crashes, resubscriptions (the rest is in its tail). */
  const groupLines = (name: string) => (cluster?.log(name, Number.MAX_SAFE_INTEGER) ?? '').split('\n')
    .filter((line) => /joined the group|rebalancing|re-joining|not aware of this member|Crash|subscribing again|failed to start/.test(line))
    .map((line) => line.slice(0, 220)).slice(-25).join('\n');
  const output = () => [
    ...names.map((n) => `--- ${n} ---\n${cluster?.log(n) ?? ''}`),
    ...['worker1', 'worker2'].map((n) => `--- ${n}: Kafka group lines ---\n${groupLines(n)}`),
    `--- broker: group coordinator ---\n${cluster?.kafka?.groupLog() ?? ''}`,
  ].join('\n');

  beforeAll(async () => {
    fresh = await createFreshDatabase(process.env.DATABASE_URL!, 'fault_many');
    db = fresh.db;
    cluster = await startCluster({
      instances: 2, workers: 2, databaseUrl: fresh.url, dir: scratchDir('cluster-many'),
      port: PORTS.manyCluster, kafkaPort: PORTS.manyClusterKafka,
    });
    await untilReady({ url: cluster.url, output }, 180_000);
  }, 360_000);
  afterAll(async () => {
    await cluster?.stop();
    await fresh?.drop();
  }, 120_000);

  const kafkaAdmin = async <T>(work: (admin: ReturnType<Kafka['admin']>) => Promise<T>): Promise<T> => {
    const admin = new Kafka({ brokers: [cluster.kafka!.brokers], clientId: 'fault-many', logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.disconnect();
    }
  };
  /** Messages in the feed's topics (the sum of every partition's high watermark). */
  const messagesInTopics = () => kafkaAdmin(async (admin) => {
    let total = 0;
    for (const topic of (await admin.listTopics()).filter((t) => t.startsWith('jishi.'))) {
      for (const p of await admin.fetchTopicOffsets(topic)) total += Number(p.high);
    }
    return total;
  });
  const eventCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from events')).rows[0].n);
  const forwarderRow = async () => (await db.query<{ owner: string | null; position: string | null; held: boolean }>(
    `select owner, position, coalesce(lease_until > now(), false) as held from kafka_forwarder_checkpoints where name = 'default'`)).rows[0];
  /** The forwarder's lag as health reports it (0: every event of the store is on the broker). */
  const forwarderCaughtUp = async () => {
    const response = await fetch(`${cluster.url}/internal/health`, { headers: { 'x-ops-token': OPS_TOKEN } });
    const body = await response.json() as { data?: { detail?: { forwarder?: { lag: number | null } | null } | null } };
    return body.data?.detail?.forwarder?.lag === 0;
  };
  const holderOf = (owner: string | null) => {
    const pid = owner ? Number(owner.split('-')[0]) : NaN;
    const group = Number.isFinite(pid) ? groupOf(pid) : null;
    return names.find((n) => group !== null && cluster.pidOf(n) === group) ?? `unknown (${owner})`;
  };

  it('forwards each event to Kafka once although both workers start a forwarder; the other takes over a killed one', async () => {
    await until(forwarderCaughtUp, 'the forwarder caught up with the store', 90_000);
    // a batch the young broker refused part-way ("not the leader") is republished by a new producer: the duplicates
    // of start-up are legitimate, so what is counted is what the topics gain for the events appended from now on
    const [events0, messages0, row] = await Promise.all([eventCount(), messagesInTopics(), forwarderRow()]);
    const signer = new HttpClient(cluster.url, 4);
    await signInShoppers({ opsToken: OPS_TOKEN }, signer, 8, 2800).finally(() => signer.close()); // events to forward
    await until(forwarderCaughtUp, 'the forwarder forwarded the new events', 60_000);
    const [events, messages] = await Promise.all([eventCount(), messagesInTopics()]);
    const heartbeats = Number((await db.query<{ n: string }>(
      `select count(*) as n from projection_workers where beat_at > now() - interval '30 seconds'`)).rows[0].n);
    const holder = holderOf(row.owner);
    console.log(`[fault] one forwarder across 2 workers: ${events - events0} events appended, ${messages - messages0} messages `
      + `published for them (store ${events}, broker ${messages} with start-up republishing), lease held by ${holder}, ${heartbeats} workers beating`);
    expect(heartbeats).toBe(2);
    expect(row.held).toBe(true);
    expect(['worker1', 'worker2']).toContain(holder);
    expect(events - events0).toBeGreaterThan(0);
    expect(messages - messages0).toBe(events - events0);

    // kill -9 of the holder: the standby takes the lease once it ran out, and forwards what came meanwhile
    const killedAt = Date.now();
    cluster.kill(holder);
    const another = new HttpClient(cluster.url, 1);
    await signInShoppers({ opsToken: OPS_TOKEN }, another, 1, 2900).finally(() => another.close()); // events to forward
    const taken = await until(async () => {
      const now = await forwarderRow();
      return now.held && now.owner !== row.owner ? now : null;
    }, 'the standby forwarder took the lease over', 60_000);
    const takeover = holderOf(taken.owner);
    await until(forwarderCaughtUp, 'the new holder caught up', 60_000);
    console.log(`[fault] forwarder lease: ${holder} killed, ${takeover} took over after ${Date.now() - killedAt} ms`);
    expect(takeover).toBe(holder === 'worker1' ? 'worker2' : 'worker1');
    await cluster.restart(holder);
  }, 240_000);

  it('sells a flash sale exactly once when its buyers are split across both instances', async () => {
    const store = await createPostgresEventStore(db);
    const fixture = {
      clock: () => new Date(), store,
      projections: { waitFor: async () => { await untilReady({ url: cluster.url, output }, 60_000); return true; } },
    } as unknown as Runtime;
    const sales = await appendFlashSales(fixture);
    const signer = new HttpClient(cluster.url, 8);
    let buyers: Shopper[];
    try {
      buyers = await signInShoppers({ opsToken: OPS_TOKEN }, signer, FLASH_UNITS + 30, 3000);
    } finally {
      signer.close();
    }
    const clients = [new HttpClient(cluster.instanceUrl(1), 16), new HttpClient(cluster.instanceUrl(2), 16)];
    try {
      for (const sale of [sales.stock, sales.activity] as FlashSale[]) {
        let conflicts = 0;
        const replies = await mapLimit(buyers, 32, async (buyer, i) => {
          for (let attempt = 1; ; attempt += 1) {
            const answer = await clients[i % 2].api<{ orderId: number; orderIds?: number[] }>('POST', '/order/submit', {
              token: buyer.token, body: submitBody(buyer, sale, null, { shopSeckillId: sale.shopSeckillId }),
              headers: { 'idempotency-key': `many-flash-${sale.gate}-${i}` },
            }).catch((error: unknown) => ({ status: 0, body: { code: 'transport', message: String(error), data: null } as unknown as Envelope<{ orderId: number }> }));
            // HTTP 503 服务繁忙，请稍后重试: the hot stream's append lost its races with the other instance too often; the
            // checkout stays started (issue 28), so the buyer asks again with the same key and the checkout resumes
            if (answer.status === 503 && answer.body.code === '503' && attempt < 10) {
              conflicts += 1;
              await sleep(100 * attempt);
              continue;
            }
            return { instance: (i % 2) + 1, code: answer.body.code, message: answer.body.message, orderId: answer.body.data?.orderId ?? null };
          }
        });
        const sold = replies.filter((r) => r.code === SOLD);
        const others = replies.filter((r) => r.code !== SOLD && !SOLD_OUT.has(r.code));
        const audit = await until(async () => {
          const a = await auditFlash({ db, store } as unknown as Runtime, sale);
          return a.orders === sold.length && a.readModelAvailable === a.skuAvailable ? a : null;
        }, `the ${sale.gate} flash sale's orders in the read models`, 30_000).catch(() => auditFlash({ db, store } as unknown as Runtime, sale));
        const orderIds = sold.map((r) => r.orderId);
        const placed = await db.query<{ stream_id: string; n: number }>(
          `select stream_id, count(*)::int as n from events where type = 'OrderPlaced' and stream_id = any($1::text[]) group by stream_id`,
          [orderIds.map((id) => `order-${id}`)]);
        const initial = sale.gate === 'stock' ? FLASH_UNITS : 10 * FLASH_UNITS;
        console.log(`[fault] flash (${sale.gate}) across 2 instances: ${buyers.length} buyers, sold ${sold.length} `
          + `(instance 1: ${sold.filter((r) => r.instance === 1).length}, instance 2: ${sold.filter((r) => r.instance === 2).length}), `
          + `sold out ${replies.filter((r) => SOLD_OUT.has(r.code)).length}, other ${others.length}, 503s asked again ${conflicts}; audit ${JSON.stringify(audit)}`);
        expect(others.map((r) => `${r.code} ${r.message}`)).toEqual([]);
        expect(sold.length).toBe(FLASH_UNITS);
        expect(sold.some((r) => r.instance === 1) && sold.some((r) => r.instance === 2)).toBe(true);
        // a buyer refused 409 after its quota reservation gives that reservation back (checkout-steps.ts giveBack asks
        // again past the command's conflict retries): the quota counts exactly the units sold, 409s or not
        expect(soldExactly(audit, FLASH_UNITS, sale.gate === 'activity')).toBe(true);
        expect(new Set(orderIds).size).toBe(sold.length);
        expect(placed.rows.length).toBe(sold.length);
        expect(placed.rows.every((r) => r.n === 1)).toBe(true);
        // stock = initial − sold, in the SKU's stream and in the read model
        expect(audit.skuAvailable).toBe(initial - sold.length);
        expect(audit.readModelAvailable).toBe(initial - sold.length);
      }
    } finally {
      clients.forEach((c) => c.close());
    }
  }, 240_000);

  it('loses no request in a rolling restart of both instances behind the proxy', async () => {
    const result = await runScenario({
      name: 'cluster: rolling restart (restart.sh api1, api2) under a steady load', url: cluster.url, db: () => db,
      // a buyer every 500 ms from before the restart until it has finished (at most 200: 100 s; CI's loaded machine
      // once took more than 48 s to restart both), none asking twice
      firstBuyer: 4000, buyers: 200, inFlight: 4, startEveryMs: 500, untilRepaired: true, retries: false, injectAfter: 3,
      // one rebuild comparison per cluster file (each costs ~45 s here): the broker scenario below makes it for both
      healthProblem: 'answered', rebuild: 'elsewhere', output,
      async inject() {
        const injectedAt = Date.now();
        await cluster.restart();
        return { injectedAt, repairedAt: Date.now() };
      },
    });
    console.log(`[fault] rolling restart: ${result.outcomes.length} buyers checked out during it, ${result.outcomes.filter((o) => o.failure).length} failed`);
    expect(result.outcomes.length).toBeLessThan(200); // the load lasted the whole restart
    expect(result.outcomes.filter((o) => o.failure).map((o) => o.failure)).toEqual([]);
    expect(result.outcomes.every((o) => o.paid)).toBe(true);
    expectInvariants(result);
  }, 300_000);

  // With 2 workers the consumer groups once kept rebalancing after the broker came back ("the coordinator is not
  // aware of this member"): a member retrying a batch swallowed its refused heartbeats and never rejoined
  // (services/feed/kafka.feed.ts stillMember now ends such a batch so that kafkajs rejoins).
  it('catches up with nothing missed or doubled after kill -9 of the Kafka broker mid-stream', async () => {
    const kafka = cluster.kafka!;
    const result = await runScenario({
      name: 'cluster: kill -9 of the Kafka broker, started again with start-kafka.sh', url: cluster.url, db: () => db,
      firstBuyer: 5000, buyers: 16, inFlight: 4, retries: true, injectAfter: 4, healthProblem: 'kafka', recoveryMs: 120_000,
      rebuild: { gate: cluster.env }, output,
      async inject({ heldUntilReported }) {
        const injectedAt = Date.now();
        await kafka.kill9();
        await sleep(2000);
        await heldUntilReported(injectedAt);
        const repairedAt = Date.now();
        await kafka.start();
        return { injectedAt, repairedAt };
      },
    });
    expectInvariants(result);
  }, 300_000);

  it('fires each deadline once across both instances', async () => {
    // the payment process's resumer row (resume-process): fired PROCESS_RESUME_AFTER_MS (30 s) after each payment's
    // money of the loads above; both instances poll every second
    const payments = Number((await db.query<{ n: string }>(
      `select count(distinct stream_id) as n from events where type = 'PaymentSucceeded'`)).rows[0].n);
    const firings = () => db.query<{ stream_id: string; due_at: Date; status: string | null; attempts: number | null; last_error: string | null }>(
      `select d.stream_id, d.due_at, f.status, f.attempts, f.last_error
         from deadlines d
         left join scheduler_firings f on f.kind = d.kind and f.stream_id = d.stream_id and f.due_text = d.due_text
        where d.kind = 'resume-process' and d.stream_id like 'payment-%'
          and exists (select 1 from events e where e.stream_id = d.stream_id and e.type = 'PaymentSucceeded')`);
    await until(async () => {
      const { rows } = await firings();
      return rows.length === payments && rows.every((r) => r.status === 'done');
    }, `all ${payments} payment resumer rows fired`, 120_000).catch(async (error: Error) => {
      // what was still open, and why: the deadline missing from the read model, or a firing waiting or retrying
      const { rows } = await firings();
      const open = rows.filter((r) => r.status !== 'done');
      throw new Error(`${error.message}: ${rows.length} deadlines for ${payments} payments, ${open.length} not done: `
        + JSON.stringify(open.slice(0, 10)));
    });
    const { rows } = await db.query<{ stream_id: string; status: string; claims: number; attempts: number; fired_by: string | null }>(
      `select f.stream_id, f.status, f.claims, f.attempts, f.fired_by from scheduler_firings f
        where f.kind = 'resume-process' and f.stream_id like 'payment-%'
          and exists (select 1 from events e where e.stream_id = f.stream_id and e.type = 'PaymentSucceeded')`);
    const byProcess = new Map<string, number>();
    for (const row of rows) byProcess.set(row.fired_by ?? '-', (byProcess.get(row.fired_by ?? '-') ?? 0) + 1);
    const instances = new Set([...byProcess.keys()].map((owner) => holderOf(owner)).filter((n) => n.startsWith('api')));
    console.log(`[fault] scheduler across 2 instances: ${payments} payments, ${rows.length} payment resumer firings, `
      + `claims ${[...new Set(rows.map((r) => r.claims))].join('/')}, fired by ${byProcess.size} processes `
      + `(${[...byProcess.values()].join(' + ')}; live ones: ${[...instances].join(', ') || 'none'})`);
    expect(rows.length).toBe(payments);
    expect(rows.filter((r) => r.status !== 'done' || r.claims !== 1 || r.attempts !== 1)).toEqual([]);
    // each instance fired some (the restarted ones under new process names): the lease, not one lone poller, kept them once
    expect(byProcess.size).toBeGreaterThanOrEqual(2);
  }, 210_000);
});
