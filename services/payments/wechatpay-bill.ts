/**
 * WeChat Pay's daily trade bill (交易账单, bill_type=ALL) as the v3 API hands it over, read into BillLines.
 *
 * What we rely on, from WeChat's documentation (pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html,
 * /doc/v3/merchant/4012556654 申请交易账单, /doc/v3/merchant/4013071254 常见问题):
 * - the file is a header line, detail lines, a summary header (总交易单数,…) and a summary line; fields are separated by
 *   commas and every detail and summary field starts with one backtick (` ) so Excel keeps long numbers whole;
 * - ALL's header: 交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,
 *   货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,
 *   手续费,费率,订单金额,申请退款金额,费率备注 — columns are found by name, since merchants on the early format lack
 *   some (总金额 stands for 应结订单金额 there);
 * - 交易时间 is the payment's success time, or for a refund line (交易状态 REFUND) the time the refund was accepted, as
 *   `yyyy-MM-dd HH:mm:ss` China time; amounts are yuan with two decimals;
 * - the download answer carries no Wechatpay-Signature: its integrity is the SHA1 `hash_value` of the (unzipped) file.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PaymentProviderError, TRADE_STATES, type BillLine, type TradeState } from './payment-provider';

/** Refused unless the file's digest is the one the tradebill answer announced (only SHA1 is defined). */
export function assertBillHash(file: Buffer, hashType: string, hashValue: string): void {
  if (hashType.toUpperCase() !== 'SHA1') throw new PaymentProviderError('BILL_HASH', `unknown bill hash type ${hashType}`);
  const actual = createHash('sha1').update(file).digest();
  const expected = Buffer.from(hashValue.trim().toLowerCase(), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(actual, expected)) {
    throw new PaymentProviderError('BILL_HASH', 'the downloaded bill does not match its SHA1 hash_value');
  }
}

const SUMMARY_HEADER = '总交易单数';

export function parseTradeBill(text: string): BillLine[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((row) => row.trim() !== '');
  if (rows.length === 0) return [];
  const header = rows[0].split(',').map((name) => name.trim().replace(/^`/, ''));
  const column = (...names: string[]): number => header.findIndex((name) => names.includes(name));
  const at = {
    time: column('交易时间'), transactionId: column('微信订单号'), paymentId: column('商户订单号'), tradeState: column('交易状态'),
    amount: column('订单金额', '应结订单金额', '总金额'), providerRefundId: column('微信退款单号'), refundId: column('商户退款单号'),
    refund: column('申请退款金额', '退款金额'), refundStatus: column('退款状态'),
  };
  const missing = Object.entries(at).filter(([key, index]) => index < 0 && ['time', 'transactionId', 'paymentId', 'tradeState', 'amount'].includes(key));
  if (missing.length > 0) throw malformed(`the bill's header lacks ${missing.map(([key]) => key).join(', ')}`);

  const lines: BillLine[] = [];
  for (const row of rows.slice(1)) {
    if (row.replace(/^`/, '').startsWith(SUMMARY_HEADER)) break;
    // every detail field starts with a backtick: splitting on ",`" keeps a comma inside a product name in its field
    const fields = row.replace(/^`/, '').split(',`');
    if (fields.length !== header.length) throw malformed(`a bill line has ${fields.length} fields, the header ${header.length}`);
    const field = (index: number): string => (index < 0 ? '' : fields[index].trim());
    const tradeState = field(at.tradeState);
    if (!(TRADE_STATES as readonly string[]).includes(tradeState)) throw malformed(`unknown 交易状态 ${tradeState}`);
    const line: BillLine = {
      paymentId: field(at.paymentId),
      transactionId: field(at.transactionId),
      tradeState: tradeState as TradeState,
      amountFen: fenOf(field(at.amount)),
      time: instantOf(field(at.time)),
    };
    if (tradeState === 'REFUND') {
      line.refundId = field(at.refundId);
      line.providerRefundId = field(at.providerRefundId);
      line.refundFen = fenOf(field(at.refund));
      line.refundStatus = field(at.refundStatus);
    }
    lines.push(line);
  }
  return lines;
}

/** "12.30" yuan → 1230 fen, from the digits (no floating point). */
export function fenOf(yuan: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) throw malformed(`not an amount in yuan: ${yuan}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `2026-12-06 10:00:00` China time → ISO instant. */
function instantOf(chinaTime: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(chinaTime);
  if (!match) throw malformed(`not a bill time: ${chinaTime}`);
  return new Date(`${match[1]}T${match[2]}+08:00`).toISOString();
}

const malformed = (message: string) => new PaymentProviderError('MALFORMED_BILL', message);
