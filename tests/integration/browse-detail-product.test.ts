/**
 * Product detail and options over HTTP (spec §3 "Product detail" / "Product options", origin-contract §3): a multi-spec
 * and a single-spec product, each SKU's activity as of the API's clock (running, 预热, overlapping, ended), sanitised
 * seller HTML, and the clear codes for products a shopper may not see.
 */
import {
  DiscountBlocks, GroupWorkBlocks, ProductDetail, ProductOptions, SeckillBlocks,
} from '../../domain/catalog/detail.contract';
import { formatShanghai } from '../../domain/shared/time';
import { startTestServer, type TestServer } from '../support/test-server';
import { client, ids, settleDetailFixture } from './browse-detail.fixtures';

const HOUR = 3600_000;
const BASE = new Date(Math.floor(Date.now() / 1000) * 1000);
let now = BASE;
let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => now });
  api = client(server.url);
  await settleDetailFixture(server, BASE);
});
afterAll(async () => server?.stop());

const detail = async (productId: number, skuId: number, shopId: number = ids.shop) => {
  const { status, body } = await api.get(`/api/product/getById?shopId=${shopId}&productId=${productId}&skuId=${skuId}&terminal=3&system=3`);
  expect(status).toBe(200);
  expect(body.code).toBe('200');
  return ProductDetail.parse(body.data);
};
const RED_S = 'attr_code_0_value_0,attr_code_1_value_0';
const RED_M = 'attr_code_0_value_0,attr_code_1_value_1';
const BLACK_S = 'attr_code_0_value_1,attr_code_1_value_0';
const BLACK_M = 'attr_code_0_value_1,attr_code_1_value_1';

describe('a multi-spec product asked for with its shop and a SKU in a running flash sale', () => {
  it('answers the product, its shop and the selected SKU at the flash-sale price with the countdown to its end', async () => {
    const d = await detail(ids.multi, ids.sku.red_s);
    expect(d).toEqual(expect.objectContaining({
      productId: ids.multi, skuId: ids.sku.red_s, productName: '纯棉圆领T恤', productBrief: '纯棉圆领T恤简介',
      image: `/images/product/${ids.multi}-1.svg`, shopId: ids.shop, shopName: '测试服饰旗舰店',
      shopLogo: `/images/shop-logo/${ids.shop}.svg`, classifyId: ids.category, classifyNumber: 3, number: 120, users: 0,
      shelveState: 1, ifCollect: 0, collectId: 0, stockNumber: 30,
      price: 99, originalPrice: 209, activityType: 2, activityName: '整点秒杀', shopSeckillId: ids.seckill, shopDiscountId: 0,
      shopGroupWorkId: 0, ifEnable: 0, time: 2 * HOUR, total: 50, surplusNumber: 50, limitNumber: 50, userLimit: 2,
      startTime: formatShanghai(new Date(BASE.getTime() - HOUR)), endTime: formatShanghai(new Date(BASE.getTime() + 2 * HOUR)),
    }));
    expect(d.images).toHaveLength(2);
    expect(d.words).toEqual([]);
    expect(d.collageOrders).toEqual([]);
  });

  it('lists the specs with their values and a map entry per SKU keyed by the comma-joined value codes', async () => {
    const d = await detail(ids.multi, ids.sku.red_s);
    expect(d.names).toEqual([
      { nameCode: 'attr_code_0', skuName: '颜色', values: [
        { valueCode: 'attr_code_0_value_0', skuValue: '红色', skuName: '颜色' },
        { valueCode: 'attr_code_0_value_1', skuValue: '黑色', skuName: '颜色' }] },
      { nameCode: 'attr_code_1', skuName: '尺码', values: [
        { valueCode: 'attr_code_1_value_0', skuValue: 'S', skuName: '尺码' },
        { valueCode: 'attr_code_1_value_1', skuValue: 'M', skuName: '尺码' }] },
    ]);
    expect(Object.keys(d.map).sort()).toEqual([RED_S, RED_M, BLACK_S, BLACK_M].sort());
    expect(d.map[RED_S]).toEqual(expect.objectContaining({
      skuId: ids.sku.red_s, value: '红色,S', stockNumber: 30, price: 99, originalPrice: 209, activityType: 2,
      image: `/images/product/${ids.sku.red_s}.svg`,
    }));
    expect(d.map[RED_M].stockNumber).toBe(0);
  });

  it('answers the seller HTML sanitised', async () => {
    const { text } = await detail(ids.multi, ids.sku.red_s);
    expect(text).toContain('<h3>规格参数</h3>');
    expect(text).toContain('纯棉');
    expect(text).not.toMatch(/<script|onclick|onerror|javascript:/i);
  });

  it('suggests best sellers of the same category that shoppers may see, never the product itself', async () => {
    const { similarProducts } = await detail(ids.multi, ids.sku.red_s);
    const shown = similarProducts.map((p) => p.productId);
    expect(shown[0]).toBe(ids.single);
    expect(shown).toContain(ids.similarA);
    expect(shown).not.toContain(ids.multi);
    expect(shown).not.toContain(ids.unshelved);
    expect(shown).not.toContain(ids.similarB);
    expect(similarProducts.length).toBeLessThanOrEqual(4);
  });
});

describe('each SKU resolves its own activity', () => {
  it('shows an upcoming discount as 预热: normal price, ifEnable 1, its start time and the countdown to it', async () => {
    const d = await detail(ids.multi, ids.sku.red_m);
    expect(d).toEqual(expect.objectContaining({
      activityType: 3, shopDiscountId: ids.upcomingDiscount, ifEnable: 1, price: 169, activityPrice: 120,
      time: 2 * HOUR, startTime: formatShanghai(new Date(BASE.getTime() + 2 * HOUR)),
    }));
  });

  it('prefers a running group buy over a running flash sale on the same SKU', async () => {
    const d = await detail(ids.multi, ids.sku.black_s);
    expect(d).toEqual(expect.objectContaining({
      activityType: 1, shopGroupWorkId: ids.groupWork, shopSeckillId: 0, person: 3, price: 88, ifEnable: 0, time: 48 * HOUR,
    }));
  });

  it('leaves an ended flash sale out', async () => {
    const d = await detail(ids.multi, ids.sku.black_m);
    expect(d).toEqual(expect.objectContaining({ activityType: 0, price: 169, shopSeckillId: 0, time: 0, total: 8, surplusNumber: 8 }));
  });

  it('answers a single-spec product under the key 单款项', async () => {
    const d = await detail(ids.single, ids.sku.single);
    expect(d.names).toEqual([]);
    expect(Object.keys(d.map)).toEqual(['单款项']);
    expect(d.map['单款项']).toEqual(expect.objectContaining({
      skuId: ids.sku.single, value: '单款项', valueCodes: '单款项', stockNumber: 40, price: 49, activityType: 2,
      shopSeckillId: ids.overlappedSeckill,
    }));
  });
});

describe('the clock passes the discount start and the flash-sale end', () => {
  afterEach(() => { now = BASE; });

  it('sells the discounted SKU at the activity price and the flash-sale SKU at its normal price', async () => {
    now = new Date(BASE.getTime() + 2 * HOUR + 60_000);
    const d = await detail(ids.multi, ids.sku.red_m);
    expect(d).toEqual(expect.objectContaining({ activityType: 3, ifEnable: 0, price: 120, time: 22 * HOUR - 60_000 }));
    expect(d.map[RED_S]).toEqual(expect.objectContaining({ activityType: 0, price: 159 }));
  });
});

describe('the options popup', () => {
  it('answers names, the map and the chosen SKU\'s activity as skuTool', async () => {
    const { body } = await api.get(`/api/product/getProducts?productId=${ids.multi}&skuId=${ids.sku.red_m}`);
    const options = ProductOptions.parse(body.data);
    expect(options).toEqual(expect.objectContaining({ shopId: ids.shop, productId: ids.multi, price: 169, stockNumber: 0 }));
    expect(Object.keys(options.map)).toHaveLength(4);
    expect(options.skuTool).toEqual({
      activityType: 3, ifEnable: 1, startTime: formatShanghai(new Date(BASE.getTime() + 2 * HOUR)),
      endTime: formatShanghai(new Date(BASE.getTime() + 24 * HOUR)), time: 2 * HOUR,
      shopSeckillId: 0, shopDiscountId: ids.upcomingDiscount, shopGroupWorkId: 0,
    });
  });

  it('describes the first SKU without a skuId', async () => {
    const { body } = await api.get(`/api/product/getProducts?productId=${ids.multi}`);
    expect(ProductOptions.parse(body.data).skuTool).toEqual(expect.objectContaining({ activityType: 2, shopSeckillId: ids.seckill }));
  });
});

describe('layout activity blocks', () => {
  it('answers the platform flash sales asked for, in order, leaving out ended ones and disabled shops\' ones', async () => {
    const asked = [ids.overlappedSeckill, ids.endedSeckill, ids.disabledShopSeckill, ids.seckill].join(',');
    const blocks = SeckillBlocks.parse((await api.get(`/api/canvas/getPlatformSeckills?ids=${asked}`)).body.data);
    expect(blocks.map((b) => b.shopSeckillId)).toEqual([ids.overlappedSeckill, ids.seckill]);
    expect(blocks[1]).toEqual(expect.objectContaining({
      seckillName: '整点秒杀', shopId: ids.shop, ifEnable: 0, time: 2 * HOUR, userLimit: 2,
      effectiveEnd: formatShanghai(new Date(BASE.getTime() + 2 * HOUR)),
    }));
    expect(blocks[1].products).toEqual([expect.objectContaining({
      productId: ids.multi, skuId: ids.sku.red_s, shopName: '测试服饰旗舰店', productName: '纯棉圆领T恤', price: 99,
      originalPrice: 209, limitNumber: 50, limitStockNumber: 50, userLimit: 2, stockNumber: 30, activityType: 2,
      shopSeckillId: ids.seckill,
    })]);
    expect(blocks[0].products.map((p) => [p.productId, p.price])).toEqual([[ids.single, 49], [ids.multi, 77]]);
  });

  it('answers a shop\'s running flash sales without ids, and nothing for a disabled shop', async () => {
    const blocks = SeckillBlocks.parse((await api.get(`/api/renovation/getSeckills?shopId=${ids.shop}`)).body.data);
    expect(blocks.map((b) => b.shopSeckillId)).toEqual([ids.seckill, ids.overlappedSeckill]);
    expect((await api.get(`/api/renovation/getDiscounts?shopId=${ids.disabledShop}`)).body.data).toEqual([]);
  });

  it('answers an upcoming discount with ifEnable 1, the countdown to its start and its activity prices', async () => {
    for (const path of [`/api/canvas/getMinDiscount?ids=${ids.upcomingDiscount}`, `/api/renovation/getDiscounts?shopId=${ids.shop}&ids=${ids.upcomingDiscount}`]) {
      const [block] = DiscountBlocks.parse((await api.get(path)).body.data);
      expect(block).toEqual(expect.objectContaining({ shopDiscountId: ids.upcomingDiscount, discountName: '限时折扣', ifEnable: 1, time: 2 * HOUR }));
      expect(block.products).toEqual([expect.objectContaining({ skuId: ids.sku.red_m, price: 120, ifEnable: 1, activityType: 3 })]);
    }
  });

  it('answers group buys with their size and forming hours', async () => {
    const [block] = GroupWorkBlocks.parse((await api.get(`/api/canvas/getGroupWorks?ids=${ids.groupWork}`)).body.data);
    expect(block).toEqual(expect.objectContaining({ shopGroupWorkId: ids.groupWork, groupName: '三人拼团', person: 3, effectiveTime: 24 }));
    expect(block.products).toEqual([expect.objectContaining({ skuId: ids.sku.black_s, price: 88, person: 3, activityType: 1 })]);
    const shopBlocks = GroupWorkBlocks.parse((await api.get(`/api/renovation/getGroupWorks?shopId=${ids.shop}&ids=${ids.groupWork}`)).body.data);
    expect(shopBlocks.map((b) => b.shopGroupWorkId)).toEqual([ids.groupWork]);
  });

  it('answers 400 naming the field for malformed ids or a missing shopId', async () => {
    for (const [path, field] of [['/api/canvas/getPlatformSeckills?ids=1,x', 'ids'], ['/api/renovation/getGroupWorks?ids=1', 'shopId']]) {
      const { status, body } = await api.get(path);
      expect(status).toBe(400);
      expect(body.message).toContain(field);
    }
  });
});

describe('products a shopper may not see', () => {
  it.each([
    ['an unknown product', 880199, ids.sku.red_s, ids.shop, '80006', '商品不存在'],
    ['a product under another shop', ids.multi, ids.sku.red_s, ids.disabledShop, '80007', '该店铺没有此商品'],
    ['an unshelved product', ids.unshelved, ids.unshelved * 100 + 1, ids.shop, '80008', '商品已下架'],
    ['a product of a disabled shop', ids.inDisabledShop, ids.inDisabledShop * 100 + 1, ids.disabledShop, '80009', '店铺已停用'],
    ['a SKU of another product', ids.multi, ids.sku.single, ids.shop, '80010', '商品规格不存在'],
  ])('answers %s with its code and message', async (_case, productId, skuId, shopId, code, message) => {
    const { status, body } = await api.get(`/api/product/getById?shopId=${shopId}&productId=${productId}&skuId=${skuId}`);
    expect(status).toBe(200);
    expect(body).toEqual({ code, message, data: null });
  });

  it('answers the options of an unshelved product with 80008', async () => {
    expect((await api.get(`/api/product/getProducts?productId=${ids.unshelved}`)).body.code).toBe('80008');
  });
});

describe('malformed ids', () => {
  it.each([
    [`/api/product/getById?shopId=${ids.shop}&productId=${ids.multi}`, 'skuId'],
    [`/api/product/getById?shopId=${ids.shop}&productId=abc&skuId=1`, 'productId'],
    [`/api/product/getById?shopId=-1&productId=${ids.multi}&skuId=1`, 'shopId'],
    [`/api/product/getById?shopId=${ids.shop}&productId=1'%20or%201=1--&skuId=1`, 'productId'],
    ['/api/product/getProducts?productId=99999999999999999999', 'productId'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const { status, body } = await api.get(path);
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toContain(field);
  });
});
