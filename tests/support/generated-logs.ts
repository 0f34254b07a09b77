/**
 * Generated event logs for the set-based projections (tests/contract/projection-set-based.test.ts and the bench's
 * rebuild section): the demo catalogue and generated products, then traffic that revisits the same keys in every
 * order a batch can meet them (relistings, shelf flips, shops disabled and enabled, orders placed and paid; stock
 * reserved, released and restocked; cart lines added, changed, removed and re-added). Deterministic (seeded PRNG).
 */
import { randomUUID } from 'node:crypto';
import { CatalogEvents, catalogStreams, type ProductListed } from '../../domain/catalog/catalog.events';
import type { NewEvent, RecordedEvent } from '../../services/event-store/event-store.port';
import { planCatalog } from '../../services/ops/seed/catalog/catalog-plan';
import { between, randomFor, type Random } from '../../services/ops/seed/catalog/prng';
import { generatedProductEvents } from '../bench/browse/generated-catalogue';

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** A log in memory: revisions per stream, positions in append order, times one second apart. */
export class GeneratedLog {
  readonly events: RecordedEvent[] = [];
  private readonly revisions = new Map<string, number>();
  private clock: number;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.clock = start;
  }

  add(streamId: string, type: string, data: unknown, occurredAt?: string): void {
    this.clock += 1000;
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    const n = BigInt(this.events.length + 1);
    this.events.push({
      streamId, revision, type, data, position: { commit: n, prepare: n }, recordedAt: new Date(this.clock).toISOString(),
      metadata: { eventId: randomUUID(), actor: { kind: 'system' }, occurredAt: occurredAt ?? new Date(this.clock).toISOString(), schemaVersion: 1 },
    });
  }

  addNew(streamId: string, event: NewEvent): void {
    this.add(streamId, event.type, event.data, event.metadata.occurredAt);
  }
}

/** The demo catalogue, `products` generated products, then `traffic` catalogue and order events on them. */
export function catalogLog(products: number, traffic: number, seed = 'catalog'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  const at = new Date(Date.UTC(2026, 0, 1));
  for (const batch of planCatalog(at)) for (const event of batch.events) log.addNew(batch.streamId, event);
  const listings: ProductListed[] = [];
  for (let i = 0; i < products; i += 1) {
    for (const { streamId, event } of generatedProductEvents(i, at)) {
      log.addNew(streamId, event);
      if (event.type === 'ProductListed') listings.push(event.data as ProductListed);
    }
  }
  const shops = [...new Set(listings.map((p) => p.shopId))];
  const placed: Array<{ streamId: string; paid: boolean }> = [];
  for (let n = 0; n < traffic; n += 1) {
    const p = pick(random, listings);
    const draw = random();
    if (draw < 0.15) {
      const edited = { ...p, productName: `${p.productName} ${n}`, fictitiousSales: between(random, 0, 500) };
      log.add(catalogStreams.product(p.productId), 'ProductListed', CatalogEvents.ProductListed.parse(edited));
    } else if (draw < 0.35) {
      const type = random() < 0.5 ? 'ProductShelved' : 'ProductUnshelved';
      log.add(catalogStreams.product(p.productId), type, { productId: p.productId });
    } else if (draw < 0.36) {
      const type = random() < 0.5 ? 'ShopDisabled' : 'ShopEnabled';
      const shopId = pick(random, shops);
      log.add(catalogStreams.shop(shopId), type, { shopId });
    } else if (draw < 0.7 || placed.length === 0) {
      const streamId = `order-${9_000_000 + n}`;
      const others = listings.filter((x) => x.shopId === p.shopId).slice(0, 3);
      const lines = [p, pick(random, others), p].map((x) => ({ productId: x.productId, number: between(random, 1, 3) }));
      log.add(streamId, 'OrderPlaced', { shopId: p.shopId, lines });
      placed.push({ streamId, paid: false });
    } else {
      const order = pick(random, placed);
      log.add(order.streamId, 'OrderPaid', { orderId: Number(order.streamId.slice(6)) });
      order.paid = true;
    }
  }
  return log.events;
}

/** `skus` SKUs initialised (some only after changes were attempted), then `traffic` stock and activity-quota events. */
export function stockLog(skus: number, traffic: number, seed = 'stock'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  const available = new Map<number, number>();
  const init = (skuId: number) => {
    const quantity = between(random, 0, 50);
    log.add(`sku-${skuId}`, 'StockInitialised', { skuId, quantity });
    if (!available.has(skuId)) available.set(skuId, quantity);
  };
  for (let skuId = 1; skuId <= skus; skuId += 1) if (skuId % 7 !== 0) init(skuId);
  for (let n = 0; n < traffic; n += 1) {
    const skuId = between(random, 1, skus);
    const draw = random();
    const now = available.get(skuId) ?? 0;
    if (draw < 0.03) {
      init(skuId); // a late or repeated initialisation: the first one wins
    } else if (draw < 0.45) {
      const number = between(random, 1, 3);
      available.set(skuId, Math.max(0, now - number));
      log.add(`sku-${skuId}`, 'StockReserved', { skuId, reservationId: n + 1, userId: between(random, 1, 50), number, available: Math.max(0, now - number) });
    } else if (draw < 0.65) {
      const number = between(random, 1, 3);
      log.add(`sku-${skuId}`, 'StockReleased', { skuId, reservationId: n + 1, number, reason: 'order-closed', available: now + number });
      available.set(skuId, now + number);
    } else if (draw < 0.75) {
      const added = between(random, 1, 20);
      log.add(`sku-${skuId}`, 'StockRestocked', { skuId, added, available: now + added });
      available.set(skuId, now + added);
    } else {
      const kind = pick(random, ['seckill', 'discount', 'group-work'] as const);
      const activityId = between(random, 1, 4);
      const type = random() < 0.7 ? 'ActivityQuotaReserved' : 'ActivityQuotaReleased';
      const lines = [{ skuId, number: between(random, 1, 2) }, { skuId: between(random, 1, skus), number: 1 }];
      log.add(`${kind}-quota-${activityId}`, type, {
        kind, activityId, reservationId: n + 1, userId: between(random, 1, 50), lines,
        ...(type === 'ActivityQuotaReleased' ? { reason: 'order-closed' } : {}),
      });
    }
  }
  return log.events;
}

/** `users` shoppers over `skus` SKUs, `traffic` cart events: lines added, changed, (un)selected, removed, re-added. */
export function cartLog(users: number, skus: number, traffic: number, seed = 'cart'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  const ref = (skuId: number) => ({ skuId, productId: 1000 + Math.floor(skuId / 4), shopId: 1 + (skuId % 5) });
  for (let n = 0; n < traffic; n += 1) {
    const userId = between(random, 1, users);
    const stream = `cart-${userId}`;
    const skuIds = [...new Set([between(random, 1, skus), between(random, 1, skus)])];
    const draw = random();
    if (draw < 0.35) {
      log.add(stream, 'CartLineAdded', { userId, ...ref(skuIds[0]), added: 1, number: between(random, 1, 5) });
    } else if (draw < 0.4) {
      log.add(stream, 'CartBoughtAgain', { userId, orderId: n + 1, lines: [...skuIds, skuIds[0]].map((skuId) => ({ ...ref(skuId), added: 1, number: between(random, 1, 5) })) });
    } else if (draw < 0.55) {
      log.add(stream, 'CartLineNumberChanged', { userId, skuId: skuIds[0], number: between(random, 1, 9) });
    } else if (draw < 0.75) {
      log.add(stream, random() < 0.5 ? 'CartLinesSelected' : 'CartLinesUnselected', { userId, skuIds });
    } else {
      const type = pick(random, ['CartLinesRemoved', 'CartCleared', 'CartInvalidLinesCleared', 'CartLinesCheckedOut']);
      log.add(stream, type, { userId, skuIds, ...(type === 'CartLinesCheckedOut' ? { orderId: n + 1 } : {}) });
    }
  }
  return log.events;
}
