/**
 * A shopper with one paid order of the first product of shop 1 (placed and paid through the domain, optionally
 * shipped), signed in in a new Chromium context: the start of the after-purchase browser suites.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OrderLine } from '../../domain/order/order.events';
import type { TestServer } from '../support/test-server';
import { givenShopper } from '../integration/engagement.fixtures';
import { payOrder, placeOrder, shipDirectly } from '../integration/orders.support';
import { productsOfShop, type ShopProduct } from './buy.support';

export interface ShopperAtAPaidOrder { product: ShopProduct; context: BrowserContext; page: Page }

export async function givenShopperWithPaidOrder(
  chromium: Browser,
  server: TestServer,
  order: { userId: number; orderId: number; nickname: string; shipped?: boolean },
): Promise<ShopperAtAPaidOrder> {
  const product = (await productsOfShop(server.url, 1))[0]!;
  const shopper = await givenShopper(server, order.userId, order.nickname);
  const line: OrderLine = {
    skuId: product.skuId, productId: product.productId, productName: product.productName, image: '/api/images/product/phone.svg',
    values: ['默认'], number: 1, price: 9900, discount: 0,
  };
  await placeOrder(server, order.orderId, { userId: order.userId, shopId: product.shopId, lines: [line] });
  await payOrder(server, order.orderId);
  if (order.shipped) await shipDirectly(server, order.orderId);
  const context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: shopper.token, url: server.url }]);
  return { product, context, page: await context.newPage() };
}
