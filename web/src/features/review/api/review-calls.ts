import type { LikeResult, ReviewsRecorded, SelfComment, SelfCommentPage } from '../../../../../domain/review/review.contract';
import { api } from '../../../lib/api-client';

/** Spec §9: evaluations 10 per page. */
export const EVALUATION_PAGE_SIZE = 10;

/** One purchased line's review as /order/addComment takes it (spec §3 Comment: image and impression comma-joined). */
export interface ReviewEntry {
  orderId: number;
  productId: number;
  skuId: number;
  comment: string;
  star: number;
  image: string;
  impression: string;
}

/** Spec §7 review: POST params (one entry per item). */
export const addComment = (params: ReviewEntry[]): Promise<ReviewsRecorded> => api.post<ReviewsRecorded>('/order/addComment', { params });

/** Spec §7 append: PUT params [{commentId, image, comment}]. */
export const addToComment = (entry: { commentId: number; comment: string; image: string }): Promise<unknown> =>
  api.put('/order/addToComment', { params: [entry] });

/** Spec §7 evaluation list: type (1 待评价, 2 待追评, 3 已评价), state (1 = with pictures), search, page, pageSize 10. */
export const getSelfComments = (
  q: { type: number; withImages: boolean; search: string; page: number }, signal?: AbortSignal,
): Promise<SelfCommentPage> => api.get<SelfCommentPage>('/comment/getAll', {
  type: q.type, state: q.withImages ? 1 : '', search: q.search, page: q.page, pageSize: EVALUATION_PAGE_SIZE,
}, signal);

/** Spec §7 evaluation data: GET commentId. */
export const getSelfComment = (commentId: number, signal?: AbortSignal): Promise<SelfComment> =>
  api.get<SelfComment>('/comment/getById', { commentId }, signal);

export const likeComment = (commentId: number, like: boolean): Promise<LikeResult> =>
  api.post<LikeResult>('/comment/like', { commentId, ifLike: like ? 1 : 0 });

/** Spec §7 cart buy again: PUT orderId (the review success dialog's 再次购买). */
export const buyAgain = (orderId: number): Promise<unknown> => api.put('/cart/buyAgain', { orderId });
