/**
 * After-sale states as the API numbers them (spec §4, origin-contract §6, DESIGN.md §7). The machine's state
 * nodes are named for the situation; this table gives each its `afterState`.
 */
export const AfterState = {
  underReview: 1,
  refunding: 2,
  returning: 3,
  refunded: 4,
  refundFailed: 5,
  reviewRejected: 6,
  underArbitration: 7,
  returnRefused: 8,
  closed: 9,
  awaitingReturn: 10,
} as const;
export type AfterStateNode = keyof typeof AfterState;
export type AfterState = (typeof AfterState)[AfterStateNode];

export const afterStateLabels: Record<AfterState, string> = {
  1: '审核中',
  2: '退款中',
  3: '退货中',
  4: '退款成功',
  5: '退款失败',
  6: '审核不通过',
  7: '平台介入中',
  8: '退货完成拒绝退款',
  9: '已关闭',
  10: '审核通过',
};

export const afterTypeLabels = { 1: '仅退款', 2: '退货退款' } as const;
export const goodsStateLabels = { 0: '未收到货', 1: '已收到货' } as const;

/** The shopper has this long to be answered (or to act) before the after-sale closes itself. */
export const AUTO_CLOSE_MS = 3 * 24 * 60 * 60 * 1000;

/** States in which nobody acting for 3 days closes the after-sale: the merchant's review, then the shopper's turn. */
export const autoClosingStates: readonly AfterState[] = [AfterState.underReview, AfterState.reviewRejected, AfterState.awaitingReturn];

/** List tabs (GET /after/getAll state): 1 in progress, 2 completed (origin-contract §6). */
export const AfterSaleTab = { inProgress: 1, completed: 2 } as const;
export type AfterSaleTab = (typeof AfterSaleTab)[keyof typeof AfterSaleTab];

const completed: readonly AfterState[] = [AfterState.refunded, AfterState.returnRefused, AfterState.closed];

export const tabOf = (afterState: AfterState): AfterSaleTab =>
  (completed.includes(afterState) ? AfterSaleTab.completed : AfterSaleTab.inProgress);

export const isAfterState = (value: number): value is AfterState => value in afterStateLabels;
