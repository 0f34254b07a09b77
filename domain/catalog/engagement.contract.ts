/**
 * Response contract of the engagement calls (product Q&A, product comments, footprints): spec §3 Problem / Comment /
 * Footprint, §7; origin-contract §3, §8. The API answers these shapes inside the `{code, message, data}` envelope; the
 * web types its calls with `z.infer` of them and the integration tests parse responses with them.
 * Ids are JSON numbers, money yuan numbers (≤ 2 decimals), times `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai).
 *
 *   GET    /api/seckill/getProblems?productId&page&pageSize=10   (optional auth)  → ProblemPage
 *   POST   /api/seckill/addProblem {productId, problem, ifAnonymous, image?} (auth) → AddedProblem, message 提问成功
 *   POST   /api/seckill/addAnswer {problemId, productId, answer, ifAnonymous} (auth) → AddedAnswer, message 回答成功
 *   DELETE /api/seckill/deleteProblem {ids: number[]}   (auth, the asker only)       → null, message 删除成功
 *   DELETE /api/seckill/deleteAnswer {ids: number[]}    (auth, the answerer only)    → null, message 删除成功
 *   GET    /api/comment/getProductAll?productId&word&page&pageSize=5 (public)        → CommentPage
 *   GET    /api/footprint/getAll?page&pageSize=4 (auth)                              → FootprintPage
 *   DELETE /api/footprint/delete {ids: number[], times: string[]} (auth)             → null, message 删除成功
 *   (product detail `words` (services/api/comment/comment.queries.ts `productWords`) → ProductWord[])
 */
import { z } from 'zod';

const Id = z.number().int().positive();
const Time = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Shown instead of the user name on an anonymous question or answer (ifAnonymous 1). */
export const ANONYMOUS_NAME = '匿名用户';

export const ProblemAnswer = z.object({
  answerId: Id,
  answer: z.string(),
  /** The answerer's current user name, or 匿名用户. */
  name: z.string(),
  headImage: z.string(),
  createTime: Time,
  /** 1 when the current user wrote this answer (may delete it), else 0. */
  ifSelf: z.union([z.literal(0), z.literal(1)]),
});
export type ProblemAnswer = z.infer<typeof ProblemAnswer>;

export const Problem = z.object({
  problemId: Id,
  productId: Id,
  shopId: Id,
  problem: z.string(),
  /** A picture attached to the question, '' when none. */
  image: z.string(),
  /** The asker's current user name, or 匿名用户 when asked anonymously. */
  name: z.string(),
  /** The asker's avatar, '' when anonymous. */
  headImage: z.string(),
  createTime: Time,
  /** Whether the current user may answer: logged in and not the asker. */
  ifAnswer: z.boolean(),
  /** 1 when the current user asked it (may delete it), else 0. */
  ifSelf: z.union([z.literal(0), z.literal(1)]),
  /** Oldest first. */
  answers: z.array(ProblemAnswer),
});
export type Problem = z.infer<typeof Problem>;

/** Newest question first. */
export const ProblemPage = z.object({ list: z.array(Problem), total: z.number().int().min(0) });
export type ProblemPage = z.infer<typeof ProblemPage>;

export const AddedProblem = z.object({ problemId: Id });
export type AddedProblem = z.infer<typeof AddedProblem>;
export const AddedAnswer = z.object({ answerId: Id, problemId: Id });
export type AddedAnswer = z.infer<typeof AddedAnswer>;

export const ProductComment = z.object({
  commentId: Id,
  /** The reviewer's current user name. */
  name: z.string(),
  headImage: z.string(),
  comment: z.string(),
  /** 1..5. */
  star: z.number().int().min(1).max(5),
  /** Impression tags, comma-joined (物美价廉,值得买). */
  impression: z.string(),
  /** The reviewed SKU's option values as shown on the order line ("蓝色,XL"). */
  values: z.string(),
  images: z.array(z.string()),
  createTime: Time,
  /** The append review ('' when none) with its images. */
  addComment: z.string(),
  addImages: z.array(z.string()),
  /** Days between the review and its append review (0 when none). */
  day: z.number().int().min(0),
});
export type ProductComment = z.infer<typeof ProductComment>;

/** Newest review first. `word` filters by impression tag (exact) or by text contained in the review. */
export const CommentPage = z.object({ list: z.array(ProductComment), total: z.number().int().min(0) });
export type CommentPage = z.infer<typeof CommentPage>;

/** Impression tag counts of a product's reviews (product detail `words`): tags of spec §3 in its order, only those chosen. */
export const ProductWord = z.object({ keyWord: z.string(), count: z.number().int().min(0) });
export type ProductWord = z.infer<typeof ProductWord>;

export const FootprintProduct = z.object({
  footprintId: Id,
  productId: Id,
  shopId: Id,
  skuId: Id,
  image: z.string(),
  productName: z.string(),
  /** Yuan, the viewed SKU's current price. */
  price: z.number().min(0),
  /** 1 on shelf, 0 off shelf (shown greyed). */
  shelveState: z.union([z.literal(0), z.literal(1)]),
  /** Always 0: the edit mode's selection lives in the browser. */
  selected: z.literal(0),
});
export type FootprintProduct = z.infer<typeof FootprintProduct>;

/** One day of browse history (Asia/Shanghai), latest view first; at most one entry per product per day. */
export const FootprintDay = z.object({ createTime: Day, products: z.array(FootprintProduct) });
export type FootprintDay = z.infer<typeof FootprintDay>;

/** Pages over days, newest first: `total` counts days, `pageSize` (4) days per page. */
export const FootprintPage = z.object({ list: z.array(FootprintDay), total: z.number().int().min(0) });
export type FootprintPage = z.infer<typeof FootprintPage>;
