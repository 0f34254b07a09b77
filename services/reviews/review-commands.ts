/**
 * The review slice's write path. A review is the order line's fact (`LineReviewed` on `order-<id>`, decided by the
 * order decider: state 4, the line not yet reviewed, else 400002); an append review and likes are the review's own
 * stream (`review-<commentId>`, domain/review). Who wrote a review is read from the order stream, never from a read
 * model; the read model only says which order to read. Another shopper's order or review answers like a missing one.
 */
import type { LineReview } from '../../domain/order/order.commands';
import { reviewDecider, type ReviewCommand, type ReviewFacts } from '../../domain/review/review.decider';
import { reviewStream } from '../../domain/review/review.events';
import { DomainError } from '../../domain/shared/errors';
import type { WaitFor } from '../../projections/runner/wait-for';
import { handleCommand } from '../commands/handle-command';
import type { Queryable } from '../db/database';
import type { EventStore } from '../event-store/event-store.port';
import { loadOrder, loadOwnedOrder, runOrderCommand, type OrderCommandDeps } from '../orders/order-command';
import type { ReviewIds } from './review-ids';

export interface ReviewDeps extends OrderCommandDeps { db: Queryable; store: EventStore; waitFor: WaitFor; ids: ReviewIds }

export interface LineReviewInput {
  productId: number;
  skuId: number;
  comment: string;
  star: number;
  impressions: string[];
  images: string[];
}

const actorOf = (userId: number) => ({ kind: 'user' as const, id: String(userId) });

/** Reviews lines of one of the shopper's orders, all in one append (all recorded or none). */
export async function reviewOrderLines(deps: ReviewDeps, userId: number, orderId: number, items: LineReviewInput[]): Promise<number[]> {
  const order = await loadOwnedOrder(deps.store, orderId, userId);
  for (const item of items) {
    const line = order.context.lines.find((l) => l.skuId === item.skuId);
    if (!line || line.productId !== item.productId) throw new DomainError('orderLineNotFound');
  }
  const ids = await deps.ids.nextCommentIds(items.length);
  const reviews: LineReview[] = items.map((item, i) => ({
    skuId: item.skuId, commentId: ids[i]!, comment: item.comment, star: item.star, impressions: item.impressions, images: item.images,
  }));
  await runOrderCommand(deps, orderId, { type: 'ReviewLines', data: { reviews } }, actorOf(userId));
  return ids;
}

/** The review as the order stream records it, found through the read model's pointer to its order. */
async function reviewFacts(deps: ReviewDeps, commentId: number): Promise<ReviewFacts | null> {
  const { rows } = await deps.db.query<{ order_id: string | null }>(
    'select order_id from product_comments where comment_id = $1 and reviewed_at is not null', [commentId]);
  const orderId = rows[0]?.order_id;
  if (!orderId) return null;
  const order = await loadOrder(deps.store, Number(orderId));
  const reviewed = order.context.lines.some((l) => l.commentId === commentId);
  const authorId = order.context.order?.userId;
  return reviewed && authorId !== undefined ? { commentId, authorId } : null;
}

async function runReviewCommand(deps: ReviewDeps, commentId: number, userId: number, command: ReviewCommand) {
  const result = await handleCommand({
    store: deps.store, streamId: reviewStream(commentId), decider: reviewDecider, command, now: deps.clock(),
    actor: actorOf(userId), retryOnConflict: command.type === 'LikeReview',
  });
  if (result.events.length > 0) await deps.waitFor(result);
  return result;
}

export async function appendReview(
  deps: ReviewDeps, userId: number, input: { commentId: number; comment: string; images: string[] },
): Promise<void> {
  const review = await reviewFacts(deps, input.commentId);
  await runReviewCommand(deps, input.commentId, userId, {
    type: 'AppendReview', data: { review, userId, comment: input.comment, images: input.images },
  });
}

/** Likes or unlikes a review; answers whether the shopper now likes it. */
export async function likeReview(deps: ReviewDeps, userId: number, commentId: number, like: boolean): Promise<boolean> {
  const review = await reviewFacts(deps, commentId);
  const result = await runReviewCommand(deps, commentId, userId, { type: 'LikeReview', data: { review, userId, like } });
  return result.state.likedBy.has(userId);
}
