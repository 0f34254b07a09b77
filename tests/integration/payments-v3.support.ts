/**
 * A local stand-in for api.mch.weixin.qq.com speaking the v3 protocol, written apart from the provider (its own
 * signing, verification and encryption) so the provider's real code is checked against the protocol, not itself:
 * it refuses requests whose Authorization does not verify with the merchant key, and signs every answer with the
 * platform key — unless told to misbehave.
 */
import { createCipheriv, createHash, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest { method: string; path: string; body: string; authorization: Record<string, string> }
export type Misbehaviour = 'none' | 'tampered-body' | 'unsigned' | 'stranger-signature' | 'wrong-bill-hash';

/** An order as this WeChat knows it, for queries: unpaid ones have no transaction or success time. */
export interface KnownTransaction { trade_state: string; total: number; transaction_id?: string; success_time?: string }

export interface ProtocolServer {
  url: string;
  merchant: { mchid: string; appid: string; serialNo: string; privateKey: KeyObject; publicKey: KeyObject };
  platform: { serial: string; publicKey: KeyObject };
  apiV3Key: string;
  requests: RecordedRequest[];
  misbehave: Misbehaviour;
  paid: Set<string>;
  /** What a query by out_trade_no answers; an order not here is ORDER_NOT_EXIST. */
  transactions: Map<string, KnownTransaction>;
  /** The ALL trade bill file of a date (yyyy-MM-dd); a date not here is NO_STATEMENT_EXIST. */
  bills: Map<string, string>;
  /** A TRANSACTION.SUCCESS notification for `outTradeNo` as WeChat would POST it. */
  notification(outTradeNo: string, totalFen: number, overrides?: Record<string, unknown>): { headers: Record<string, string>; body: string };
  /** A REFUND.<status> notification for a refund this server was asked for, as WeChat would POST it. */
  refundNotification(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL'): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const json = (value: unknown) => JSON.stringify(value);

export async function startProtocolServer(): Promise<ProtocolServer> {
  const merchantKeys = keyPair();
  const platformKeys = keyPair();
  const strangerKeys = keyPair();
  const refunds = new Map<string, Record<string, unknown>>();
  const state: Pick<ProtocolServer, 'misbehave' | 'requests' | 'paid' | 'transactions' | 'bills'> = {
    misbehave: 'none', requests: [], paid: new Set(), transactions: new Map(), bills: new Map(),
  };
  let baseUrl = '';
  const merchant = { mchid: '1230000109', appid: 'wxd678efh567hg6787', serialNo: 'MERCHANTSERIAL01', ...merchantKeys };
  const platform = { serial: 'PLATFORMSERIAL01', publicKey: platformKeys.publicKey };
  const apiV3Key = randomBytes(16).toString('hex');

  const signedHeaders = (body: string, key: KeyObject) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), key).toString('base64');
    return { 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': nonce, 'Wechatpay-Signature': signature, 'Wechatpay-Serial': platform.serial };
  };

  const answer = (res: ServerResponse, status: number, body: string) => {
    const key = state.misbehave === 'stranger-signature' ? strangerKeys.privateKey : platformKeys.privateKey;
    const headers = state.misbehave === 'unsigned' ? {} : signedHeaders(body, key);
    const sent = state.misbehave === 'tampered-body' ? body.replace(/\d/, (d) => String((Number(d) + 1) % 10)) || ' ' : body;
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(sent);
  };

  const authorized = (req: IncomingMessage, path: string, body: string): Record<string, string> | null => {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(req.headers.authorization ?? '');
    if (!match) return null;
    const fields = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const fresh = Math.abs(Date.now() / 1000 - Number(fields.timestamp)) < 300;
    const message = `${req.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const valid = fields.mchid === merchant.mchid && fields.serial_no === merchant.serialNo && fresh
      && verify('sha256', Buffer.from(message), merchantKeys.publicKey, Buffer.from(fields.signature ?? '', 'base64'));
    return valid ? fields : null;
  };

  const route = (method: string, path: string, body: Record<string, unknown>): [number, unknown] => {
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
      const valid = body.appid === merchant.appid && body.mchid === merchant.mchid && typeof body.out_trade_no === 'string'
        && typeof body.description === 'string' && typeof body.notify_url === 'string'
        && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(String(body.time_expire))
        && Number.isInteger(amount?.total) && amount?.currency === 'CNY';
      if (!valid) return [400, { code: 'PARAM_ERROR', message: '参数错误' }];
      return [200, { code_url: `weixin://wxpay/bizpayurl?pr=${Buffer.from(String(body.out_trade_no)).toString('hex')}` }];
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (method === 'POST' && close) {
      if (body.mchid !== merchant.mchid) return [400, { code: 'PARAM_ERROR', message: '参数错误' }];
      return state.paid.has(close[1]) ? [400, { code: 'ORDERPAID', message: '该订单已支付' }] : [204, null];
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const refund = { refund_id: `50000${refunds.size + 1}`, out_refund_no: body.out_refund_no, out_trade_no: body.out_trade_no, amount: body.amount };
      refunds.set(String(body.out_refund_no), refund);
      return [200, { ...refund, status: 'PROCESSING' }];
    }
    const query = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && query) {
      const refund = refunds.get(query[1]);
      return refund ? [200, { ...refund, status: 'SUCCESS' }] : [404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' }];
    }
    const order = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\?mchid=(\w+)$/.exec(path);
    if (method === 'GET' && order) {
      if (order[2] !== merchant.mchid) return [400, { code: 'PARAM_ERROR', message: '参数错误' }];
      const known = state.transactions.get(decodeURIComponent(order[1]));
      if (!known) return [404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }];
      return [200, {
        appid: merchant.appid, mchid: merchant.mchid, out_trade_no: decodeURIComponent(order[1]), trade_type: 'NATIVE',
        trade_state: known.trade_state, trade_state_desc: known.trade_state, payer: {},
        amount: { total: known.total, payer_total: known.total, currency: 'CNY', payer_currency: 'CNY' },
        ...(known.transaction_id ? { transaction_id: known.transaction_id } : {}),
        ...(known.success_time ? { success_time: known.success_time } : {}),
      }];
    }
    const tradeBill = /^\/v3\/bill\/tradebill\?bill_date=(\d{4}-\d{2}-\d{2})&bill_type=ALL$/.exec(path);
    if (method === 'GET' && tradeBill) {
      const file = state.bills.get(tradeBill[1]);
      if (file === undefined) return [400, { code: 'NO_STATEMENT_EXIST', message: '请求的账单文件不存在' }];
      const digest = createHash('sha1').update(state.misbehave === 'wrong-bill-hash' ? `${file}x` : file).digest('hex');
      return [200, { hash_type: 'SHA1', hash_value: digest, download_url: `${baseUrl}/v3/billdownload/file?token=${tradeBill[1]}` }];
    }
    return [404, { code: 'NOT_FOUND', message: '无此接口' }];
  };

  /** The bill file itself: unsigned, as WeChat sends it (its integrity is the tradebill answer's hash). */
  const download = (path: string, res: ServerResponse): boolean => {
    const token = /^\/v3\/billdownload\/file\?token=([\d-]+)$/.exec(path);
    if (!token) return false;
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(state.bills.get(token[1]) ?? '');
    return true;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const fields = authorized(req, path, body);
      state.requests.push({ method: req.method ?? '', path, body, authorization: fields ?? {} });
      if (!fields) return answer(res, 401, json({ code: 'SIGN_ERROR', message: '签名错误' }));
      if (req.method === 'GET' && download(path, res)) return undefined;
      const [status, payload] = route(req.method ?? '', path, body ? (JSON.parse(body) as Record<string, unknown>) : {});
      return answer(res, status, payload === null ? '' : json(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return Object.assign(state, {
    url: baseUrl,
    merchant,
    platform,
    apiV3Key,
    notification(outTradeNo: string, totalFen: number, overrides: Record<string, unknown> = {}) {
      const transaction = {
        appid: merchant.appid, mchid: merchant.mchid, out_trade_no: outTradeNo, transaction_id: '4200001122202503011234567890',
        trade_type: 'NATIVE', trade_state: 'SUCCESS', trade_state_desc: '支付成功', bank_type: 'OTHERS', attach: '',
        success_time: '2025-03-01T10:00:00+08:00', payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: totalFen, payer_total: totalFen, currency: 'CNY', payer_currency: 'CNY' }, ...overrides,
      };
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const encrypted = Buffer.concat([cipher.update(json(transaction)), cipher.final(), cipher.getAuthTag()]);
      const body = json({
        id: 'EV-2018022511223320873', create_time: '2025-03-01T10:00:01+08:00', resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS', summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), associated_data: 'transaction', nonce },
      });
      return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body, platformKeys.privateKey) }, body };
    },
    refundNotification(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS') {
      const asked = refunds.get(outRefundNo) ?? {};
      const amount = (asked.amount ?? { refund: 0, total: 0 }) as { refund: number; total: number };
      const resource = {
        mchid: merchant.mchid, out_trade_no: asked.out_trade_no, transaction_id: '4200001122202503011234567890',
        out_refund_no: outRefundNo, refund_id: asked.refund_id, refund_status: status, success_time: '2025-03-01T10:05:00+08:00',
        user_received_account: '支付用户零钱', amount: { total: amount.total, refund: amount.refund, payer_total: amount.total, payer_refund: amount.refund },
      };
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('refund'));
      const encrypted = Buffer.concat([cipher.update(json(resource)), cipher.final(), cipher.getAuthTag()]);
      const body = json({
        id: 'EV-2018022511223320874', create_time: '2025-03-01T10:05:01+08:00', resource_type: 'encrypt-resource',
        event_type: `REFUND.${status}`, summary: '退款成功',
        resource: { original_type: 'refund', algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), associated_data: 'refund', nonce },
      });
      return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body, platformKeys.privateKey) }, body };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  });
}

/** One detail line of an ALL trade bill, as the test states it (yuan as WeChat writes them). */
export interface BillRow {
  time: string; transactionId: string; outTradeNo: string; state: 'SUCCESS' | 'REFUND'; settled: string; total: string;
  refundId?: string; outRefundNo?: string; refund?: string; refundStatus?: string; product?: string;
}

/**
 * The ALL trade bill file WeChat's documentation describes (format-trade.html): the 27-column header, detail lines
 * whose every field starts with a backtick, then the summary header and line. CRLF line ends, as WeChat's files have.
 */
export function tradeBillFile(rows: BillRow[], mchid: string, appid: string): string {
  const header = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
    '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,' +
    '订单金额,申请退款金额,费率备注';
  const detail = rows.map((r) => [
    r.time, appid, mchid, '0', '', r.transactionId, r.outTradeNo, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', 'NATIVE', r.state, 'OTHERS', 'CNY',
    r.settled, '0.00', r.refundId ?? '0', r.outRefundNo ?? '0', r.refund ?? '0.00', '0.00', r.refund ? 'ORIGINAL' : '',
    r.refundStatus ?? '', r.product ?? '集市订单', '', '0.00000', '0.60%', r.total, r.refund ?? '0.00', '',
  ].map((field) => `\`${field}`).join(','));
  const summary = '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额';
  return [header, ...detail, summary, `\`${rows.length},\`0.00,\`0.00,\`0.00,\`0.00000,\`0.00,\`0.00`].join('\r\n') + '\r\n';
}
