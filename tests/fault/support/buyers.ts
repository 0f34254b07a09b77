/**
 * The fault suite's bounded buyer load over HTTP: each buyer (signed in beforehand, one default address) makes ONE
 * buy-now checkout of one unit (settle → submit with its own Idempotency-Key → pay → 确认支付 on the sandbox
 * cashier), so an order more than one per buyer is a duplicate. With `retries`, a step that failed for want of an
 * answer (connection refused or reset, 503) is asked again with the same key until `retryUntil`; without, the buyer
 * gives up at the first failure, as a shopper closing the tab would. The log keeps every acknowledged submit (a 200
 * answer with its orderIds) and every confirmed payment: the invariant checker holds the store to them.
 */
import { confirmOnSandbox, pay, settle, StepError, submit, submitBody } from '../../bench/buy/checkout-flow';
import type { BuyLine } from '../../bench/buy/demo-skus';
import { HttpClient, mapLimit } from '../../bench/buy/http-client';
import { signInShoppers, type Shopper } from '../../bench/buy/shoppers';
import { OPS_TOKEN } from './fault-env';

export interface Acknowledged { userId: number; skuId: number; orderIds: number[]; key: string }
export interface BuyerOutcome { userId: number; acknowledged: Acknowledged | null; paid: boolean; failure: string | null; attempts: number }

export interface LoadOptions {
  /** Checkouts running at once. */
  inFlight: number;
  /** Ask again with the same Idempotency-Key after a failure without an answer, until this time (ms epoch). */
  retryUntil?: () => number | null;
  /** Called after each acknowledged submit (a scenario injects its fault after the n-th). */
  onAcknowledged?: (count: number) => void;
  /** Buyer i starts no earlier than i × this after the load began: a steady load that lasts (default: all at once). */
  startEveryMs?: number;
  /** Once this answers true no further buyer starts (those not started are left out of the outcomes). */
  stopStarting?: () => boolean;
}

const REQUEST_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A failure the client cannot tell from a lost request: no answer, the 503 of a server that is recovering, or (for
 * the payment callback) a notification the server did not accept, which WeChat Pay delivers again.
 */
function unanswered(error: unknown): boolean {
  if (error instanceof StepError) return error.code === '503' || error.code === '500' || (error.step === 'callback' && error.code === '502');
  return true;
}

async function untilAnswering(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await sleep(250);
    }
  }
}

export class BuyerLoad {
  readonly outcomes: BuyerOutcome[] = [];
  private acknowledgedCount = 0;
  /** Buyers arriving while the server is down wait for it until this time at the latest (one load-wide bound). */
  private waitUntil = 0;

  constructor(private readonly url: string, readonly shoppers: readonly Shopper[], readonly lines: readonly BuyLine[]) {}

  /** `count` new buyers; `firstIndex` keeps their phones apart from earlier loads on the same database. */
  static async signIn(url: string, count: number, lines: readonly BuyLine[], firstIndex = 0): Promise<BuyerLoad> {
    const client = new HttpClient(url, 8);
    try {
      const shoppers = await signInShoppers({ opsToken: OPS_TOKEN }, client, count, firstIndex);
      return new BuyerLoad(url, shoppers, lines);
    } finally {
      client.close();
    }
  }

  get acknowledged(): Acknowledged[] {
    return this.outcomes.flatMap((o) => (o.acknowledged ? [o.acknowledged] : []));
  }

  /** Every buyer's one checkout; resolves when all have finished or given up. */
  async run(options: LoadOptions): Promise<BuyerOutcome[]> {
    const began = Date.now();
    this.waitUntil = began + 60_000;
    await mapLimit(this.shoppers, options.inFlight, async (shopper, index) => {
      if (options.startEveryMs) await sleep(began + index * options.startEveryMs - Date.now());
      if (options.stopStarting?.()) return;
      return this.buy(shopper, this.lines[index % this.lines.length], index, options);
    });
    return this.outcomes;
  }

  private async buy(shopper: Shopper, line: BuyLine, index: number, options: LoadOptions): Promise<void> {
    const key = `fault-${shopper.userId}-${index}`;
    const outcome: BuyerOutcome = { userId: shopper.userId, acknowledged: null, paid: false, failure: null, attempts: 0 };
    this.outcomes.push(outcome);
    // One client per attempt: a socket of the killed server is not reused.
    const attempt = async <T>(step: (client: HttpClient) => Promise<T>): Promise<T> => {
      for (;;) {
        outcome.attempts += 1;
        const client = new HttpClient(this.url, 1);
        let timer: NodeJS.Timeout | undefined;
        try {
          // A request the server holds forever counts as unanswered: the client gives up on it after 15 s.
          const timedOut = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer within 15 s')), REQUEST_TIMEOUT_MS);
          });
          return await Promise.race([step(client), timedOut]);
        } catch (error) {
          const until = options.retryUntil?.() ?? null;
          if (until === null || Date.now() > until || !unanswered(error)) throw error;
          await sleep(250);
        } finally {
          clearTimeout(timer);
          client.close();
        }
      }
    };
    try {
      // A buyer who comes while the server is down waits for the page to load; only the requests are not retried.
      await untilAnswering(this.url, this.waitUntil);
      const shop = await attempt((client) => settle(client, shopper, line));
      const submitted = await attempt((client) => submit(client, shopper, submitBody(shopper, line, shop.distribution), key));
      outcome.acknowledged = { userId: shopper.userId, skuId: line.skuId, orderIds: submitted.orderIds ?? [submitted.orderId], key };
      this.acknowledgedCount += 1;
      options.onAcknowledged?.(this.acknowledgedCount);
      const payment = await attempt((client) => pay(client, shopper, submitted.orderId));
      await attempt((client) => confirmOnSandbox(client, payment.paymentId));
      outcome.paid = true;
    } catch (error) {
      outcome.failure = error instanceof Error ? error.message.slice(0, 200) : String(error);
    }
  }
}
