/**
 * Category, shop and page-layout calls over HTTP (spec §2 category/shop pages, §7; origin-contract §3, §9): the
 * category tree at every level, shop header/tabs/banners/products, canvases and their product blocks, and how
 * unshelving or disabling a shop hides things at once. Fixture: browse-listings.fixture.
 */
import {
  Canvas, CanvasCategoryList, FirstClassifyList, ProductCardPage, ShopBannerList, ShopClassifyList, ShopIndex, ShopProducts,
  type ProductCard,
} from '../../domain/catalog/browse.contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { appenderFor, canvas, ids, seedListings, settleSeed, type Appender } from './browse-listings.fixture';

let server: TestServer;
let a: Appender;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await settleSeed(server);
  a = appenderFor(server);
  await seedListings(a);
});
afterAll(async () => server?.stop());

const getJson = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/api${path}`, { headers });
  return { status: response.status, body: await response.json() as { code: string; message: string; data: unknown } };
};
const data = async (path: string, headers: Record<string, string> = {}) => {
  const { status, body } = await getJson(path, headers);
  expect([status, body.code, body.message]).toEqual([200, '200', '成功']);
  return body.data;
};
const idsOf = (list: ProductCard[]) => list.map((card) => card.productId);

describe('the category tree', () => {
  it('nests level 1, 2 and 3 in /classify/getFirstClassify, even when leaves were defined first', async () => {
    const roots = FirstClassifyList.parse(await data('/classify/getFirstClassify'));
    const digital = roots.find((c) => c.classifyId === ids.digital);
    expect(digital).toEqual(expect.objectContaining({ classifyPid: 0, classifyName: '琉璃数码', classifyLevel: 1 }));
    expect(digital?.childs.map((c) => c.classifyId)).toEqual([ids.phones]);
    expect(digital?.childs[0].childs.map((c) => [c.classifyId, c.classifyName])).toEqual([
      [ids.smartPhones, '琉璃智能手机'], [ids.seniorPhones, '琉璃老人机']]);
  });

  it('answers one category with its subtree when classifyId is given', async () => {
    const [phones] = FirstClassifyList.parse(await data(`/classify/getFirstClassify?classifyId=${ids.phones}`));
    expect(phones.classifyId).toBe(ids.phones);
    expect(phones.childs).toHaveLength(2);
  });

  it('gives the page builder the same tree as id/parentId/depth/categoryName', async () => {
    const roots = CanvasCategoryList.parse(await data('/canvas/getClassify'));
    const fruit = roots.find((c) => c.id === ids.fruit);
    expect(fruit).toEqual({
      id: ids.fruit, parentId: 0, depth: 1, categoryName: '琉璃水果', classifyImage: `https://img.test/category/${ids.fruit}.jpg`,
      childs: [{ id: ids.freshFruit, parentId: ids.fruit, depth: 2, categoryName: '琉璃鲜果', classifyImage: expect.any(String),
        childs: [{ id: ids.mango, parentId: ids.freshFruit, depth: 3, categoryName: '琉璃芒果', classifyImage: expect.any(String), childs: [] }] }],
    });
  });
});

describe('category products', () => {
  const listed = async (classifyId: number, extra = '') =>
    ProductCardPage.parse(await data(`/classify/getClaasifyProducts?classifyId=${classifyId}${extra}`));

  it.each([
    ['level 1', ids.digital], ['level 2', ids.phones],
  ])('at %s include every listed product below', async (_level, classifyId) => {
    const page = await listed(classifyId, '&type=1');
    expect(idsOf(page.list)).toEqual([ids.phoneCase, ids.seniorPhone, ids.litePhone, ids.proPhone]);
    expect(page.total).toBe(4);
  });

  it('at level 3 include only that category, newest first', async () => {
    expect(idsOf((await listed(ids.smartPhones)).list)).toEqual([ids.phoneCase, ids.litePhone, ids.proPhone]);
    expect(idsOf((await listed(ids.seniorPhones)).list)).toEqual([ids.seniorPhone]);
    expect(idsOf((await listed(ids.fruit)).list)).toEqual([ids.mangoBox]);
  });

  it('sort by sales and page in twelves', async () => {
    const page = await listed(ids.digital, '&volume=2&page=1&pageSize=2');
    expect(idsOf(page.list)).toEqual([ids.litePhone, ids.proPhone]);
    expect(page.total).toBe(4);
  });
});

describe('a shop page', () => {
  it('has a header with location, counts, and no collect for an anonymous visitor', async () => {
    expect(ShopIndex.parse(await data(`/shop/getIndex?shopId=${ids.flagship}`))).toEqual({
      shopId: ids.flagship, shopName: '琉璃数码旗舰店', shopLogo: `https://img.test/shop/${ids.flagship}.png`, shopAdress: '广东省深圳市',
      shopBrief: '琉璃数码旗舰店的简介', shopPhone: '0755-1234567', classifyNumber: 4, number: 368, ifCollect: 0, collectId: 0,
    });
  });

  it('tells a shopper who collected it ifCollect 1 with the collectId', async () => {
    await a.append('collect-900902', 'ShopCollected', { collectId: 900801, userId: 900902, shopId: ids.flagship });
    const token = await server.runtime.sessions.create(900902, 1, new Date());
    const index = ShopIndex.parse(await data(`/shop/getIndex?shopId=${ids.flagship}`, { authorization: token }));
    expect([index.ifCollect, index.collectId]).toEqual([1, 900801]);
  });

  it('lists its own tabs in order', async () => {
    expect(ShopClassifyList.parse(await data(`/shop/getShopClassify?shopId=${ids.flagship}`))).toEqual([
      { classifyId: ids.phoneTab, classifyName: '手机' }, { classifyId: ids.accessoryTab, classifyName: '配件' }]);
  });

  it('lists its products with its name and logo, per tab and sorted', async () => {
    const all = ShopProducts.parse(await data(`/shop/getShopProducts?shopId=${ids.flagship}&ifNew=&type=2&volume=`));
    expect(idsOf(all.page.list)).toEqual([ids.proPhone, ids.litePhone, ids.seniorPhone, ids.phoneCase]);
    expect([all.page.total, all.shopName, all.shopLogo]).toEqual([4, '琉璃数码旗舰店', `https://img.test/shop/${ids.flagship}.png`]);
    const accessories = ShopProducts.parse(await data(`/shop/getShopProducts?shopId=${ids.flagship}&classifyId=${ids.accessoryTab}`));
    expect(idsOf(accessories.page.list)).toEqual([ids.phoneCase]);
  });

  it('shows its banners in order, replaced when set again', async () => {
    await a.append(`shop-${ids.flagship}`, 'ShopBannerSet', { shopId: ids.flagship, bannerImages: ['https://img.test/b1.jpg', 'https://img.test/b2.jpg'] });
    expect(ShopBannerList.parse(await data(`/shop/getShopBanner?shopId=${ids.flagship}`)))
      .toEqual([{ bannerImage: 'https://img.test/b1.jpg' }, { bannerImage: 'https://img.test/b2.jpg' }]);
    await a.append(`shop-${ids.flagship}`, 'ShopBannerSet', { shopId: ids.flagship, bannerImages: ['https://img.test/b3.jpg'] });
    expect(await data(`/shop/getShopBanner?shopId=${ids.flagship}`)).toEqual([{ bannerImage: 'https://img.test/b3.jpg' }]);
  });

  it.each([
    [`/shop/getIndex?shopId=${ids.closed}`, '50001', '店铺不存在'],
    ['/shop/getIndex?shopId=999999999', '50001', '店铺不存在'],
    ['/shop/getShopClassify?shopId=999999999', '50001', '店铺不存在'],
    [`/shop/getShopBanner?shopId=${ids.closed}`, '50001', '店铺不存在'],
    [`/shop/getShopProducts?shopId=${ids.flagship}&classifyId=${ids.orchardTab}`, '50002', '分类不存在'],
    ['/classify/getClaasifyProducts?classifyId=999999999', '50002', '分类不存在'],
    ['/classify/getFirstClassify?classifyId=999999999', '50002', '分类不存在'],
  ])('%s answers %s %s', async (path, code, message) => {
    const { status, body } = await getJson(path);
    expect([status, body]).toEqual([200, { code, message, data: null }]);
  });
});

describe('page layouts', () => {
  const home = [{ title: '商品列表', type: 'productList', index: 0,
    componentContent: { productData: { sourceType: '1', categoryId: 0, productIdList: [ids.mangoBox, ids.proPhone] } } }];

  it('answer the newest home page (terminal 4, type 1) with its stored json', async () => {
    await a.append('canvas-900501', 'CanvasPublished', canvas(900501, 1, 0, 0, home));
    const page = Canvas.parse(await data('/canvas/getCanvas?terminal=4&type=1'));
    expect(page).toEqual(expect.objectContaining({ canvasId: 900501, terminal: 4, type: 1, shopId: 0, customId: 0, name: '页面900501' }));
    expect(JSON.parse(page.json)).toEqual(home);
  });

  it('answer a shop page, keeping createTime when republished', async () => {
    await a.append('canvas-900502', 'CanvasPublished', canvas(900502, 3, ids.flagship, 0, []), '2024-01-01T00:00:00.000Z');
    await a.append('canvas-900502', 'CanvasPublished', canvas(900502, 3, ids.flagship, 0, home), '2024-02-01T04:30:00.000Z');
    const page = Canvas.parse(await data(`/canvas/getCanvas?terminal=4&type=3&shopId=${ids.flagship}`));
    expect([page.canvasId, page.createTime, page.updateTime]).toEqual([900502, '2024-01-01 08:00:00', '2024-02-01 12:30:00']);
    expect(JSON.parse(page.json)).toEqual(home);
  });

  it('answer a custom page by customId, or by the shopId the /custom route carries', async () => {
    await a.append('canvas-900503', 'CanvasPublished', canvas(900503, 2, 0, 900601, home));
    expect(Canvas.parse(await data('/canvas/getCanvas?terminal=4&type=2&customId=900601')).canvasId).toBe(900503);
    expect(Canvas.parse(await data('/canvas/getCanvas?terminal=4&type=2&shopId=900601')).canvasId).toBe(900503);
  });

  it.each([
    ['/canvas/getCanvas?terminal=4&type=3&shopId=999999999'],
    ['/canvas/getCanvas?terminal=4&type=2&customId=999999999'],
    ['/canvas/getCanvas?terminal=1&type=1'],
  ])('%s answers 50003 页面不存在', async (path) => {
    expect((await getJson(path)).body).toEqual({ code: '50003', message: '页面不存在', data: null });
  });

  it('give product blocks their products in the order of ids, leaving out hidden and unknown ones', async () => {
    const page = ProductCardPage.parse(await data(
      `/canvas/getProducts?ids=${[ids.mangoBox, ids.proPhone, ids.apple, ids.closedPhone, 999999999].join(',')}&page=1&pageSize=99`));
    expect(idsOf(page.list)).toEqual([ids.mangoBox, ids.proPhone]);
    expect(page.total).toBe(2);
  });

  it('give a category block its products, and an empty block nothing', async () => {
    expect(idsOf(ProductCardPage.parse(await data(`/canvas/getProducts?classifyId=${ids.fruit}&page=1&pageSize=99`)).list))
      .toEqual([ids.mangoBox]);
    expect(await data('/canvas/getProducts?page=1&pageSize=99')).toEqual({ list: [], total: 0 });
  });
});

describe('malformed ids', () => {
  it.each([
    ['/shop/getIndex', 'shopId'], ['/shop/getIndex?shopId=abc', 'shopId'], ['/shop/getShopClassify?shopId=-1', 'shopId'],
    ['/shop/getShopBanner?shopId=1.5', 'shopId'], ['/shop/getShopProducts?shopId=1&classifyId=x', 'classifyId'],
    ['/classify/getClaasifyProducts', 'classifyId'], ["/classify/getClaasifyProducts?classifyId=1' or '1'='1", 'classifyId'],
    ['/classify/getFirstClassify?classifyId=0', 'classifyId'], ['/canvas/getCanvas?type=3', 'shopId'],
    ['/canvas/getCanvas?type=9', 'type'], ['/canvas/getProducts?ids=1,abc', 'ids'], ['/canvas/getProducts?ids=1;drop', 'ids'],
    [`/canvas/getProducts?ids=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`, 'ids'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const { status, body } = await getJson(encodeURI(path));
    expect([status, body.code]).toEqual([400, '400']);
    expect(body.message).toContain(field);
  });
});

describe('taking a product off the shelf or disabling a shop', () => {
  const searchIds = async (search: string) =>
    idsOf(ProductCardPage.parse(await data(`/app/getSearchProducts?search=${encodeURIComponent(search)}&pageSize=100`)).list);

  it('hides the product everywhere at once, and shows it again when shelved', async () => {
    await a.append(`product-${ids.proPhone}`, 'ProductUnshelved', { productId: ids.proPhone });
    expect(await searchIds('琉璃')).not.toContain(ids.proPhone);
    expect(idsOf(ProductCardPage.parse(await data(`/canvas/getProducts?ids=${ids.proPhone}`)).list)).toEqual([]);
    expect(ShopIndex.parse(await data(`/shop/getIndex?shopId=${ids.flagship}`)).classifyNumber).toBe(3);
    await a.append(`product-${ids.proPhone}`, 'ProductShelved', { productId: ids.proPhone });
    expect(await searchIds('琉璃')).toContain(ids.proPhone);
  });

  it('hides the shop, its products and its page, and brings them back when enabled', async () => {
    await a.append(`shop-${ids.flagship}`, 'ShopDisabled', { shopId: ids.flagship });
    expect(await searchIds('琉璃')).toEqual([ids.mangoBox]);
    expect((await getJson(`/shop/getIndex?shopId=${ids.flagship}`)).body.code).toBe('50001');
    expect((await getJson(`/canvas/getCanvas?type=3&shopId=${ids.flagship}`)).body.code).toBe('50003');
    expect(ProductCardPage.parse(await data(`/classify/getClaasifyProducts?classifyId=${ids.digital}`)).total).toBe(0);
    await a.append(`shop-${ids.flagship}`, 'ShopEnabled', { shopId: ids.flagship });
    expect((await searchIds('琉璃')).sort()).toEqual([ids.proPhone, ids.litePhone, ids.seniorPhone, ids.mangoBox, ids.phoneCase].sort());
  });
});
