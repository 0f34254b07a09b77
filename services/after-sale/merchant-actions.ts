/**
 * Merchant and platform moves (not part of the storefront: /internal/after-sales/:afterId/*, `npm run ops --
 * after-sale <verb>`, the demo merchant). Each is one command on the after-sale stream; what follows from the state
 * it leads to is done here: 2 退款中 → the refund (after-sale-refund.ts); 8 or 9 → the order hears it ended.
 * A return-and-refund is agreed with the shop's return address from the catalogue.
 */
import type { AfterSaleCommand } from '../../domain/after-sale/after-sale.commands';
import type { ReturnAddress } from '../../domain/after-sale/after-sale.events';
import { afterStateOf, type AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { fail } from '../../domain/shared/errors';
import type { Actor } from '../event-store/event-store.port';
import { loadAfterSale, MERCHANT, PLATFORM, runAfterSaleCommand, type AfterSaleDeps } from './after-sale-command';
import { settleOrderSide } from './after-sale-order';
import { refundAfterSale } from './after-sale-refund';

type MerchantDeps = Pick<AfterSaleDeps, 'store' | 'db' | 'waitFor' | 'clock' | 'provider' | 'log'>;

export type AfterSaleVerb = 'agree' | 'refuse' | 'receive' | 'reject-damaged' | 'platform-decide' | 'retry-refund' | 'settle';

export const AFTER_SALE_VERBS: readonly AfterSaleVerb[] = ['agree', 'refuse', 'receive', 'reject-damaged', 'platform-decide', 'retry-refund', 'settle'];

export interface MerchantAsk { reason?: string; approve?: boolean; actor?: Actor; commandId?: string }

async function returnAddressOf(deps: MerchantDeps, shopId: number): Promise<ReturnAddress | null> {
  const { rows } = await deps.db.query<{ return_address: string; return_person: string; return_phone: string }>(
    'select return_address, return_person, return_phone from shops where shop_id = $1', [shopId]);
  const shop = rows[0];
  if (!shop || !shop.return_address || !shop.return_person || !shop.return_phone) return null;
  return { returnAdress: shop.return_address, returnPerson: shop.return_person, returnPhone: shop.return_phone };
}

async function commandFor(deps: MerchantDeps, verb: Exclude<AfterSaleVerb, 'settle'>, state: AfterSaleSnapshot, ask: MerchantAsk): Promise<AfterSaleCommand> {
  const a = state.context.application ?? fail('afterSaleNotFound');
  const reason = ask.reason?.trim() ?? '';
  switch (verb) {
    case 'agree':
      return { type: 'ApproveAfterSale', shopId: a.shopId, returnAddress: a.afterType === 2 ? await returnAddressOf(deps, a.shopId) : null };
    case 'refuse':
      return { type: 'RejectAfterSale', shopId: a.shopId, reason };
    case 'receive':
      return { type: 'ConfirmReturnReceived', shopId: a.shopId };
    case 'reject-damaged':
      return { type: 'RefuseReturnRefund', shopId: a.shopId, reason: reason || '货物有损，拒绝退款' };
    case 'platform-decide':
      return { type: 'RuleOnIntervention', ruling: ask.approve ? 'shopper' : 'merchant', reason };
    case 'retry-refund':
      return { type: 'RetryRefund' };
    default: {
      const unexpected: never = verb;
      throw new Error(`unexpected after-sale verb ${String(unexpected)}`);
    }
  }
}

/** Runs a merchant or platform verb and what follows from it; answers the after-sale's state afterwards. */
export async function actOnAfterSale(deps: MerchantDeps, afterId: number, verb: AfterSaleVerb, ask: MerchantAsk = {}): Promise<AfterSaleSnapshot> {
  const state = await loadAfterSale(deps.store, afterId);
  if (!state.context.application) fail('afterSaleNotFound');
  if (verb === 'settle') return refundAfterSale(deps, afterId);
  const actor = ask.actor ?? (verb === 'platform-decide' || verb === 'retry-refund' ? PLATFORM : MERCHANT);
  const result = await runAfterSaleCommand(deps, afterId, await commandFor(deps, verb, state, ask), actor, ask.commandId);
  if (afterStateOf(result.state) === 2) return refundAfterSale(deps, afterId);
  await settleOrderSide(deps, result.state);
  return result.state;
}
