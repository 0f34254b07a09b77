/**
 * The cart over HTTP (spec §2 Cart, §3 Cart, §5 cart rules, §7 Cart; origin §4): add, list grouped by shop with the
 * catalogue's current data, quantities within the stock, selection per SKU / shop / all, deletions, and lines whose
 * product goes off the shelf or whose shop is disabled: flagged, kept, refused at change, cleared on request.
 */
import { Cart, type ShopCart } from '../../domain/cart/cart.contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { ids, settle, settleCartCatalogue, shopper, tokenFor } from './cart.fixtures';


let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await settleCartCatalogue(server);
}, 120_000);
afterAll(async () => server?.stop());

const as = async (userId: number) => shopper(server, await tokenFor(server, userId));
const cartOf = async (api: ReturnType<typeof shopper>) => {
  const { body } = await api.get<ShopCart[]>('/cart/getCart');
  expect(body.code).toBe('200');
  return Cart.parse(body.data);
};
const line = (cart: ShopCart[], skuId: number) => cart.flatMap((s) => s.skus).find((s) => s.skuId === skuId);

describe('a visitor without a token', () => {
  it('is asked to log in for the cart and for adding to it', async () => {
    const anonymous = shopper(server, null);
    expect((await anonymous.get('/cart/getCart')).body).toEqual({ code: '20005', message: '请先登录', data: null });
    expect((await anonymous.post('/cart/addCart', { skuId: ids.sku.cup, number: 1 })).body.code).toBe('20005');
  });

  it('is told an unknown token failed', async () => {
    expect((await shopper(server, '3'.repeat(32)).get('/cart/getCart')).body.code).toBe('20004');
  });
});

describe('a shopper adding to an empty cart', () => {
  let api: ReturnType<typeof shopper>;
  beforeAll(async () => { api = await as(101); });

  it('answers 添加成功 with the cart count', async () => {
    const { body } = await api.post('/cart/addCart', { skuId: ids.sku.teeRed, number: 2 });
    expect(body).toEqual({ code: '200', message: '添加成功', data: { cartNumber: 1 } });
  });

  it('adds to the line already in the cart, and counts SKU lines, not units', async () => {
    await api.post('/cart/addCart', { skuId: ids.sku.teeRed, number: 1 });
    const { body } = await api.post('/cart/addCart', { skuId: ids.sku.lamp, number: 1 });
    expect(body.data).toEqual({ cartNumber: 2 });
    expect(line(await cartOf(api), ids.sku.teeRed)?.number).toBe(3);
  });

  it('lists the lines grouped by shop, newest shop first, with the catalogue data and totals', async () => {
    const cart = await cartOf(api);
    expect(cart.map((s) => [s.shopId, s.shopName, s.selected])).toEqual([[ids.shopB, '乙店', 1], [ids.shopA, '甲店', 1]]);
    expect(cart[1].skus).toEqual([{
      shopId: ids.shopA, skuId: ids.sku.teeRed, productId: ids.tee, productName: '纯棉T恤', image: `/images/product/${ids.sku.teeRed}.svg`,
      sku: '颜色:红色', value: '红色', values: ['红色'], price: 59, originalPrice: 69, number: 3, stockNumber: 5, userLimit: 0, shelveState: 1,
      selected: 1, total: 177,
    }]);
    expect(line(cart, ids.sku.lamp)).toEqual(expect.objectContaining({ sku: '', value: '', price: 99, total: 99, stockNumber: 3 }));
  });

  it('refuses an add beyond the stock with 商品库存不足, counting the units already in the cart', async () => {
    const { status, body } = await api.post('/cart/addCart', { skuId: ids.sku.teeRed, number: 3 });
    expect(status).toBe(200);
    expect(body).toEqual({ code: '80001', message: '商品库存不足', data: null });
    expect(line(await cartOf(api), ids.sku.teeRed)?.number).toBe(3);
  });

  it('refuses a sold-out SKU with 商品库存不足', async () => {
    expect((await api.post('/cart/addCart', { skuId: ids.sku.teeBlack, number: 1 })).body.message).toBe('商品库存不足');
  });

  it('refuses a SKU the catalogue does not know', async () => {
    expect((await api.post('/cart/addCart', { skuId: 99999999, number: 1 })).body).toEqual(expect.objectContaining({ code: '80010' }));
  });

  it('answers a quantity below 1 with 400 and the rule\'s message', async () => {
    const { status, body } = await api.post('/cart/addCart', { skuId: ids.sku.cup, number: 0 });
    expect(status).toBe(400);
    expect(body.message).toBe('商品数量不能少于1件');
  });
});

describe('changing a quantity', () => {
  let api: ReturnType<typeof shopper>;
  beforeAll(async () => {
    api = await as(102);
    await api.post('/cart/addCart', { skuId: ids.sku.lamp, number: 1 });
  });

  it('sets the quantity within the stock', async () => {
    expect((await api.put('/cart/updateNumber', { skuId: ids.sku.lamp, number: 3 })).body.code).toBe('200');
    expect(line(await cartOf(api), ids.sku.lamp)).toEqual(expect.objectContaining({ number: 3, total: 297 }));
  });

  it('refuses a quantity above the stock with 商品库存不足', async () => {
    expect((await api.put('/cart/updateNumber', { skuId: ids.sku.lamp, number: 4 })).body.message).toBe('商品库存不足');
  });

  it('refuses a SKU that is not in the cart', async () => {
    expect((await api.put('/cart/updateNumber', { skuId: ids.sku.cup, number: 1 })).body).toEqual(expect.objectContaining({ code: '800103' }));
  });
});

describe('selecting lines of two shops', () => {
  let api: ReturnType<typeof shopper>;
  beforeAll(async () => {
    api = await as(103);
    for (const skuId of [ids.sku.teeRed, ids.sku.cup, ids.sku.lamp]) await api.post('/cart/addCart', { skuId, number: 1 });
  });
  const selections = async () => Object.fromEntries((await cartOf(api)).map((s) => [s.shopId, [s.selected, ...s.skus.map((k) => k.selected)]]));

  it('unselects one SKU, and its shop is no longer all selected', async () => {
    await api.put('/cart/selected', { shopCarts: [{ shopId: ids.shopA, skus: [{ skuId: ids.sku.cup, selected: 0 }] }] });
    expect(await selections()).toEqual({ [ids.shopA]: [0, 0, 1], [ids.shopB]: [1, 1] });
  });

  it('selects a whole shop by its flag', async () => {
    await api.put('/cart/selected', { shopCarts: [{ shopId: ids.shopA, selected: 1, skus: [] }] });
    expect(await selections()).toEqual({ [ids.shopA]: [1, 1, 1], [ids.shopB]: [1, 1] });
  });

  it('unselects everything with every shop\'s flag (select all off)', async () => {
    await api.put('/cart/selected', { shopCarts: [{ shopId: ids.shopA, selected: false, skus: [] }, { shopId: ids.shopB, selected: false, skus: [] }] });
    expect(await selections()).toEqual({ [ids.shopA]: [0, 0, 0], [ids.shopB]: [0, 0] });
  });

  it('answers a malformed selection with 400', async () => {
    expect((await api.put('/cart/selected', { shopCarts: [{ shopId: 'x', skus: [] }] })).status).toBe(400);
  });
});

describe('deleting lines', () => {
  let api: ReturnType<typeof shopper>;
  beforeAll(async () => {
    api = await as(104);
    for (const skuId of [ids.sku.teeRed, ids.sku.cup, ids.sku.lamp]) await api.post('/cart/addCart', { skuId, number: 1 });
  });

  it('asks for a selection when none is sent', async () => {
    const { status, body } = await api.del('/cart/delete', { ids: [] });
    expect(status).toBe(400);
    expect(body.message).toBe('请选中需要删除的商品');
  });

  it('refuses more than 200 ids in one call with 400 naming ids', async () => {
    const { status, body } = await api.del('/cart/delete', { ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(status).toBe(400);
    expect(body).toEqual({ code: '400', message: '参数 ids 无效：一次最多删除200件商品', data: null });
  });

  it('deletes the named lines with 删除成功, then the rest with deleteAll', async () => {
    expect((await api.del('/cart/delete', { ids: [ids.sku.cup, ids.sku.lamp] })).body).toEqual({ code: '200', message: '删除成功', data: { cartNumber: 1 } });
    expect((await cartOf(api)).map((s) => s.shopId)).toEqual([ids.shopA]);
    expect((await api.del('/cart/deleteAll')).body.data).toEqual({ cartNumber: 0 });
    expect(await cartOf(api)).toEqual([]);
  });
});

describe('a cart whose product goes off the shelf and whose shop is disabled', () => {
  let api: ReturnType<typeof shopper>;
  beforeAll(async () => {
    api = await as(105);
    for (const skuId of [ids.sku.pen, ids.sku.mug, ids.sku.cup]) await api.post('/cart/addCart', { skuId, number: 1 });
    await settle(server, `product-${ids.pen}`, [{ type: 'ProductUnshelved', data: { productId: ids.pen } }]);
    await settle(server, `shop-${ids.shopC}`, [{ type: 'ShopDisabled', data: { shopId: ids.shopC } }]);
  });

  it('keeps both lines, flagged shelveState 0', async () => {
    const cart = await cartOf(api);
    expect([ids.sku.pen, ids.sku.mug, ids.sku.cup].map((skuId) => line(cart, skuId)?.shelveState)).toEqual([0, 0, 1]);
  });

  it('refuses to change their quantity with 选中的商品中有下架商品', async () => {
    expect((await api.put('/cart/updateNumber', { skuId: ids.sku.pen, number: 2 })).body)
      .toEqual({ code: '800101', message: '选中的商品中有下架商品', data: null });
  });

  it('does not select them, and a shop of only invalid lines is not selected', async () => {
    await api.put('/cart/selected', { shopCarts: [ids.shopA, ids.shopB, ids.shopC].map((shopId) => ({ shopId, selected: 0, skus: [] })) });
    await api.put('/cart/selected', { shopCarts: [ids.shopA, ids.shopB, ids.shopC].map((shopId) => ({ shopId, selected: 1, skus: [] })) });
    const cart = await cartOf(api);
    expect([ids.sku.pen, ids.sku.mug, ids.sku.cup].map((skuId) => line(cart, skuId)?.selected)).toEqual([0, 0, 1]);
    expect(cart.find((s) => s.shopId === ids.shopC)?.selected).toBe(0);
  });

  it('refuses new adds of the off-shelf product with 商品已下架', async () => {
    expect((await api.post('/cart/addCart', { skuId: ids.sku.pen, number: 1 })).body.message).toBe('商品已下架');
  });

  it('clears only the invalid lines', async () => {
    expect((await api.get('/cart/clearInvalidSku')).body.data).toEqual({ cartNumber: 1 });
    expect((await cartOf(api)).flatMap((s) => s.skus.map((k) => k.skuId))).toEqual([ids.sku.cup]);
  });
});

describe('a line whose price changes in the catalogue', () => {
  it('shows the current price, not the price when it was added', async () => {
    const api = await as(106);
    await api.post('/cart/addCart', { skuId: ids.sku.lamp, number: 2 });
    await settle(server, `product-${ids.lamp}`, [{ type: 'ProductListed', data: {
      productId: ids.lamp, shopId: ids.shopB, categoryId: 770901, shopClassifyId: 0, productName: '台灯 新款', productBrief: '',
      text: '', images: [`/images/product/${ids.lamp}-1.svg`], names: [],
      skus: [{ skuId: ids.sku.lamp, valueCodes: [], price: 8800, originalPrice: 9900, stock: 3, weightGrams: 300, image: '/images/product/l.svg' }],
      logistics: { logisticsId: 770501, name: '全国包邮', chargeType: 3, first: 0, additional: 0 }, fictitiousSales: 0,
    } }]);
    expect(line(await cartOf(api), ids.sku.lamp)).toEqual(expect.objectContaining({ productName: '台灯 新款', price: 88, total: 176 }));
  });
});
