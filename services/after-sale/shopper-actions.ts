/**
 * The shopper's moves on an after-sale (spec §4 detail actions, origin-contract §6): 撤销申请 / 撤销退货 (→ 9, the
 * order resumes its auto-confirm with the time it had left), 申请平台介入 (6 or 8 → 7; from 8 the order holds the
 * lines again while the platform decides), and the return shipment (10 → 3). Someone else's after-sale answers
 * 售后单不存在; a move the machine does not allow answers 300001 售后单状态已变更 and records nothing. The after-sale's
 * own event comes first; what the order hears follows, and the resumer repeats it after a crash in between.
 */
import type { AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import { fail } from '../../domain/shared/errors';
import { loadOwnedAfterSale, runAfterSaleCommand, SHOPPER, type AfterSaleDeps } from './after-sale-command';
import { holdOnOrder, settleOrderSide } from './after-sale-order';

type ShopperDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'log'>;

export interface AfterSaleRef { afterId: number; orderId: number }

export async function withdrawAfterSale(
  deps: ShopperDeps, userId: number, ref: AfterSaleRef, what: 'application' | 'return',
): Promise<AfterSaleSnapshot> {
  await loadOwnedAfterSale(deps.store, ref.afterId, userId, ref.orderId);
  const result = await runAfterSaleCommand(deps, ref.afterId,
    what === 'application' ? { type: 'WithdrawApplication', buyerUserId: userId } : { type: 'WithdrawReturn', buyerUserId: userId },
    SHOPPER(userId));
  await settleOrderSide(deps, result.state);
  return result.state;
}

export async function requestPlatform(
  deps: ShopperDeps, userId: number, ref: AfterSaleRef, reason: string, images: string[],
): Promise<AfterSaleSnapshot> {
  const before = await loadOwnedAfterSale(deps.store, ref.afterId, userId, ref.orderId);
  const from = afterStateOf(before);
  if (from !== 6 && from !== 8) fail('afterSaleStateChanged');
  const command = { type: 'RequestPlatformIntervention' as const, buyerUserId: userId, reason, images };
  const { state } = await runAfterSaleCommand(deps, ref.afterId, command, SHOPPER(userId));
  // the after-sale first (the process's own record), then the order holds the lines again (the resumer repeats it)
  if (from === 8) await holdOnOrder(deps, state, 'reopen');
  return state;
}

export async function shipReturn(
  deps: ShopperDeps, userId: number, ref: AfterSaleRef, express: number, deliverFormid: string,
): Promise<AfterSaleSnapshot> {
  await loadOwnedAfterSale(deps.store, ref.afterId, userId, ref.orderId);
  const command = { type: 'EnterReturnLogistics' as const, buyerUserId: userId, express, deliverFormid };
  return (await runAfterSaleCommand(deps, ref.afterId, command, SHOPPER(userId))).state;
}
