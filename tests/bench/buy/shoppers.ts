/**
 * Shoppers for the Buy benchmarks, signed in the way the storefront does it (never timed): `GET /api/app/getCode`,
 * the code read back through the ops route `GET /internal/sms`, `POST /api/app/login` (type 1, register), then one
 * default address through `POST /api/receive/save`.
 */
import type { BuyServer } from './buy-server';
import { mapLimit, type HttpClient } from './http-client';

export interface Shopper { userId: number; token: string; receiveId: number; phone: string }

const SIGN_IN_IN_FLIGHT = 16;

/** 139 + 8 digits, distinct per index (each scenario has its own database, so indexes may repeat across them). */
const phoneOf = (index: number): string => `139${String(100_000_000 + index).slice(1)}`;

function expectOk(what: string, answer: { status: number; body: { code: string; message: string } }): void {
  if (answer.body.code !== '200') throw new Error(`${what}: HTTP ${answer.status} ${answer.body.code} ${answer.body.message}`);
}

async function signIn(server: Pick<BuyServer, 'opsToken'>, client: HttpClient, phone: string): Promise<Shopper> {
  expectOk(`getCode ${phone}`, await client.api('GET', `/app/getCode?phone=${phone}`));
  const sent = await client.request<{ code: string; message: string; data: { code: string } }>(
    'GET', `/internal/sms?phone=${phone}`, { headers: { 'x-ops-token': server.opsToken } });
  expectOk(`sms ${phone}`, sent);
  const login = await client.api<{ token: string; buyerUserId: number }>('POST', '/app/login',
    { body: { phone, verificationCode: sent.body.data.code, type: 1 } });
  expectOk(`login ${phone}`, login);
  const { token, buyerUserId } = login.body.data;
  const saved = await client.api<{ receiveId: number }>('POST', '/receive/save', {
    token,
    body: { receiveName: '压测买家', receivePhone: phone, receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号', label: '家', defult: 'true' },
  });
  expectOk(`address ${phone}`, saved);
  return { userId: buyerUserId, token, receiveId: saved.body.data.receiveId, phone };
}

/** `count` new shoppers, phones numbered from `firstIndex`. */
export function signInShoppers(server: Pick<BuyServer, 'opsToken'>, client: HttpClient, count: number, firstIndex = 0): Promise<Shopper[]> {
  const phones = Array.from({ length: count }, (_, i) => phoneOf(firstIndex + i));
  return mapLimit(phones, SIGN_IN_IN_FLIGHT, (phone) => signIn(server, client, phone));
}
