import Steps from 'antd/es/steps';
import type { OrderProgress } from './order.model';

/**
 * Spec §4: 提交订单 → 付款成功 → 商品出库 → 等待收货 → 完成; a closed order shows 处理中 → 审核通过 → 已关闭 instead.
 * The steps and the step reached come from the server.
 */
export function OrderProgressBar({ progress }: { progress: OrderProgress }) {
  // `active` is the step reached: it shows done (the closed branch ends in its error mark), the next ones wait.
  return (
    <div className="order-progress" data-testid="order-progress" data-closed={progress.closed}>
      <Steps
        current={progress.active}
        status={progress.closed ? 'error' : 'finish'}
        items={progress.steps.map((step, i) => ({
          title: step.title,
          content: i <= progress.active && step.time ? step.time : '',
        }))}
      />
    </div>
  );
}
