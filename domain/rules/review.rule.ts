import { z } from 'zod';
import { ImageList } from './images.rule';

/** The impression tags a review may carry (spec §3). */
export const IMPRESSION_TAGS = ['物美价廉', '物流很快', '值得买', '一般', '还可以', '差评'] as const;
export const DEFAULT_STAR = 5;

const id = z.number().int().positive();

/** A review's or append review's text: at most 500 characters, the web's text areas' own cap (issue 29). */
export const MAX_REVIEW_TEXT = 500;

/** Impressions are comma-joined on the API; only the spec's tags are accepted. */
export const Impressions = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(IMPRESSION_TAGS, { error: '请选择正确的印象标签' })));

/** One purchased item's review (POST /order/addComment params[]). */
export const ReviewItem = z.object({
  orderId: id,
  productId: id,
  skuId: id,
  comment: z.string({ error: '评价内容不能为空' }).trim().min(1, { error: '评价内容不能为空' })
    .max(MAX_REVIEW_TEXT, `评价内容不能超过${MAX_REVIEW_TEXT}字`),
  star: z.number({ error: '评分为1到5星' }).int('评分为1到5星').min(1, '评分为1到5星').max(5, '评分为1到5星').default(DEFAULT_STAR),
  image: ImageList,
  impression: Impressions,
});
export type ReviewItem = z.infer<typeof ReviewItem>;

/** More entries than any order's lines: bounded so one request never carries an unbounded command (issue 13). */
const MAX_REVIEW_ENTRIES = 100;
const tooMany = `参数 params 无效：最多${MAX_REVIEW_ENTRIES}条`;

/** Every item must carry a comment; one empty comment and nothing is sent. */
export const ReviewSubmission = z.object({ params: z.array(ReviewItem).min(1, '评价内容不能为空').max(MAX_REVIEW_ENTRIES, tooMany) });
export type ReviewSubmission = z.infer<typeof ReviewSubmission>;

/** An append review (PUT /order/addToComment params[]). */
export const AppendReviewItem = z.object({
  commentId: id,
  comment: z.string({ error: '内容不能为空' }).trim().min(1, { error: '内容不能为空' })
    .max(MAX_REVIEW_TEXT, `追评内容不能超过${MAX_REVIEW_TEXT}字`),
  image: ImageList,
});
export type AppendReviewItem = z.infer<typeof AppendReviewItem>;

export const AppendReviewSubmission = z.object({ params: z.array(AppendReviewItem).min(1, '内容不能为空').max(MAX_REVIEW_ENTRIES, tooMany) });
export type AppendReviewSubmission = z.infer<typeof AppendReviewSubmission>;
