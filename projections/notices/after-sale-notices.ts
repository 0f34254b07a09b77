/**
 * Station letters (站内信, type 3) for after-sale changes: every after-sale event tells its shopper where the
 * after-sale now stands, and the letter jumps to the after-sale (jump 3, `only` = afterId). The notice id derives
 * from the event id, so a redelivered event writes the same letter.
 */
import { createHash } from 'node:crypto';
import { AfterSaleEvent } from '../../domain/after-sale/after-sale.events';
import { afterStateLabels } from '../../domain/after-sale/after-sale.states';
import { afterStateAfterEvent, summarizeAfterSale } from '../../domain/after-sale/after-sale.timeline';
import type { RecordedEvent } from '../../services/event-store/event-store.port';

/** jump 3: the notice opens the after-sale detail (`only` = afterId). */
export const AFTER_SALE_JUMP = 3;

export interface NoticeRowInput {
  noticeId: number; noticeType: number; noticeTitle: string; noticeContent: string; jump: number; only: number;
  userId: number | null; at: string;
}

const noticeIdOf = (eventId: string): number =>
  2 ** 51 + createHash('sha1').update(`jishi:after-sale-notice:${eventId}`).digest().readUIntBE(0, 6);

/**
 * Letters for a batch's after-sale events. Only the first event names the shopper and the after-sale number, so the
 * application is looked up in `known` (already written rows) or earlier in the batch.
 */
export function afterSaleNotices(
  events: readonly RecordedEvent[], known: ReadonlyMap<number, { userId: number; afterFormid: string }>,
): NoticeRowInput[] {
  const owners = new Map(known);
  const out: NoticeRowInput[] = [];
  for (const recorded of events) {
    const parsed = AfterSaleEvent.safeParse({ type: recorded.type, data: recorded.data });
    if (!parsed.success) continue;
    const event = parsed.data;
    if (event.type === 'AfterSaleSubmitted') {
      owners.set(event.data.afterId, { userId: event.data.buyerUserId, afterFormid: event.data.afterFormid });
    }
    const owner = owners.get(event.data.afterId);
    if (!owner) continue;
    out.push({
      noticeId: noticeIdOf(recorded.metadata.eventId), noticeType: 3,
      noticeTitle: `售后单${afterStateLabels[afterStateAfterEvent(event)]}`,
      noticeContent: `您的售后单${owner.afterFormid}：${summarizeAfterSale(event)}`,
      jump: AFTER_SALE_JUMP, only: event.data.afterId, userId: owner.userId, at: recorded.metadata.occurredAt,
    });
  }
  return out;
}
