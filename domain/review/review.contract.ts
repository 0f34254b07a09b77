/**
 * Response contract of the shopper's review calls (spec §3 Evaluation record; origin-contract §8 Comments), shared by
 * the API and the web:
 *   GET  /api/comment/getAll?type=1 待评价|2 待追评|3 已评价&state=1 (有图)&search&page&pageSize=10 → SelfCommentPage
 *   GET  /api/comment/getById?commentId                                                     → SelfComment
 *   POST /api/comment/like {commentId, ifLike}                                              → {commentId, ifLike, likes}
 *   POST /api/order/addComment {params: ReviewItem[]}                                       → {commentIds}
 *   PUT  /api/order/addToComment {params: [AppendReviewItem]}                               → {commentId}
 * A line still awaiting its review (type 1) is listed with commentId 0 and its order's receipt time as createTime.
 */
import { z } from 'zod';

const Id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const Time = z.string();

export const SelfComment = z.object({
  /** 0 while the line awaits its review. */
  commentId: Id,
  orderId: Id,
  /** The order's group-buy id on tab 1 (the review page offers 再次购买 only when 0); 0 on reviews. */
  collageId: Id,
  productId: Id,
  skuId: Id,
  shopId: Id,
  comment: z.string(),
  star: z.number().int().min(0).max(5),
  /** Impression tags, comma-joined. */
  impression: z.string(),
  /** Pictures comma-joined (the origin's form) and as a list. */
  image: z.string(),
  images: z.array(z.string()),
  /** 1 once the append review was written. */
  ifAdd: z.union([z.literal(0), z.literal(1)]),
  addComment: z.string(),
  addImage: z.string(),
  addImages: z.array(z.string()),
  productName: z.string(),
  productImage: z.string(),
  /** Yuan. */
  productPrice: z.number(),
  values: z.string(),
  createTime: Time,
  /** '' until appended. */
  addTime: Time,
  /** Days between the review and its append review (0 when none). */
  day: z.number().int().min(0),
  likes: z.number().int().min(0),
  ifLike: z.union([z.literal(0), z.literal(1)]),
});
export type SelfComment = z.infer<typeof SelfComment>;

export const SelfCommentPage = z.object({
  /** Entries of the tab (before the picture filter and the search). */
  total: z.number().int().min(0),
  /** Entries of the tab with pictures. */
  imageTotal: z.number().int().min(0),
  page: z.object({ list: z.array(SelfComment), total: z.number().int().min(0) }),
});
export type SelfCommentPage = z.infer<typeof SelfCommentPage>;

/** The 我的评价 tabs. */
export const COMMENT_TABS = [
  { type: 1, label: '待评价' },
  { type: 2, label: '待追评' },
  { type: 3, label: '已评价' },
] as const;
export type CommentTab = (typeof COMMENT_TABS)[number]['type'];

export const ReviewsRecorded = z.object({ commentIds: z.array(Id) });
export type ReviewsRecorded = z.infer<typeof ReviewsRecorded>;

export const LikeResult = z.object({ commentId: Id, ifLike: z.union([z.literal(0), z.literal(1)]), likes: z.number().int().min(0) });
export type LikeResult = z.infer<typeof LikeResult>;
