/**
 * The Buy bench's checkout load (buy/checkout-flow.ts: settle → submit → pay → the sandbox cashier's 确认支付) on one
 * cluster, by two paths: through the proxy, and direct (the same workers straight at the instances' own ports,
 * worker w at instance w mod N + 1, so the direct load is spread as the proxy spreads it). The rounds are driven
 * from outside (cluster.bench.ts), in turns with the other paths and the other cluster. Besides the checkouts, each
 * round sends GET /api/health/live by the same path (the proxy hop on a request that does nothing).
 */
import { scaled, type BenchConfig } from '../bench-backends';
import { checkoutRound, type CheckoutRound } from '../buy/checkout-flow';
import { plainSkus, roundRobin } from '../buy/demo-skus';
import { HttpClient } from '../buy/http-client';
import { signInShoppers, type Shopper } from '../buy/shoppers';
import { combineLoads, progress, runLoad, type LoadResult } from '../stats';
import { OPS_TOKEN, untilCaughtUp, type BenchCluster } from './bench-cluster';
import { untilPaid, type PaidCheck } from './paid-orders';

export const WORKERS = 16;
export const ROUNDS = 3;
const SHOPPERS = 64;
const WARMUP = 32;
const MIN_STOCK = 30;
const LIVE_PER_ROUND = 400;

export type Path = 'proxy' | 'direct';
export const PATHS: readonly Path[] = ['proxy', 'direct'];

export type { CheckoutRound };

export interface PathFigures { checkout: CheckoutRound; live: LoadResult }

export interface CheckoutRig {
  cluster: BenchCluster;
  shoppers: Shopper[];
  /** Refusals during the warm-up (a loaded machine's worker runs behind): reported, not fatal. */
  warmErrors: Map<string, number>;
  perRound: number;
  round(path: Path, round: number): Promise<void>;
  figures(): Promise<{ paths: Record<Path, PathFigures>; paid: PaidCheck }>;
  close(): void;
}


export function combineRounds(rounds: readonly CheckoutRound[]): CheckoutRound {
  const errors = new Map<string, number>();
  for (const r of rounds) for (const [k, n] of r.errors) errors.set(k, (errors.get(k) ?? 0) + n);
  return { timings: rounds.flatMap((r) => r.timings), errors, ms: rounds.reduce((ms, r) => ms + r.ms, 0) };
}

/** Signs the shoppers in, picks the SKUs and warms both paths up; the rounds come later. */
export async function checkoutRig(config: BenchConfig, cluster: BenchCluster): Promise<CheckoutRig> {
  const { instances } = cluster.shape;
  const proxy = new HttpClient(cluster.url, WORKERS);
  const direct = Array.from({ length: instances }, (_, i) => new HttpClient(cluster.instanceUrl(i + 1), WORKERS));
  const clientsOf = (path: Path) => (path === 'proxy' ? [proxy] : direct);
  const close = () => { proxy.close(); for (const c of direct) c.close(); };
  try {
    const shoppers = await signInShoppers({ opsToken: OPS_TOKEN }, proxy, SHOPPERS);
    const perRound = Math.ceil(scaled(config, 600) / ROUNDS);
    const skus = await plainSkus(cluster.fresh.db, MIN_STOCK);
    const lines = roundRobin(skus, 2 * WARMUP + PATHS.length * ROUNDS * perRound, MIN_STOCK);
    progress(`cluster ${cluster.shape.label}: ${SHOPPERS} shoppers signed in, ${skus.length} plain SKUs; warming up`);
    let used = 0;
    const take = (n: number) => { used += n; return lines.slice(used - n, used); };
    // the shoppers' addresses in the worker's read models before anyone settles (else read-your-writes answers 503)
    await untilCaughtUp(cluster.instanceUrl(1), 120_000);
    const warmErrors = new Map<string, number>();
    for (const path of PATHS) {
      const warm = await checkoutRound(clientsOf(path), shoppers, take(WARMUP), `warm-${path}`, WORKERS);
      if (warm.timings.length === 0) throw new Error(`every warm-up checkout (${path}) failed: ${[...warm.errors.keys()].join('; ')}`);
      for (const [k, n] of warm.errors) warmErrors.set(`warm-up ${path}: ${k}`, (warmErrors.get(`warm-up ${path}: ${k}`) ?? 0) + n);
    }
    const rounds: Record<Path, CheckoutRound[]> = { proxy: [], direct: [] };
    const live: Record<Path, LoadResult[]> = { proxy: [], direct: [] };
    return {
      cluster, shoppers, warmErrors, perRound, close,
      async round(path, round) {
        const clients = clientsOf(path);
        live[path].push(await runLoad(LIVE_PER_ROUND, WORKERS, async (worker) => {
          const answer = await clients[worker % clients.length].api<{ status: string }>('GET', '/health/live');
          if (answer.status !== 200) throw new Error(`GET /api/health/live answered ${answer.status}`);
        }));
        const result = await checkoutRound(clients, shoppers, take(perRound), `${path}-r${round}`, WORKERS);
        rounds[path].push(result);
        progress(`cluster ${cluster.shape.label} ${path} round ${round + 1}/${ROUNDS}: ${((result.timings.length * 1000) / result.ms).toFixed(1)} orders/s`
          + `${result.errors.size > 0 ? `, errors: ${[...result.errors.keys()].join('; ')}` : ''}`);
      },
      async figures() {
        const paths = Object.fromEntries(PATHS.map((p) => [p, { checkout: combineRounds(rounds[p]), live: combineLoads(live[p]) }])) as Record<Path, PathFigures>;
        const orderIds = PATHS.flatMap((p) => paths[p].checkout.timings.map((t) => t.orderId));
        return { paths, paid: await untilPaid(cluster.fresh.db, orderIds, 30_000) };
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}
