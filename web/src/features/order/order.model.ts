/**
 * Orders as /order/getAll and /order/getById answer them (spec §3 Order, Order sku line, Group data; origin-contract
 * §5.4): money in yuan, times `yyyy-MM-dd HH:mm:ss` ('' when not yet), ids 0 when none, `time` ms left.
 */
export interface OrderSku {
  productId: number;
  skuId: number;
  productName: string;
  image: string;
  values: string[];
  value: string;
  number: number;
  price: number;
  total: number;
  afterState: number;
  ifAfter: number;
  commentId: number;
}

export interface Order {
  orderId: number;
  orderFormid: string;
  shopId: number;
  shopName: string;
  shopLogo: string;
  receiveName: string;
  state: number;
  stateName: string;
  paymentState: number;
  paymentMode: number;
  afterState: number;
  orderPrice: number;
  logisticsPrice: number;
  discountPrice: number;
  price: number;
  money: number;
  createTime: string;
  paymentTime: string;
  express: number;
  expressName: string;
  deliverFormid: string;
  collageId: number;
  collageState: number | null;
  shopGroupWorkId: number;
  shopSeckillId: number;
  shopDiscountId: number;
  ifAfter: number;
  ifNotComment: number;
  time: number;
  /** 售后截止时间: a completed order takes after-sales until then ('' before receipt; absent from older servers) */
  afterSaleUntil?: string;
  skus: OrderSku[];
}

export interface CollageDetail {
  collageId: number;
  /** 0 forming, 1 success, 2 failed */
  state: number;
  person: number;
  people: number;
  time: number;
  createTime: string;
  effectiveTime: string;
  personList: Array<{ id: number; headImage: string }>;
}

export interface TrackingStep {
  time: string;
  reason: string;
}

export interface OrderLogistics {
  express: number;
  expressName: string;
  deliverFormid: string;
  dileveryTime: string;
  steps: TrackingStep[];
}

export interface ProgressStep {
  title: string;
  time: string;
}

export interface OrderProgress {
  closed: boolean;
  active: number;
  steps: ProgressStep[];
}

export interface OrderDetail extends Order {
  receivePhone: string;
  receiveAdress: string;
  address: string;
  remark: string;
  transactionId: string;
  dileveryTime: string;
  receiveTime: string;
  closeTime: string;
  shopPhone: string;
  chargePersonPhone: string;
  collageDetail: CollageDetail | null;
  progress: OrderProgress;
  logistics: OrderLogistics | null;
}

/** Spec §4: 1 待付款, 2 待发货, 3 待收货, 4 已完成, 5 已关闭, 6 待成团. */
export const orderStateLabels: Record<number, string> = {
  1: '待付款', 2: '待发货', 3: '待收货', 4: '已完成', 5: '已关闭', 6: '待成团',
};

export const stateLabelOf = (order: Pick<Order, 'state' | 'stateName'>): string =>
  order.stateName || orderStateLabels[order.state] || '';

/** Spec §9: actual pay = orderPrice − discountPrice, never below 0. */
export const actualPay = (order: Pick<Order, 'orderPrice' | 'discountPrice'>): number =>
  Math.max(0, Math.round((order.orderPrice - order.discountPrice) * 100) / 100);

/** Goods of the order: orderPrice includes shipping (origin §5.2). */
export const goodsTotal = (order: Pick<Order, 'orderPrice' | 'logisticsPrice'>): number =>
  Math.max(0, Math.round((order.orderPrice - order.logisticsPrice) * 100) / 100);

/** Spec §9: the waiting-payment remaining time is shown in minutes. */
export const minutesLeft = (ms: number): number => Math.max(0, Math.ceil(ms / 60_000));
