/**
 * The order detail's progress bar (spec §4): normal progress 提交订单 → 付款成功 → 商品出库 → 等待收货 → 完成;
 * a closed order shows 处理中 → 审核通过 → 已关闭. `active` is the index of the step reached; each step carries the
 * time it was reached ('' until then).
 */
export interface ProgressStep { title: string; time: string }
export interface OrderProgress { closed: boolean; active: number; steps: ProgressStep[] }

export interface ProgressTimes {
  createTime: string; paymentTime: string; dileveryTime: string; receiveTime: string; closeTime: string;
}

/** Reached step per state: 1 submitted, 2 and 6 paid, 3 shipped and waiting for receipt, 4 done. */
const ACTIVE: Record<number, number> = { 1: 0, 2: 1, 6: 1, 3: 3, 4: 4 };

export function orderProgress(state: number, t: ProgressTimes): OrderProgress {
  if (state === 5) {
    return {
      closed: true,
      active: 2,
      steps: [
        { title: '处理中', time: t.createTime },
        { title: '审核通过', time: t.closeTime },
        { title: '已关闭', time: t.closeTime },
      ],
    };
  }
  return {
    closed: false,
    active: ACTIVE[state] ?? 0,
    steps: [
      { title: '提交订单', time: t.createTime },
      { title: '付款成功', time: t.paymentTime },
      { title: '商品出库', time: t.dileveryTime },
      { title: '等待收货', time: t.dileveryTime },
      { title: '完成', time: t.receiveTime },
    ],
  };
}
