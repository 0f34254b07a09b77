/**
 * The after-sale process on the resumer (services/processes/process-resumer.ts; the `resume-process` row of
 * `after-sale-<id>`, armed by every event of it): whatever stopped it between its own event and what follows from
 * it, the after-sale's state says what is still to do, and each step answers from its stream when it was done —
 * - 1 审核中: the order holds its lines (a store that appended the application alone);
 * - 2 退款中: the refund (requested on the payment, asked of the provider under the same refund id, its outcome on
 *   the payment, the after-sale and the order) — still pending at the provider: throws, and it is asked again;
 * - 4 退款成功, 8 退货完成拒绝退款, 9 已关闭: the order hears how it ended (closing when every line is refunded), refunded
 *   units back in stock;
 * - 7 平台介入中 from 8: the order holds the lines again while the platform decides.
 */
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import { withStreamLock } from '../commands/stream-lock';
import { loadAfterSale, type AfterSaleDeps } from './after-sale-command';
import { holdOnOrder, settleOrderSide } from './after-sale-order';
import { refundAfterSale } from './after-sale-refund';

export async function resumeAfterSale(deps: AfterSaleDeps, streamId: string): Promise<void> {
  const afterId = Number(streamId.slice('after-sale-'.length));
  await withStreamLock(`process:${streamId}`, async () => {
    let state = await loadAfterSale(deps.store, afterId);
    switch (afterStateOf(state)) {
      case 1:
        await holdOnOrder(deps, state, 'open');
        return;
      case 2:
        state = await refundAfterSale(deps, afterId);
        if (afterStateOf(state) === 2) throw new Error(`the refund of after-sale ${afterId} is still pending at the provider`);
        return;
      case 4: case 8: case 9:
        await settleOrderSide(deps, state);
        return;
      case 7:
        if (state.context.interventionFrom === 8) await holdOnOrder(deps, state, 'reopen');
        return;
      default:
    }
  });
}
