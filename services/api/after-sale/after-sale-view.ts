/**
 * After-sales as the API shows them (origin-contract §6 list item and AfterDetail; spec §3 After-sale record): money
 * in yuan, times `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai, '' when not yet), `time` the ms left before the after-sale
 * closes itself (0 when no deadline runs), images both comma-joined (`image`) and as a list (`images`).
 */
import { afterStateLabels, afterTypeLabels, goodsStateLabels, isAfterState } from '../../../domain/after-sale/after-sale.states';
import { fenToYuan } from '../../../domain/shared/money';
import { formatShanghai } from '../../../domain/shared/time';
import type { AfterSaleRecord } from './after-sale.queries';

export interface AfterSaleSkuView {
  productId: number; skuId: number; productName: string; image: string; values: string[]; value: string;
  /** units in this after-sale */
  number: number;
  /** unit price paid, yuan */
  price: number;
  /** this line's refund, yuan */
  refundPrice: number;
}

export interface AfterSaleListItem {
  afterId: number; afterFormid: string; orderId: number; orderFormid: string; afterType: number; afterTypeName: string;
  afterState: number; afterStateName: string; goodsState: number; price: number; shopId: number; shopName: string;
  shopLogo: string; createTime: string; skus: AfterSaleSkuView[];
}

export interface AfterHistoryView { title: string; reason: string; name: string; time: string; image: string; images: string[] }

export interface AfterSaleDetail extends AfterSaleListItem {
  orderState: number; goodsStateName: string; returnReason: string; explain: string; image: string; images: string[];
  reason: string; time: number; returnAdress: string; returnPerson: string; returnPhone: string; shopPhone: string;
  paymentMode: number; paymentTime: string; receiveTime: string; transactionId: string; express: number;
  deliverFormid: string; deliverReason: string; afterHistory: AfterHistoryView[];
}

const time = (at: Date | string | null): string => (at === null ? '' : formatShanghai(at));

function skus(row: AfterSaleRecord): AfterSaleSkuView[] {
  return row.lines.map((l) => {
    const line = row.order_lines?.find((o) => o.skuId === l.skuId);
    const values = line?.values ?? [];
    return {
      productId: line?.productId ?? 0, skuId: l.skuId, productName: line?.productName ?? '', image: line?.image ?? '',
      values, value: values.join(','), number: l.number, price: fenToYuan(line?.price ?? 0), refundPrice: fenToYuan(l.refundFen),
    };
  });
}

export function afterSaleListItem(row: AfterSaleRecord): AfterSaleListItem {
  return {
    afterId: Number(row.after_id),
    afterFormid: row.after_formid,
    orderId: Number(row.order_id),
    orderFormid: row.order_formid,
    afterType: row.after_type,
    afterTypeName: afterTypeLabels[row.after_type as 1 | 2] ?? '',
    afterState: row.after_state,
    afterStateName: isAfterState(row.after_state) ? afterStateLabels[row.after_state] : '',
    goodsState: row.goods_state,
    price: fenToYuan(Number(row.price_fen)),
    shopId: Number(row.shop_id),
    shopName: row.shop_name ?? '',
    shopLogo: row.shop_logo ?? '',
    createTime: time(row.created_at),
    skus: skus(row),
  };
}

export function afterSaleDetail(row: AfterSaleRecord, now: Date): AfterSaleDetail {
  const due = row.auto_close_at === null ? 0 : new Date(row.auto_close_at).getTime() - now.getTime();
  return {
    ...afterSaleListItem(row),
    orderState: row.order_state ?? 0,
    goodsStateName: goodsStateLabels[row.goods_state as 0 | 1] ?? '',
    returnReason: row.return_reason,
    explain: row.explain,
    image: row.images.join(','),
    images: row.images,
    reason: row.reason,
    time: Math.max(0, due),
    returnAdress: row.return_address?.returnAdress ?? '',
    returnPerson: row.return_address?.returnPerson ?? '',
    returnPhone: row.return_address?.returnPhone ?? '',
    shopPhone: row.shop_phone ?? '',
    paymentMode: row.payment_mode ?? 0,
    paymentTime: time(row.paid_at),
    receiveTime: time(row.received_at),
    transactionId: row.transaction_id ?? '',
    express: row.return_express === null ? 0 : Number(row.return_express),
    deliverFormid: row.return_deliver_formid ?? '',
    deliverReason: '',
    afterHistory: row.history.map((h) => ({
      title: h.title, reason: h.reason, name: h.name, time: formatShanghai(h.at), image: h.images.join(','), images: h.images,
    })),
  };
}
