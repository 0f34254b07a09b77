/**
 * The append review (追评, spec §3/§7 `PUT /order/addToComment {commentId, image, comment}`): a fact about one
 * review, so it lives in the review's own stream `review-<commentId>` (the review itself is the order line's
 * `LineReviewed`, domain/order). The review slice writes it; the product comments read model shows it.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ReviewAppended = z.object({
  commentId: Id,
  userId: Id,
  comment: z.string().min(1),
  images: z.array(z.string()).max(5),
  appendedAt: z.string().datetime({ offset: true }),
});
export type ReviewAppended = z.infer<typeof ReviewAppended>;

export const REVIEW_APPENDED = 'ReviewAppended' as const;

export const reviewStream = (commentId: number): string => `review-${commentId}`;
