/**
 * Facts about one review after it was written, in the review's own stream `review-<commentId>` (the review itself is
 * the order line's `LineReviewed`, domain/order): the append review (追评, spec §3/§7 `PUT /order/addToComment
 * {commentId, image, comment}`) and shoppers' likes (`POST /comment/like {commentId, ifLike}`). The comments read
 * model shows them.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Instant = z.string().datetime({ offset: true });

export const ReviewAppended = z.object({
  commentId: Id,
  userId: Id,
  comment: z.string().min(1),
  images: z.array(z.string()).max(5),
  appendedAt: Instant,
});
export type ReviewAppended = z.infer<typeof ReviewAppended>;

export const ReviewLiked = z.object({ commentId: Id, userId: Id, likedAt: Instant });
export type ReviewLiked = z.infer<typeof ReviewLiked>;

export const ReviewUnliked = z.object({ commentId: Id, userId: Id, unlikedAt: Instant });
export type ReviewUnliked = z.infer<typeof ReviewUnliked>;

export const REVIEW_APPENDED = 'ReviewAppended' as const;
export const REVIEW_LIKED = 'ReviewLiked' as const;
export const REVIEW_UNLIKED = 'ReviewUnliked' as const;

export type ReviewEvent =
  | { type: typeof REVIEW_APPENDED; data: ReviewAppended }
  | { type: typeof REVIEW_LIKED; data: ReviewLiked }
  | { type: typeof REVIEW_UNLIKED; data: ReviewUnliked };

export const reviewStream = (commentId: number): string => `review-${commentId}`;
