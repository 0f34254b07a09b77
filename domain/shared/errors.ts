/**
 * The one error catalogue (DESIGN.md §14): a stable code and the Chinese message the spec gives.
 * Business failures answer HTTP 200 with their code; the API's error handler maps DomainError to the envelope.
 * Add entries in the section of your slice; codes are strings, never reused.
 */
export const Errors = {
  // platform / HTTP
  badRequest: { code: '400', message: '请求无效，请检查参数是否正确!' },
  notFound: { code: '404', message: '地址不存在!' },
  system: { code: '500', message: '系统错误!' },
  concurrency: { code: '409', message: '操作过于频繁，请稍后重试' },
  /** the read models have not yet caught up with the shopper's last write (services/api/read-your-writes.ts) */
  readModelBehind: { code: '503', message: '服务繁忙，请稍后重试' },
  /** every picture decoder taken, or the shopper's own, past the wait (services/uploads/decode-gate.ts) */
  imageDecodersBusy: { code: '503', message: '服务繁忙，请稍后重试' },
  // identity
  tokenInvalid: { code: '20004', message: 'token认证失败' },
  loginRequired: { code: '20005', message: '请先登录' },
  // --- identity: SMS codes, sign-in (domain/identity, services/identity) ---
  smsCodeInvalid: { code: '11005', message: '验证码有误' },
  smsCodeTooFrequent: { code: '11006', message: '验证码已发送，请60秒后再试' },
  smsCodeLocked: { code: '11007', message: '验证码错误次数过多，请重新获取' },
  smsOutboxEmpty: { code: '11008', message: '该手机号暂无验证码' },
  /** the phone used up its wrong tries across codes; the message says how long is left (services/identity/sms-guard.ts) */
  smsPhoneLocked: { code: '11009', message: '验证码错误次数过多，该手机号已暂停登录，请稍后再试' },
  smsClientTooFrequent: { code: '11010', message: '获取验证码过于频繁，请稍后再试' },
  smsSendingBusy: { code: '11011', message: '短信发送繁忙，请稍后再试' },
  userNotRegistered: { code: '21001', message: '用户未注册' },
  userAlreadyRegistered: { code: '21002', message: '用户已注册' },
  // --- user centre: profile, phone change (domain/identity, services/api/identity) ---
  birthdayInFuture: { code: '21101', message: '生日不能晚于今天' },
  phoneUnchanged: { code: '21102', message: '新手机号不能与原手机号相同' },
  phoneTaken: { code: '21103', message: '该手机号已被其他账号绑定' },
  phoneNotCurrent: { code: '21104', message: '请输入当前绑定的手机号' },
  phoneIdentityUnchecked: { code: '21105', message: '请先验证原手机号' },
  // notices
  noticeNotFound: { code: '30001', message: '公告不存在' },
  messageNotFound: { code: '30002', message: '消息不存在或已删除' },
  // --- listings: search, categories, shops, page layouts (projections/catalog, services/api/catalog) ---
  shopNotFound: { code: '50001', message: '店铺不存在' },
  categoryNotFound: { code: '50002', message: '分类不存在' },
  canvasNotFound: { code: '50003', message: '页面不存在' },
  // --- engagement: product Q&A, comments, footprints (domain/qa, domain/footprint, services/api/qa|comment|footprint) ---
  problemNotFound: { code: '510001', message: '该提问不存在或已删除' },
  answerNotFound: { code: '510002', message: '该回答不存在或已删除' },
  qaOwnQuestion: { code: '510003', message: '不能回答自己的提问' },
  qaNotAsker: { code: '510004', message: '只能删除自己的提问' },
  qaNotAnswerer: { code: '510005', message: '只能删除自己的回答' },
  footprintNotFound: { code: '510006', message: '浏览记录不存在或已删除' },
  // --- order / payment / group-buy (domain/order, domain/payment, domain/group-buy) ---
  orderStateChanged: { code: '400001', message: '订单状态已变更' },
  lineAlreadyReviewed: { code: '400002', message: '已评价过该商品' },
  orderLineNotFound: { code: '400003', message: '订单中没有该商品' },
  // --- reviews: append reviews and likes (domain/review, services/reviews, services/api/comment) ---
  reviewNotFound: { code: '400201', message: '评价不存在' },
  reviewAlreadyAppended: { code: '400202', message: '已追评过该评价' },
  paymentStateChanged: { code: '400004', message: '支付状态已变更' },
  paymentAmountMismatch: { code: '400005', message: '支付金额与订单金额不一致' },
  refundAmountExceeded: { code: '400006', message: '退款金额超出可退金额' },
  freeOrder: { code: '70003', message: '支付金额不能为0' },
  collageFull: { code: '600001', message: '该拼单已成团' },
  collageStateChanged: { code: '600003', message: '拼单状态已变更' },
  // --- orders: my orders, order detail, shipping (projections/orders, services/orders, services/api/order) ---
  orderNotFound: { code: '400101', message: '订单不存在' },
  expressCompanyNotFound: { code: '400102', message: '请选择物流公司' },
  // --- after-sale / pricing / rules (domain/after-sale, domain/pricing, domain/rules) ---
  afterSaleStateChanged: { code: '300001', message: '售后单状态已变更' },
  afterSaleNotFound: { code: '300002', message: '售后单不存在' },
  afterSaleAlreadySubmitted: { code: '300003', message: '售后申请已提交' },
  afterSaleOrderNotFound: { code: '300004', message: '订单不存在' },
  afterSaleOrderStateInvalid: { code: '300005', message: '当前订单状态不能申请售后' },
  afterSaleLinesRequired: { code: '300006', message: '请先选择需要申请售后的商品' },
  afterSaleLineInvalid: { code: '300007', message: '售后商品不属于该订单' },
  afterSaleQuantityExceeded: { code: '300008', message: '售后商品数量超出可申请数量' },
  afterSaleFormInvalid: { code: '300009', message: '售后申请信息有误' },
  afterSaleDeadlineStale: { code: '300010', message: '售后单自动关闭时间未到或已变更' },
  afterSaleReturnAddressRequired: { code: '300011', message: '请填写退货地址' },
  afterSaleLineOpen: { code: '300012', message: '该商品已在售后中' },
  afterSalePriceExceeded: { code: '300013', message: '退款金额超出可退金额' },
  /** one SKU named twice in one application (services/api/after-sale, domain/pricing/refund.ts) */
  afterSaleLineRepeated: { code: '300015', message: '售后商品重复' },
  afterSaleRefundUnavailable: { code: '300014', message: '该订单没有可退的支付' },
  /** a completed order past its afterSaleUntil (domain/order/after-sale-window.ts, AFTER_SALE_WINDOW_DAYS) */
  afterSaleWindowClosed: { code: '300016', message: '已超过售后期限' },
  couponExceedsPayable: { code: '310001', message: '优惠券金额不能大于付款金额' },
  shopCouponNotStackable: { code: '310002', message: '已选择的店铺券中存在不能叠加的' },
  platformCouponNotStackable: { code: '310003', message: '此店铺券不能叠加平台券' },
  couponThresholdNotMet: { code: '310004', message: '未达到优惠券使用门槛' },
  couponNotApplicable: { code: '310005', message: '该优惠券不适用于所选商品' },
  settlementEmpty: { code: '310006', message: '请至少选中一件商品' },
  // --- detail: product detail, coupons, collects (services/api/product, domain/coupon, domain/collect) ---
  detailProductNotFound: { code: '80006', message: '商品不存在' },
  detailProductNotInShop: { code: '80007', message: '该店铺没有此商品' },
  detailProductUnshelved: { code: '80008', message: '商品已下架' },
  detailShopDisabled: { code: '80009', message: '店铺已停用' },
  detailSkuNotFound: { code: '80010', message: '商品规格不存在' },
  couponSoldOut: { code: '700001', message: '优惠券已领完' },
  couponLimitReached: { code: '700003', message: '领取已达上限' },
  couponAlreadyClaimed: { code: '700004', message: '已领取' },
  couponNotFound: { code: '700005', message: '优惠券不存在' },
  couponNotStarted: { code: '700006', message: '优惠券领取尚未开始' },
  couponExpired: { code: '700007', message: '优惠券已过期' },
  collectShopNotFound: { code: '700101', message: '店铺不存在' },
  collectNotFound: { code: '700102', message: '收藏不存在或已取消' },
  // --- checkout: settlement, submit, stock, coupon use, pay (domain/stock, domain/checkout, services/checkout) ---
  duplicateRequest: { code: '00001', message: '重复请求' },
  invalidGoods: { code: '80002', message: '存在无效商品,请重新选择' },
  activityLimitExceeded: { code: '80005', message: '已超出最大限制购买数量' },
  activitySoldOut: { code: '600002', message: '活动商品已售罄' },
  activityEnded: { code: '81001', message: '活动已结束' },
  /** the activity named is the SKU's next one: it has not started yet (domain/checkout/checkout-lines.ts) */
  activityNotStarted: { code: '81009', message: '活动未开始' },
  collageNotFound: { code: '81002', message: '该拼单不存在' },
  collageAlreadyJoined: { code: '81003', message: '您已参与该拼单' },
  receiveNotFound: { code: '81004', message: '请选择您的收货地址' },
  couponUnavailable: { code: '81005', message: '优惠券不可用' },
  activityNotFound: { code: '81006', message: '活动不存在或已结束' },
  /** stock hoarding caps (services/checkout/unpaid-order-limits.ts, UNPAID_* settings) */
  unpaidOrdersLimit: { code: '81007', message: '待付款订单过多，请先支付或取消后再下单' },
  unpaidUnitsLimit: { code: '81008', message: '该商品待付款数量已超出最大限制，请先支付已有订单' },
  // --- cart + addresses (domain/cart, domain/address, services/api/cart|address); checkout also uses outOfStock ---
  outOfStock: { code: '80001', message: '商品库存不足' },
  cartHasUnshelved: { code: '800101', message: '选中的商品中有下架商品' },
  cartNothingToDelete: { code: '800102', message: '请选中需要删除的商品' },
  cartLineNotFound: { code: '800103', message: '购物车中没有该商品' },
  cartOrderNotFound: { code: '800104', message: '订单不存在' },
  cartBuyAgainActivity: { code: '800105', message: '活动订单不支持再次购买' },
  addressNotFound: { code: '800201', message: '收货地址不存在' },
  addressRegionInvalid: { code: '800202', message: '请选择地区!' },
  addressBookFull: { code: '800203', message: '收货地址最多保存100个' },
} as const satisfies Record<string, { code: string; message: string }>;

export type ErrorName = keyof typeof Errors;

export class DomainError extends Error {
  readonly code: string;
  /** `data` answers in the envelope (origin's errorData: e.g. 80002 carries the settlement with its invalid goods). */
  constructor(readonly errorName: ErrorName, message?: string, readonly data?: unknown) {
    super(message ?? Errors[errorName].message);
    this.code = Errors[errorName].code;
    this.name = 'DomainError';
  }
}

export const fail = (name: ErrorName, message?: string): never => {
  throw new DomainError(name, message);
};
