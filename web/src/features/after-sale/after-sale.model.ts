import { afterSaleActions, showsRefundAmount, type AfterSaleAction } from '../../../../domain/after-sale/after-sale.actions';
import { AfterState, afterStateLabels, afterTypeLabels, goodsStateLabels, isAfterState } from '../../../../domain/after-sale/after-sale.states';

/**
 * After-sales as /after/getAll and /after/getById answer them (spec §3 After-sale record, origin-contract §6): money
 * in yuan, times `yyyy-MM-dd HH:mm:ss`, `time` ms left before the after-sale closes itself.
 */
export interface AfterSaleSku {
  productId: number;
  skuId: number;
  productName: string;
  image: string;
  value: string;
  number: number;
  price: number;
}

export interface AfterSaleListItem {
  afterId: number;
  afterFormid: string;
  orderId: number;
  afterType: number;
  afterState: number;
  goodsState: number;
  price: number;
  shopId: number;
  shopName: string;
  shopLogo: string;
  createTime: string;
  skus: AfterSaleSku[];
}

/** One step of the after-sale's history (who did what, when, with the merchant's or shopper's words and images). */
export interface AfterHistoryEntry {
  title: string;
  reason: string;
  name: string;
  time: string;
  images: string[];
}

export interface AfterSaleDetail extends AfterSaleListItem {
  orderFormid: string;
  orderState: number;
  returnReason: string;
  explain: string;
  images: string[];
  /** 商家留言 */
  reason: string;
  time: number;
  returnAdress: string;
  returnPerson: string;
  returnPhone: string;
  shopPhone: string;
  paymentTime: string;
  receiveTime: string;
  transactionId: string;
  express: number;
  deliverFormid: string;
  afterHistory: AfterHistoryEntry[];
}

/** A dict entry: refund reasons (GET /after/getReasonSelect) and express companies (GET /order/getExpressSelect). */
export interface DictOption {
  dictId: number;
  dictName: string;
}

export const statusLabelOf = (afterState: number): string => (isAfterState(afterState) ? afterStateLabels[afterState] : '');

export const typeLabelOf = (afterType: number): string => (afterType === 1 || afterType === 2 ? afterTypeLabels[afterType] : '');

export const goodsStateLabelOf = (goodsState: number): string =>
  (goodsState === 0 || goodsState === 1 ? goodsStateLabels[goodsState] : '');

/** The buttons of the detail screen: the domain's actions (spec §4); logistics entry is its own form, not a button. */
export type AfterSaleButton = Exclude<AfterSaleAction, 'enterReturnLogistics'>;

export const buttonLabels: Record<AfterSaleButton, string> = {
  requestPlatformIntervention: '申请平台介入',
  withdrawApplication: '撤销申请',
  withdrawReturn: '撤销退货',
};

export interface DetailView {
  status: string;
  buttons: AfterSaleButton[];
  /** State 10: the shopper enters the return shipment. */
  asksReturnLogistics: boolean;
  /** State 4 shows the refund amount. */
  showsRefund: boolean;
  /** Where the goods go back: once the merchant gave an address (return and refund). */
  showsReturnAddress: boolean;
}

export function detailView(detail: Pick<AfterSaleDetail, 'afterState' | 'afterType' | 'returnAdress'>): DetailView {
  const { afterState } = detail;
  const afterType = detail.afterType === 2 ? 2 : 1;
  const actions = afterSaleActions({ afterState, afterType });
  return {
    status: statusLabelOf(afterState),
    buttons: actions.filter((a): a is AfterSaleButton => a !== 'enterReturnLogistics'),
    asksReturnLogistics: actions.includes('enterReturnLogistics'),
    showsRefund: showsRefundAmount({ afterState }),
    showsReturnAddress: afterType === 2 && detail.returnAdress !== '',
  };
}

/** State 10 is 审核通过: the shopper's turn to send the goods back. */
export const awaitingReturn = (afterState: number): boolean => afterState === AfterState.awaitingReturn;

/** The route to an after-sale's detail (spec §2: state=2 with afterId and orderId). */
export const afterSaleDetailHref = (item: Pick<AfterSaleListItem, 'afterId' | 'orderId'>): string =>
  `/afterSale?state=2&afterId=${item.afterId}&orderId=${item.orderId}`;

export const AFTER_SALE_LIST_HREF = '/userCenter/orderAfterSale';

/** `time` (ms before the after-sale closes itself) as 2天23小时59分; under a minute counts as 1分. */
export function remainingText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return `${days > 0 ? `${days}天` : ''}${days > 0 || hours > 0 ? `${hours}小时` : ''}${rest}分`;
}

const deadlineTexts: Partial<Record<number, (left: string) => string>> = {
  [AfterState.underReview]: (left) => `商家将在 ${left} 内处理您的申请`,
  [AfterState.reviewRejected]: (left) => `如有异议，请在 ${left} 内申请平台介入，超时售后将自动关闭`,
  [AfterState.awaitingReturn]: (left) => `请在 ${left} 内寄回商品并填写物流信息，超时售后将自动关闭`,
};

/** The hint under the status while someone's 3 days run (states 1, 6, 10); null otherwise. */
export function deadlineHint(detail: Pick<AfterSaleDetail, 'afterState' | 'time'>): string | null {
  const text = deadlineTexts[detail.afterState];
  return text && detail.time > 0 ? text(remainingText(detail.time)) : null;
}

/** Only digits reach the return waybill (spec §2: numeric tracking number input). */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** The history newest first, whichever order it came in (times `yyyy-MM-dd HH:mm:ss` sort as text; ties keep their order). */
export const newestFirst = (history: readonly AfterHistoryEntry[]): AfterHistoryEntry[] =>
  history.map((entry, i) => ({ entry, i })).sort((a, b) => b.entry.time.localeCompare(a.entry.time) || b.i - a.i).map((x) => x.entry);

/** What `user:<id>` pushes when one of the shopper's after-sales changes state (read without zod: a small page). */
export interface AfterSalePush { afterId: number; orderId: number; afterState: number }

export function afterSalePushOf(payload: unknown): AfterSalePush | null {
  const inner = typeof payload === 'object' && payload !== null ? (payload as { afterSale?: unknown }).afterSale : undefined;
  if (typeof inner !== 'object' || inner === null) return null;
  const { afterId, orderId, afterState } = inner as Record<string, unknown>;
  return typeof afterId === 'number' && typeof orderId === 'number' && typeof afterState === 'number'
    ? { afterId, orderId, afterState }
    : null;
}
