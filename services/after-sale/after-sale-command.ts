/**
 * The after-sale slice's write path: a command on `after-sale-<id>` decided by the after-sale machine, then
 * read-your-writes on the read models. The after-sale stream is its process's own stream (DESIGN.md §4): every
 * command runs as a step of the `after-sale` process (services/processes), under a command id — the caller's, or
 * one named by the command and the revision it was decided on, so the same move sent twice at one state is recorded
 * once — and what follows from the state it leads to (the refund, the order's side, the stock) is carried on by the
 * resumer after a crash (resume-after-sale.ts). The new state reaches the shopper's `user:<id>` channel from the log
 * (after-sale-push.ts), on every instance.
 */
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import type { AfterSaleCommand } from '../../domain/after-sale/after-sale.commands';
import { afterSaleStream, type AfterSaleEvent } from '../../domain/after-sale/after-sale.events';
import type { AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import type { WaitFor } from '../../projections/runner/wait-for';
import type { CommandResult } from '../commands/handle-command';
import { decideOn, processContext, type StepContext } from '../processes/process-step';
import type { Database } from '../db/database';
import type { Actor, EventStore } from '../event-store/event-store.port';
import type { PaymentProvider } from '../payments/payment-provider';
import type { AfterSaleIds } from './after-sale-ids';

export interface AfterSaleDeps {
  store: EventStore;
  db: Database;
  waitFor: WaitFor;
  clock: () => Date;
  ids: AfterSaleIds;
  provider: Pick<PaymentProvider, 'refund' | 'parseRefundCallback'>;
  log(line: string): void;
}

export type AfterSaleCommandDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock'>;

export const SHOPPER = (userId: number): Actor => ({ kind: 'user', id: String(userId) });
export const MERCHANT: Actor = { kind: 'merchant' };
export const PLATFORM: Actor = { kind: 'platform' };
export const SYSTEM: Actor = { kind: 'system' };

export async function loadAfterSale(store: EventStore, afterId: number): Promise<AfterSaleSnapshot> {
  const events = await store.readStream(afterSaleStream(afterId));
  return fold(afterSaleDecider, events.map((e) => ({ type: e.type, data: e.data }) as AfterSaleEvent));
}

/** Another shopper's after-sale answers like a missing one: nothing leaks. */
export async function loadOwnedAfterSale(store: EventStore, afterId: number, userId: number, orderId?: number): Promise<AfterSaleSnapshot> {
  const state = await loadAfterSale(store, afterId);
  const application = state.context.application;
  if (!application || application.buyerUserId !== userId || (orderId !== undefined && application.orderId !== orderId)) {
    throw new DomainError('afterSaleNotFound');
  }
  return state;
}

/** The after-sale process's context: its own stream, acting as `actor` (the system unless told). */
export const afterSaleProcess = (deps: Pick<AfterSaleDeps, 'store' | 'clock'>, afterId: number, actor: Actor = SYSTEM): StepContext =>
  processContext(deps, 'after-sale', afterSaleStream(afterId), actor);

export async function runAfterSaleCommand(
  deps: AfterSaleCommandDeps, afterId: number, command: AfterSaleCommand, actor: Actor, commandId?: string,
): Promise<CommandResult<AfterSaleSnapshot>> {
  const streamId = afterSaleStream(afterId);
  const known = commandId ? undefined : await deps.store.readStream(streamId);
  const id = commandId ?? `${streamId}:${command.type}@${(known?.length ?? 0) - 1}`;
  const result = await decideOn(afterSaleProcess(deps, afterId, actor), streamId, afterSaleDecider, command, id, { known });
  if (result.events.length > 0) await deps.waitFor(result);
  return result;
}
