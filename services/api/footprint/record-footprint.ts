/**
 * Records that a signed-in shopper viewed a product (called by the product detail route). Fire-and-forget: it never
 * throws and never delays or fails the page — a footprint that could not be written is logged and dropped.
 * Resolves to the recorded events (none when the product is already in today's history, or on failure), so a caller
 * that wants read-your-writes may `waitFor` them.
 */
import { footprintDecider } from '../../../domain/footprint/footprint.decider';
import { footprintStream } from '../../../domain/footprint/footprint.events';
import { handleCommand } from '../../commands/handle-command';
import type { EventStore, RecordedEvent } from '../../event-store/event-store.port';

export interface FootprintDeps {
  store: EventStore;
  clock: () => Date;
  /** Where a failure is reported (e.g. `request.log.warn`); silent when omitted. */
  warn?: (message: string, error: unknown) => void;
}

export interface ViewedProduct { productId: number; shopId: number; skuId: number }

export async function recordFootprint(deps: FootprintDeps, userId: number, product: ViewedProduct): Promise<RecordedEvent[]> {
  try {
    const result = await handleCommand({
      store: deps.store,
      streamId: footprintStream(userId),
      decider: footprintDecider,
      command: {
        type: 'RecordView',
        data: { userId, productId: product.productId, shopId: product.shopId, skuId: product.skuId },
      },
      now: deps.clock(),
      actor: { kind: 'user', id: String(userId) },
      // two tabs opening products at once: the outcome does not depend on what either saw
      retryOnConflict: true,
    });
    return result.events;
  } catch (error) {
    deps.warn?.('footprint not recorded', error);
    return [];
  }
}
