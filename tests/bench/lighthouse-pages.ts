/**
 * The pages the Lighthouse bench audits (issue 14): home, search, product detail, cart and place order, the last two
 * for a signed-in shopper with one product in the cart. The shopper is made through the API the way the storefront
 * makes one (never timed): `GET /api/app/getCode`, the code read back through `GET /internal/sms`, `POST /api/app/login`
 * (type 1, register), a default address (`POST /api/receive/save`), the product into the cart (`POST /api/cart/addCart`).
 * The browser then holds the session where the storefront keeps it: the `token` cookie (web/src/lib/session.ts) and
 * the `userInfo` entry of localStorage (web/src/lib/client-state.storage.ts), as after a login on /login.
 */
import { BENCH_OPS_TOKEN } from './browse/browse-servers';

export interface AuditedPage { name: string; path: string; signedIn: boolean }
export interface Shopper { token: string; userInfo: Record<string, unknown> }

interface Envelope<T> { code: string; message: string; data: T }

async function call<T>(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const body = (await answer.json()) as Envelope<T>;
  if (body.code !== '200') throw new Error(`${method} ${path}: HTTP ${answer.status} ${body.code} ${body.message}`);
  return body.data;
}

const SEARCH_KEYWORD = '手机';
const PHONE = '13912345678';

interface Card { productId: number; skuId: number; shopId: number }

/** The first product the search page lists for the keyword: the detail page's product and the cart's line. */
async function firstProduct(base: string): Promise<Card> {
  const query = new URLSearchParams({ search: SEARCH_KEYWORD, type: '', volume: '', minMoney: '', maxMoney: '', page: '1', pageSize: '12' });
  const page = await call<{ list: Card[] }>(base, 'GET', `/api/app/getSearchProducts?${query}`);
  if (page.list.length === 0) throw new Error(`the demo catalogue has no product for ${SEARCH_KEYWORD}`);
  return page.list[0];
}

async function signIn(base: string): Promise<Shopper> {
  await call(base, 'GET', `/api/app/getCode?phone=${PHONE}`);
  const sms = await call<{ code: string }>(base, 'GET', `/internal/sms?phone=${PHONE}`, { headers: { 'x-ops-token': BENCH_OPS_TOKEN } });
  const { token } = await call<{ token: string }>(base, 'POST', '/api/app/login', { body: { phone: PHONE, verificationCode: sms.code, type: 1 } });
  await call(base, 'POST', '/api/receive/save', {
    token,
    body: { receiveName: '测试买家', receivePhone: PHONE, receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号', label: '家', defult: 'true' },
  });
  const user = await call<Record<string, unknown>>(base, 'GET', '/api/user/getUser', { token });
  const userInfo = { name: user.name, phone: user.phone, sex: user.sex, birthday: user.birthday, headImage: user.headImage, notRead: user.notRead };
  return { token, userInfo };
}

/** Signs the shopper in, puts one of the detail page's product in the cart, and lists the pages with their paths. */
export async function preparePages(base: string): Promise<{ pages: AuditedPage[]; shopper: Shopper }> {
  const product = await firstProduct(base);
  const shopper = await signIn(base);
  await call(base, 'POST', '/api/cart/addCart', { token: shopper.token, body: { skuId: product.skuId, number: 1 } });
  const proData = JSON.stringify({ productId: product.productId, skuId: product.skuId, shopId: product.shopId });
  // what the cart's 结算 opens for that one selected line (web/src/features/cart/cart.model.ts placeOrderHref)
  const shops = JSON.stringify([{ shopId: product.shopId, skus: [{ skuId: product.skuId, number: 1, selected: 1 }] }]);
  const pages: AuditedPage[] = [
    { name: 'home', path: '/', signedIn: false },
    { name: 'search', path: `/search?keyword=${encodeURIComponent(SEARCH_KEYWORD)}`, signedIn: false },
    { name: 'product detail', path: `/productDetail?proData=${encodeURIComponent(proData)}`, signedIn: false },
    { name: 'cart', path: '/shoppingTrolley', signedIn: true },
    { name: 'place order', path: `/placeOrder?type=2&ifWork=0&shops=${encodeURIComponent(shops)}`, signedIn: true },
  ];
  return { pages, shopper };
}
