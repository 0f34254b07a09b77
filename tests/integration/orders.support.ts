/**
 * For the orders tests: orders placed, paid and grouped through the real deciders (the events are the ones the
 * domain records), a shop in the catalogue, shopper tokens, and JSON calls to the server.
 */
import { collageDecider } from '../../domain/group-buy/collage.decider';
import type { CollageCommand } from '../../domain/group-buy/collage.commands';
import type { OrderCommand } from '../../domain/order/order.commands';
import { orderDecider } from '../../domain/order/order.decider';
import type { OrderLine } from '../../domain/order/order.events';
import type { PaymentCommand } from '../../domain/payment/payment.commands';
import { paymentDecider } from '../../domain/payment/payment.decider';
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { handleCommand } from '../../services/commands/handle-command';
import { deterministicEventId } from '../../services/event-store/event-ids';
import type { TestServer } from '../support/test-server';

export interface Envelope<T = unknown> { code: string; message: string; data: T }

async function command<C, E extends DomainEvent, S>(server: TestServer, streamId: string, decider: Decider<C, E, S>, cmd: C): Promise<void> {
  const { runtime } = server;
  const result = await handleCommand({ store: runtime.store, streamId, decider, command: cmd, now: runtime.clock(), actor: { kind: 'system' } });
  if (result.events.length > 0 && !(await runtime.projections.waitFor(result, { timeoutMs: 5000 }))) {
    throw new Error(`projections did not catch up with ${streamId}`);
  }
}

export const orderCommand = (server: TestServer, orderId: number, cmd: OrderCommand) =>
  command(server, `order-${orderId}`, orderDecider, cmd);
export const collageCommand = (server: TestServer, collageId: number, cmd: CollageCommand) =>
  command(server, `collage-${collageId}`, collageDecider, cmd);
const paymentCommand = (server: TestServer, paymentId: string, cmd: PaymentCommand) =>
  command(server, `payment-${paymentId}`, paymentDecider, cmd);

export const line = (skuId: number, productName: string, price: number, number = 1, values: string[] = ['默认']): OrderLine =>
  ({ skuId, productId: skuId * 10, productName, image: `/images/product/${skuId}.svg`, values, number, price, discount: 0 });

export interface Placement {
  userId: number;
  shopId?: number;
  lines?: OrderLine[];
  logisticsPrice?: number;
  collageId?: number;
  shopGroupWorkId?: number | null;
  receiveAdress?: string;
}

export async function placeOrder(server: TestServer, orderId: number, p: Placement): Promise<void> {
  await orderCommand(server, orderId, {
    type: 'PlaceOrder',
    data: {
      orderId, orderFormid: String(300000000000000 + orderId), userId: p.userId, shopId: p.shopId ?? 9001,
      lines: p.lines ?? [line(11, '轻薄透气网面跑步鞋', 29900)],
      logisticsPrice: p.logisticsPrice ?? 1000, platformCouponId: null, shopCouponId: null,
      receive: { receiveName: '张三', receivePhone: '13800138000', receiveAdress: p.receiveAdress ?? '浙江省-杭州市-西湖区', address: '文三路 1 号' },
      remark: '工作日送货', paymentMode: 1, shopGroupWorkId: p.shopGroupWorkId ?? null, shopSeckillId: null, shopDiscountId: null,
      collageId: p.collageId ?? 0,
    },
  });
}

/** The payer pays on the sandbox (so refunds work), the payment records it, the order is paid. */
export async function payOrder(server: TestServer, orderId: number, options: { groupForming?: boolean; collageId?: number } = {}): Promise<string> {
  const { runtime } = server;
  const events = await runtime.store.readStream(`order-${orderId}`);
  const amount = (events[0].data as { price: number }).price;
  const paymentId = `PT${orderId}`;
  const expiresAt = new Date(runtime.clock().getTime() + 60 * 60 * 1000);
  const { codeUrl } = await runtime.payments.provider.createNativePayment({ paymentId, amountFen: amount, description: '测试订单', expiresAt });
  await paymentCommand(server, paymentId, {
    type: 'CreatePayment',
    data: { paymentId, orderIds: [orderId], collageId: options.collageId ?? 0, amount, provider: 'sandbox', codeUrl, expiresAt: expiresAt.toISOString() },
  });
  await runtime.payments.sandbox?.confirm(paymentId);
  const transactionId = `4200${orderId}`;
  await paymentCommand(server, paymentId, { type: 'RecordPaymentSuccess', data: { transactionId, amount } });
  if (options.collageId) await collageCommand(server, options.collageId, { type: 'RecordMemberPayment', data: { orderId } });
  await orderCommand(server, orderId, { type: 'PayOrder', data: { paymentId, transactionId, amount, groupForming: options.groupForming ?? false } });
  return paymentId;
}

export const shipDirectly = (server: TestServer, orderId: number) => orderCommand(server, orderId, {
  type: 'ShipOrder', data: { express: '1', expressName: '顺丰速运', deliverFormid: `1${String(orderId).padStart(11, '0')}` },
});

/** A shop in the catalogue (the order screens show its name, logo and phones). */
export async function openShop(server: TestServer, shopId: number, shopName: string, city = '杭州市'): Promise<void> {
  const result = await server.runtime.store.appendToStream(`shop-${shopId}`, [{
    type: 'ShopOpened',
    data: {
      shopId, shopName, shopBrief: '测试店铺', shopLogo: `/images/shop-logo/${shopId}.svg`, shopPhone: '0571-88886666',
      chargePersonPhone: '13900139000', province: '浙江省', city, addressDetail: '余杭区文一西路 969 号',
      returnPerson: '王五', returnPhone: '13700137000', returnAddress: '浙江省杭州市余杭区文一西路 969 号',
    },
    metadata: { eventId: deterministicEventId(`orders-test/shop/${shopId}`), actor: { kind: 'platform' }, occurredAt: server.runtime.clock().toISOString(), schemaVersion: 1 },
  }], { expectedRevision: 'any' });
  await server.runtime.projections.waitFor(result, { timeoutMs: 5000 });
}

export const tokenFor = (server: TestServer, userId: number): Promise<string> =>
  server.runtime.sessions.create(userId, 7, server.runtime.clock());

export async function call<T = unknown>(
  server: TestServer, method: string, path: string, options: { token?: string; body?: unknown; ops?: boolean } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.ops) headers['x-ops-token'] = server.opsToken;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
