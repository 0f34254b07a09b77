/**
 * One after-sale's row from its folded events: the columns the screens filter on and the history the detail shows
 * (origin-contract §6 afterHistory: title, reason, name, time, image, images).
 */
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import type { AfterSaleEvent } from '../../domain/after-sale/after-sale.events';
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import { summarizeAfterSale } from '../../domain/after-sale/after-sale.timeline';
import { tabOf } from '../../domain/after-sale/after-sale.states';
import { fold } from '../../domain/shared/decider';
import type { ActorKind } from '../../services/event-store/event-store.port';

/** An event as the row keeps it: the domain event, when and by whom. */
export interface KeptEvent { type: string; data: unknown; at: string; actor: ActorKind }

export interface HistoryEntry { title: string; reason: string; name: string; at: string; images: string[] }

const actorNames: Record<ActorKind, string> = { user: '买家', merchant: '商家', platform: '平台', system: '系统' };

function historyEntry(kept: KeptEvent): HistoryEntry {
  const event = { type: kept.type, data: kept.data } as AfterSaleEvent;
  const d = event.data as { reason?: string; returnReason?: string; explain?: string; images?: string[] };
  const reason = event.type === 'AfterSaleSubmitted' ? [d.returnReason, d.explain].filter(Boolean).join('：') : d.reason ?? '';
  return { title: summarizeAfterSale(event), reason, name: actorNames[kept.actor] ?? '系统', at: kept.at, images: d.images ?? [] };
}

export interface AfterSaleRow {
  after_id: number; after_formid: string; user_id: number; order_id: number; order_formid: string; shop_id: number;
  after_type: number; goods_state: number; after_state: number; tab: number; price_fen: number; return_reason: string;
  explain: string; images: string[]; lines: unknown; reason: string; return_address: unknown; return_express: number | null;
  return_deliver_formid: string | null; auto_close_at: string | null; history: HistoryEntry[]; events: KeptEvent[];
  created_at: string; updated_at: string;
}

export function afterSaleRowOf(events: readonly KeptEvent[]): AfterSaleRow | null {
  const state = fold(afterSaleDecider, events.map((e) => ({ type: e.type, data: e.data }) as AfterSaleEvent));
  const a = state.context.application;
  const afterState = afterStateOf(state);
  if (!a || afterState === null) return null;
  const c = state.context;
  return {
    after_id: a.afterId, after_formid: a.afterFormid, user_id: a.buyerUserId, order_id: a.orderId, order_formid: a.orderFormid,
    shop_id: a.shopId, after_type: a.afterType, goods_state: a.goodsState, after_state: afterState, tab: tabOf(afterState),
    price_fen: a.priceFen, return_reason: a.returnReason, explain: a.explain, images: a.images, lines: a.lines,
    reason: c.reason, return_address: c.returnAddress, return_express: c.returnShipment?.express ?? null,
    return_deliver_formid: c.returnShipment?.deliverFormid ?? null, auto_close_at: c.autoCloseAt,
    history: events.map(historyEntry), events: [...events],
    created_at: events[0].at, updated_at: events[events.length - 1].at,
  };
}
