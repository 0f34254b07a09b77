/**
 * `npm run ops -- after-sale <verb> <afterId> [--reason 文本] [--approve yes|no]`: the merchant's and platform's
 * after-sale moves (DESIGN.md §11), through the server's POST /internal/after-sales/:afterId/:verb or directly on the
 * stores. Verbs: agree, refuse --reason, receive, reject-damaged --reason, platform-decide --approve yes|no [--reason],
 * retry-refund (after 退款失败), settle (ask the provider about a pending refund).
 */
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import { afterStateLabels, isAfterState } from '../../domain/after-sale/after-sale.states';
import { createAfterSaleIds } from '../after-sale/after-sale-ids';
import { actOnAfterSale, AFTER_SALE_VERBS, type AfterSaleVerb } from '../after-sale/merchant-actions';
import type { Runtime } from '../runtime';

export interface AfterSaleCommand { kind: 'after-sale'; verb: AfterSaleVerb; afterId: number; reason?: string; approve?: boolean }

export const AFTER_SALE_USAGE = 'after-sale <agree|refuse|receive|reject-damaged|platform-decide|retry-refund|settle> <afterId> [--reason 文本] [--approve yes|no]';

/** `<verb> <afterId> [--reason X] [--approve yes|no]`, or null when malformed. */
export function parseAfterSaleArgs(args: readonly string[]): AfterSaleCommand | null {
  const [verb, id, ...rest] = args;
  if (!AFTER_SALE_VERBS.includes(verb as AfterSaleVerb) || !id || !/^\d{1,16}$/.test(id)) return null;
  const command: AfterSaleCommand = { kind: 'after-sale', verb: verb as AfterSaleVerb, afterId: Number(id) };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) return null;
    if (flag === '--reason') command.reason = value;
    else if (flag === '--approve' && (value === 'yes' || value === 'no')) command.approve = value === 'yes';
    else return null;
  }
  if ((verb === 'refuse' || verb === 'reject-damaged') && !command.reason) return null;
  if (verb === 'platform-decide' && command.approve === undefined) return null;
  return command;
}

export const bodyOf = (c: AfterSaleCommand): { reason?: string; approve?: boolean } => ({ reason: c.reason, approve: c.approve });

export const formatAfterSale = (a: { afterId: number; afterState: number }): string =>
  `after-sale ${a.afterId} is now ${a.afterState} ${isAfterState(a.afterState) ? afterStateLabels[a.afterState] : ''}`.trim();

/** The direct path (no server holds the stores). */
export async function runAfterSaleDirect(runtime: Runtime, c: AfterSaleCommand): Promise<string> {
  const deps = {
    store: runtime.store, db: runtime.db, waitFor: runtime.projections.waitFor, clock: runtime.clock,
    provider: runtime.payments.provider, ids: await createAfterSaleIds(runtime.db), log: (line: string) => console.error(line),
  };
  const state = await actOnAfterSale(deps, c.afterId, c.verb, bodyOf(c));
  return formatAfterSale({ afterId: c.afterId, afterState: afterStateOf(state) ?? 0 });
}
