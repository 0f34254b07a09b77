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
  const byShop = new Map<number, ProductListed[]>();
  for (const p of listings) if ((byShop.get(p.shopId)?.length ?? 0) < 3) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
  const shops = [...byShop.keys()];
  // a shop disabled or enabled rewrites all its products: about 20 per log, as rare as they are in a real one
  const shopFlagShare = Math.min(0.005, 20 / Math.max(1, traffic));
  const placed: Array<{ streamId: string; paid: boolean }> = [];
  for (let n = 0; n < traffic; n += 1) {
    const p = pick(random, listings);
    const draw = random();
    if (draw < 0.15) {
      // half the edits reprice: the shop's lowest price may rise (its holder repriced) or fall
      const factor = random() < 0.5 ? 1 : between(random, 50, 150) / 100;
      const skus = p.skus.map((sku) => ({ ...sku, price: Math.max(1, Math.round(sku.price * factor)) }));
      const edited = { ...p, skus, productName: `${p.productName} ${n}`, fictitiousSales: between(random, 0, 500) };
      log.add(catalogStreams.product(p.productId), 'ProductListed', CatalogEvents.ProductListed.parse(edited));
    } else if (draw < 0.35) {
      const type = random() < 0.5 ? 'ProductShelved' : 'ProductUnshelved';
      log.add(catalogStreams.product(p.productId), type, { productId: p.productId });
    } else if (draw < 0.35 + shopFlagShare) {
      const type = random() < 0.5 ? 'ShopDisabled' : 'ShopEnabled';
      const shopId = pick(random, shops);
      log.add(catalogStreams.shop(shopId), type, { shopId });
    } else if (draw < 0.7 || placed.length === 0) {
      const streamId = `order-${9_000_000 + n}`;
      const others = byShop.get(p.shopId) ?? [p];
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

/** An answer belongs to one question, as the domain mints them: `k`-th answer id of question `problemId`. */
const answerIdOf = (problemId: number, k: number): number => problemId * 100 + k;

/**
 * Footprints, favourites, Q&A, promotions and coupons interleaved over small id spaces, so a batch meets the same
 * key twice in every order: views recorded twice and deleted, collects undone and redone, questions answered and
 * withdrawn, activities rescheduled, coupons reissued and claimed (some before they are issued).
 */
export function engagementLog(traffic: number, seed = 'engagement'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  const iso = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString();
  for (let n = 0; n < traffic; n += 1) {
    const userId = between(random, 1, 8);
    const draw = random();
    if (draw < 0.2) {
      const footprintId = between(random, 1, 30);
      if (random() < 0.8) {
        log.add(`footprint-${userId}`, 'ProductViewed', {
          userId, footprintId, productId: 100 + footprintId, shopId: 1 + (footprintId % 3), skuId: 10_000 + footprintId,
          day: `2026-01-${String(1 + (footprintId % 28)).padStart(2, '0')}`, viewedAt: iso(n / 100),
        });
      } else {
        log.add(`footprint-${userId}`, 'FootprintsDeleted', { userId, footprintIds: [footprintId, between(random, 1, 30)] });
      }
    } else if (draw < 0.4) {
      const collectId = between(random, 1, 12);
      const product = collectId % 2 === 0;
      const data = product ? { collectId, userId, productId: 100 + collectId, shopId: 2 } : { collectId, userId, shopId: collectId };
      const type = random() < 0.6 ? (product ? 'ProductCollected' : 'ShopCollected') : (product ? 'ProductUncollected' : 'ShopUncollected');
      log.add(`collect-${userId}`, type, data);
    } else if (draw < 0.6) {
      const problemId = between(random, 1, 15);
      const which = random();
      if (which < 0.4) {
        log.add(`qa-${problemId}`, 'QuestionAsked', { problemId, productId: 100 + problemId, shopId: 1, userId, problem: `问题${n}`, ifAnonymous: n % 2, ...(n % 3 ? { image: `/q/${n}.png` } : {}) });
      } else if (which < 0.8) {
        log.add(`qa-${problemId}`, 'QuestionAnswered', { problemId, answerId: answerIdOf(problemId, between(random, 1, 40)), userId, answer: `回答${n}`, ifAnonymous: 0 });
      } else if (which < 0.9) {
        log.add(`qa-${problemId}`, 'QuestionDeleted', { problemId, userId });
      } else {
        log.add(`qa-${problemId}`, 'AnswerDeleted', { problemId, answerId: answerIdOf(problemId, between(random, 1, 40)), userId });
      }
    } else if (draw < 0.75) {
      const kind = pick(random, ['seckill', 'discount', 'group-work'] as const);
      const activityId = between(random, 1, 4);
      const skus = [between(random, 1, 6), between(random, 1, 6), between(random, 1, 6)];
      log.add(`promotion-${kind}-${activityId}`, 'PromotionScheduled', {
        kind, activityId, shopId: between(random, 1, 3), activityName: `活动${n}`, startTime: iso(n / 50), endTime: iso(n / 50 + 3),
        limitNumber: between(random, 0, 3), person: between(random, 0, 5), effectiveHours: 24, ifAdd: n % 2,
        items: skus.map((skuId) => ({ productId: 100 + skuId, skuId, price: between(random, 100, 900), limitStock: between(random, 0, 50) })),
      });
    } else {
      const couponId = between(random, 0, 3);
      const shopCouponId = couponId === 0 ? between(random, 1, 3) : 0;
      if (random() < 0.3) {
        log.add(`coupon-${couponId}-${shopCouponId}`, 'CouponIssued', {
          couponId, shopCouponId, shopId: shopCouponId > 0 ? 1 + shopCouponId : 0, activityName: `券${n}`, couponType: 1,
          threshold: 1000, reduceMoney: between(random, 100, 500), discountTenths: 0, productIds: n % 2 ? [] : [101, 102],
          ifAdd: 1, stock: between(random, 10, 100), perUserLimit: 1, startTime: iso(0), endTime: iso(30),
        });
      } else {
        log.add(`coupon-${couponId}-${shopCouponId}`, 'CouponClaimed', { userId, claimId: between(random, 1, 120), couponId, shopCouponId });
      }
    }
  }
  return log.events;
}

/** Address books of a few shoppers: addresses added, edited, made default (taking the flag from the others), removed. */
export function addressLog(traffic: number, seed = 'addresses'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  for (let n = 0; n < traffic; n += 1) {
    const userId = between(random, 1, 4);
    // ids mostly per user, a few shared, as a stray event naming another user's address would
    const receiveId = random() < 0.9 ? userId * 100 + between(random, 1, 6) : between(random, 1, 4) * 100 + 1;
    const draw = random();
    if (draw < 0.7) {
      log.add(`address-book-${userId}`, draw < 0.4 ? 'AddressAdded' : 'AddressUpdated', {
        userId, receiveId, receiveName: `收件人${n}`, receivePhone: '13800000000', receiveAdress: '上海市-上海市-浦东新区',
        address: `路${n}号`, label: n % 3 ? '家' : '', defult: random() < 0.35,
      });
    } else {
      log.add(`address-book-${userId}`, 'AddressRemoved', { userId, receiveId });
    }
  }
  return log.events;
}

/**
 * Time-based transitions of `entities` orders, collages, payments, checkouts and after-sales: deadlines set, moved,
 * cleared and set again, over `traffic` events (projections/deadlines/deadline-rules.ts reads only the instants).
 */
export function deadlineLog(entities: number, traffic: number, seed = 'deadlines'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  const iso = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
  const kinds: Array<[string, readonly string[]]> = [
    ['order', ['OrderPlaced', 'OrderPlaced', 'OrderPaid', 'OrderShipped', 'AutoConfirmPaused', 'AutoConfirmResumed', 'ReceiptConfirmed', 'OrderCancelled', 'OrderRefundedInFull', 'OrderDeleted']],
    ['collage', ['CollageOpened', 'CollageOpened', 'CollageSucceeded', 'CollageFailed']],
    ['payment', ['PaymentSucceeded', 'RefundRequested', 'RefundRequested']],
    ['checkout', ['CheckoutStarted', 'CheckoutStarted', 'CheckoutCompleted', 'CheckoutFailed', 'CheckoutAbandoned']],
    ['after-sale', ['AfterSaleSubmitted', 'AfterSaleApproved', 'AfterSaleRejected', 'AfterSaleReturnReceived']],
  ];
  for (let n = 0; n < traffic; n += 1) {
    const [category, types] = pick(random, kinds);
    const type = pick(random, types);
    const at = iso(n + between(random, 0, 600));
    // a few instants are missing or unreadable: the rule then sets nothing
    const instant = random() < 0.05 ? 'soon' : at;
    log.add(`${category}-${between(random, 1, entities)}`, type, {
      paymentDeadline: instant, autoConfirmAt: instant, deadline: instant, paidAt: instant, requestedAt: instant,
      ...(type === 'CheckoutStarted' && random() < 0.3 ? { deadline: undefined, startedAt: instant } : {}),
      ...(type === 'AfterSaleReturnReceived' || (type === 'AfterSaleApproved' && random() < 0.5) ? {} : { autoCloseAt: instant }),
    });
  }
  return log.events;
}

/**
 * `orders` orders over their lifecycles, interleaved (placed → paid → shipped → confirmed → lines reviewed, or
 * cancelled unpaid), group-buy collages opened, joined, paid, left, succeeded or failed, and reviews appended to and
 * liked by a few users (likes undone and redone, some before their review): the volume of the orders and comments
 * read models. Events are valid as their schemas read them (domain/order, domain/group-buy).
 */
export function orderLog(orders: number, seed = 'orders'): RecordedEvent[] {
  const random = randomFor(seed);
  const log = new GeneratedLog();
  const iso = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
  let clock = 0;
  let commentId = 0;
  const open: Array<{ id: number; step: number; skuIds: number[] }> = [];
  const collages: Array<{ id: number; members: number }> = [];
  let nextOrder = 1;
  while (nextOrder <= orders || open.length > 0) {
    clock += 1;
    const draw = random();
    if (draw < 0.05 && collages.length < 50) {
      const id = 5_000_000 + clock;
      const order = between(random, 1, orders);
      log.add(`collage-${id}`, 'CollageOpened', {
        collageId: id, shopGroupWorkId: between(random, 1, 5), shopId: between(random, 1, 16), productId: between(random, 1, 5000),
        skuId: between(random, 1, 20_000), size: between(random, 2, 4), leader: { userId: between(random, 1, 2000), orderId: order, headImage: '/h.png' },
        openedAt: iso(clock), deadline: iso(clock + 1440),
      });
      collages.push({ id, members: 1 });
      continue;
    }
    if (draw < 0.12 && collages.length > 0) {
      const c = pick(random, collages);
      const which = random();
      const orderId = between(random, 1, orders);
      if (which < 0.4) log.add(`collage-${c.id}`, 'CollageMemberJoined', { userId: between(random, 1, 2000), orderId, headImage: '/h.png', joinedAt: iso(clock) });
      else if (which < 0.75) log.add(`collage-${c.id}`, 'CollageMemberPaid', { orderId, paidAt: iso(clock) });
      else if (which < 0.85) log.add(`collage-${c.id}`, 'CollageMemberLeft', { orderId, reason: 'cancelled', leftAt: iso(clock) });
      else {
        const succeeded = which < 0.95;
        log.add(`collage-${c.id}`, succeeded ? 'CollageSucceeded' : 'CollageFailed', succeeded
          ? { orderIds: [orderId], succeededAt: iso(clock) } : { reason: 'deadline', orderIds: [orderId], failedAt: iso(clock) });
        collages.splice(collages.indexOf(c), 1);
      }
      continue;
    }
    if (nextOrder <= orders && (open.length < 200 || random() < 0.3)) {
      const id = nextOrder;
      nextOrder += 1;
      const lines = Array.from({ length: between(random, 1, 3) }, (_, k) => {
        const productId = between(random, 1, 5000);
        return { skuId: productId * 4 + k, productId, productName: `商品${productId}`, image: `/p/${productId}.png`, values: k ? ['蓝色', 'XL'] : [], number: between(random, 1, 3), price: between(random, 100, 20_000), discount: 0 };
      });
      const orderPrice = lines.reduce((sum, line) => sum + line.price * line.number, 0);
      log.add(`order-${id}`, 'OrderPlaced', {
        orderId: id, orderFormid: String(100_000_000_000_000 + id), userId: between(random, 1, 2000), shopId: between(random, 1, 16), lines,
        orderPrice, logisticsPrice: 0, discountPrice: 0, price: orderPrice, platformCouponId: null, shopCouponId: null,
        receive: { receiveName: '张三', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: `文三路 ${id} 号` },
        remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: null, shopDiscountId: null, collageId: 0,
        placedAt: iso(clock), paymentDeadline: iso(clock + 30),
      });
      open.push({ id, step: 0, skuIds: lines.map((line) => line.skuId) });
      continue;
    }
    if (draw > 0.97 && commentId > 0) {
      // a review's own stream: appends (some before their review is in: ids run ahead), likes undone and redone
      const reviewed = between(random, 1, commentId + 3);
      const which = random();
      const userId = between(random, 1, 4);
      if (which < 0.3) log.add(`review-${reviewed}`, 'ReviewAppended', { commentId: reviewed, userId, comment: `追评${clock}`, images: [], appendedAt: iso(clock) });
      else log.add(`review-${reviewed}`, which < 0.75 ? 'ReviewLiked' : 'ReviewUnliked', which < 0.75 ? { commentId: reviewed, userId, likedAt: iso(clock) } : { commentId: reviewed, userId, unlikedAt: iso(clock) });
      continue;
    }
    const order = pick(random, open);
    const stream = `order-${order.id}`;
    const done = () => open.splice(open.indexOf(order), 1);
    if (order.step === 0) {
      if (random() < 0.15) {
        log.add(stream, 'OrderCancelled', { reason: 'shopper', refundAmount: 0, cancelledAt: iso(clock) });
        done();
      } else {
        log.add(stream, 'OrderPaid', { paymentId: `pay-${order.id}`, transactionId: `wx-${order.id}`, amount: 1, paidAt: iso(clock), intoFormingGroup: false });
      }
    } else if (order.step === 1) {
      log.add(stream, 'OrderShipped', { express: 'SF', expressName: '顺丰速运', deliverFormid: `SF${order.id}`, shippedAt: iso(clock), autoConfirmAt: iso(clock + 14_400) });
    } else if (order.step === 2) {
      log.add(stream, 'ReceiptConfirmed', { auto: false, confirmedAt: iso(clock) });
      if (random() < 0.5) done();
    } else {
      const skuId = order.skuIds[order.step - 3];
      commentId += 1;
      log.add(stream, 'LineReviewed', { skuId, commentId, reviewedAt: iso(clock), comment: `好评${commentId}`, star: between(random, 1, 5), impressions: ['值得买'], images: [] });
      if (order.step - 3 === order.skuIds.length - 1) done();
    }
    order.step += 1;
  }
  return log.events;
}
