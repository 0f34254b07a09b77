/**
 * Product and shop search over HTTP (spec §2 search page, §4 sort, §7 search calls): Chinese substrings on name and
 * brief, sorts, price range, paging, shop cards, and keywords that must stay inert. Fixture: browse-listings.fixture.
 */
import { ProductCardPage, ShopCardPage, type ProductCard } from '../../domain/catalog/browse.contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { appenderFor, ids, seedListings, settleSeed } from './browse-listings.fixture';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await settleSeed(server);
  await seedListings(appenderFor(server));
});
afterAll(async () => server?.stop());

const getJson = async (path: string) => {
  const response = await fetch(`${server.url}/api${path}`);
  return { status: response.status, body: await response.json() as { code: string; message: string; data: unknown } };
};
const searchProducts = async (query: Record<string, string | number>) => {
  const { status, body } = await getJson(`/app/getSearchProducts?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(status).toBe(200);
  expect(body.code).toBe('200');
  return ProductCardPage.parse(body.data);
};
const idsOf = (list: ProductCard[]) => list.map((card) => card.productId);
const contains = (card: ProductCard, text: string) =>
  `${card.productName}\n${card.productBrief}`.toLowerCase().includes(text.toLowerCase());

describe('searching products by a Chinese substring', () => {
  it('finds shelved products of enabled shops whose name contains it', async () => {
    const page = await searchProducts({ search: '琉璃手机' });
    expect(idsOf(page.list).sort()).toEqual([ids.proPhone, ids.litePhone, ids.phoneCase].sort());
    expect(page.total).toBe(3);
  });

  it('answers product cards with the first SKU, first image, yuan prices and sales', async () => {
    const page = await searchProducts({ search: '琉璃手机 Pro' });
    expect(page.list).toEqual([{
      productId: ids.proPhone, skuId: ids.proPhone * 10, shopId: ids.flagship,
      image: `https://img.test/product/${ids.proPhone}-1.jpg`, productName: '琉璃手机 Pro 256G',
      price: 3999, originalPrice: 4009, productBrief: '旗舰影像', shopName: '琉璃数码旗舰店', number: 50,
    }]);
  });

  it('counts paid units on top of the fictitious sales', async () => {
    const page = await searchProducts({ search: '琉璃手机 Lite' });
    expect(page.list[0].number).toBe(303);
  });

  it('serves two-character keywords: every hit contains 手机, none hidden', async () => {
    const page = await searchProducts({ search: '手机', pageSize: 100 });
    expect(page.list.every((card) => contains(card, '手机'))).toBe(true);
    expect(idsOf(page.list)).toEqual(expect.arrayContaining([ids.proPhone, ids.litePhone, ids.seniorPhone, ids.phoneCase]));
    expect(idsOf(page.list)).not.toContain(ids.closedPhone);
  });

  it('serves one-character keywords', async () => {
    const page = await searchProducts({ search: '璃', pageSize: 100 });
    expect(page.list.every((card) => contains(card, '璃'))).toBe(true);
    expect(idsOf(page.list)).toEqual(expect.arrayContaining([ids.mangoBox, ids.seniorPhone]));
  });

  it('matches the brief too, and ignores letter case', async () => {
    expect(idsOf((await searchProducts({ search: '旗舰影像' })).list)).toEqual([ids.proPhone]);
    expect(idsOf((await searchProducts({ search: '琉璃手机 pro 256g' })).list)).toEqual([ids.proPhone]);
  });

  it('lists name matches before brief-only matches when no sort is chosen', async () => {
    // the demo catalogue's bag 装得下手机 in its brief; the newer fixture phones carry 手机 in their names
    const page = await searchProducts({ search: '手机', pageSize: 100 });
    const inName = page.list.map((card) => card.productName.includes('手机'));
    expect(inName).toContain(false);
    expect(inName.indexOf(false)).toBe(inName.lastIndexOf(true) + 1); // every name match, then the rest
  });

  it('never shows an unshelved product or one of a disabled shop', async () => {
    const page = await searchProducts({ search: '琉璃', pageSize: 100 });
    expect(idsOf(page.list)).not.toContain(ids.apple);
    expect(idsOf(page.list)).not.toContain(ids.closedPhone);
    expect(page.total).toBe(5);
  });
});

describe('sorting and filtering a search', () => {
  const all = () => searchProducts({ search: '琉璃', pageSize: 100 });

  it('lists newest listed first by default', async () => {
    expect(idsOf((await all()).list)).toEqual([ids.phoneCase, ids.mangoBox, ids.seniorPhone, ids.litePhone, ids.proPhone]);
  });

  it('sorts by price ascending (type 1) and descending (type 2)', async () => {
    const up = await searchProducts({ search: '琉璃', type: 1 });
    const down = await searchProducts({ search: '琉璃', type: 2 });
    expect(up.list.map((c) => c.price)).toEqual([9.9, 25, 199, 1599, 3999]);
    expect(down.list.map((c) => c.price)).toEqual([3999, 1599, 199, 25, 9.9]);
  });

  it('sorts by sales ascending (volume 1) and descending (volume 2)', async () => {
    expect((await searchProducts({ search: '琉璃', volume: 1 })).list.map((c) => c.number)).toEqual([5, 10, 50, 303, 1000]);
    expect((await searchProducts({ search: '琉璃', volume: 2 })).list.map((c) => c.number)).toEqual([1000, 303, 50, 10, 5]);
  });

  it('treats empty sort parameters as the default order', async () => {
    const page = await searchProducts({ search: '琉璃', type: '', volume: '', minMoney: '', maxMoney: '' });
    expect(idsOf(page.list)).toEqual(idsOf((await all()).list));
  });

  it('keeps list prices inside minMoney..maxMoney (yuan, inclusive)', async () => {
    const page = await searchProducts({ search: '琉璃', minMoney: 10, maxMoney: 1599, type: 1 });
    expect(idsOf(page.list)).toEqual([ids.mangoBox, ids.seniorPhone, ids.litePhone]);
    expect(page.total).toBe(3);
  });

  it('pages with page and pageSize, 12 a page by default', async () => {
    const first = await searchProducts({ search: '琉璃', page: 1, pageSize: 2 });
    const second = await searchProducts({ search: '琉璃', page: 2, pageSize: 2 });
    const beyond = await searchProducts({ search: '琉璃', page: 4, pageSize: 2 });
    expect(first.total).toBe(5);
    expect([...idsOf(first.list), ...idsOf(second.list)]).toEqual(idsOf((await all()).list).slice(0, 4));
    expect(beyond).toEqual({ list: [], total: 5 });
    expect((await searchProducts({})).list.length).toBeLessThanOrEqual(12);
  });
});

describe('keywords that look like SQL, LIKE wildcards or HTML', () => {
  it.each([["' or 1=1 --"], ['<script>alert(1)</script>'], ['琉璃\'; drop table products; --']])('%s finds nothing', async (search) => {
    expect(await searchProducts({ search })).toEqual({ list: [], total: 0 });
  });

  it('matches % and _ literally', async () => {
    const everything = (await searchProducts({})).total;
    const percent = await searchProducts({ search: '%', pageSize: 100 });
    const underscore = await searchProducts({ search: '_', pageSize: 100 });
    expect(percent.total).toBeLessThan(everything);
    expect(percent.list.every((card) => contains(card, '%'))).toBe(true);
    expect(underscore.list.every((card) => contains(card, '_'))).toBe(true);
    expect(idsOf((await searchProducts({ search: '100%_' })).list).sort()).toEqual([ids.mangoBox, ids.phoneCase].sort());
  });

  it('still works after them', async () => {
    expect((await searchProducts({ search: '琉璃' })).total).toBe(5);
  });
});

describe('malformed search parameters', () => {
  it.each([
    ['type=3', 'type'], ['volume=x', 'volume'], ['minMoney=abc', 'minMoney'], ['maxMoney=-1', 'maxMoney'],
    ['page=0', 'page'], ['pageSize=1000', 'pageSize'], [`search=${'长'.repeat(51)}`, 'search'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const { status, body } = await getJson(`/app/getSearchProducts?${encodeURI(query)}`);
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toContain(field);
  });
});

describe('searching shops', () => {
  const searchShops = async (query: string) => {
    const { body } = await getJson(`/shop/getShops?${query}`);
    expect(body.code).toBe('200');
    return ShopCardPage.parse(body.data);
  };

  it('finds enabled shops by name with location, counts and up to 4 best-selling samples', async () => {
    const page = await searchShops(`search=${encodeURIComponent('琉璃')}&volume=2`);
    expect(page.total).toBe(2);
    const [orchard, flagship] = page.list;
    expect(orchard).toEqual(expect.objectContaining({
      shopId: ids.orchard, shopName: '琉璃果园', shopLogo: `https://img.test/shop/${ids.orchard}.png`, shopAdress: '海南省三亚市',
      number: 1000, classifyNumber: 1,
    }));
    expect(idsOf(orchard.skus)).toEqual([ids.mangoBox]);
    expect(flagship).toEqual(expect.objectContaining({ shopId: ids.flagship, shopAdress: '广东省深圳市', number: 368, classifyNumber: 4 }));
    expect(idsOf(flagship.skus)).toEqual([ids.litePhone, ids.proPhone, ids.seniorPhone, ids.phoneCase]);
  });

  it('sorts by the lowest list price with type and by sales with volume', async () => {
    expect((await searchShops(`search=${encodeURIComponent('琉璃')}&type=1`)).list.map((s) => s.shopId)).toEqual([ids.flagship, ids.orchard]);
    expect((await searchShops(`search=${encodeURIComponent('琉璃')}&volume=1`)).list.map((s) => s.shopId)).toEqual([ids.flagship, ids.orchard]);
  });

  it('treats wildcards literally and never lists a disabled shop', async () => {
    expect(await searchShops(`search=${encodeURIComponent('%')}`)).toEqual({ list: [], total: 0 });
    expect((await searchShops(`search=${encodeURIComponent('停业')}`)).total).toBe(0);
  });
});

describe('rebuilding the catalog read model from the log', () => {
  it('answers the same searches afterwards', async () => {
    const before = [await searchProducts({ search: '琉璃', volume: 2 }), (await getJson('/shop/getShops?search=%E7%90%89%E7%92%83')).body];
    const response = await fetch(`${server.url}/internal/projections/catalog/rebuild`, {
      method: 'POST', headers: { 'x-ops-token': server.opsToken },
    });
    expect((await response.json()).code).toBe('200');
    const after = [await searchProducts({ search: '琉璃', volume: 2 }), (await getJson('/shop/getShops?search=%E7%90%89%E7%92%83')).body];
    expect(after).toEqual(before);
  });
});

describe('answers kept between requests (read-model cache)', () => {
  const appender = () => appenderFor(server);
  const detail = async () => (await getJson(`/product/getById?shopId=${ids.flagship}&productId=${ids.litePhone}&skuId=${ids.litePhone * 10}`)).body;

  it('change as soon as the catalog read model has a product taken off the shelf, and again when it is back', async () => {
    expect(idsOf((await searchProducts({ search: '琉璃手机 Lite' })).list)).toEqual([ids.litePhone]);
    expect((await detail()).code).toBe('200');

    await appender().append(`product-${ids.litePhone}`, 'ProductUnshelved', { productId: ids.litePhone });
    expect(idsOf((await searchProducts({ search: '琉璃手机 Lite' })).list)).toEqual([]);
    expect((await detail()).code).not.toBe('200');

    await appender().append(`product-${ids.litePhone}`, 'ProductShelved', { productId: ids.litePhone });
    expect(idsOf((await searchProducts({ search: '琉璃手机 Lite' })).list)).toEqual([ids.litePhone]);
    expect((await detail()).code).toBe('200');
  });
});
