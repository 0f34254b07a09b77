/**
 * The shopper's 我的评价 (GET /comment/getAll, /comment/getById): reviews from the comments read model; lines still
 * awaiting a review from the orders read model (state 4, no commentId), so the 待评价 tab follows the same events as
 * the order's `ifNotComment`.
 */
import type { SelfComment, SelfCommentPage } from '../../../domain/review/review.contract';
import { fenToYuan } from '../../../domain/shared/money';
import { formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';
import { containsPattern, daysBetween } from './comment.queries';

export interface SelfCommentQuery { type: 1 | 2 | 3; withImages: boolean; search: string; page: number; pageSize: number }

interface ReviewRow {
  comment_id: string; order_id: string; product_id: string; sku_id: string; shop_id: string; comment: string; star: number;
  impressions: string[]; images: string[]; add_comment: string; add_images: string[]; product_name: string;
  product_image: string; price: string; sku_values: string; reviewed_at: Date | string; added_at: Date | string | null;
  likes: number; if_like: boolean;
}

interface PendingRow {
  order_id: string; collage_id: string; shop_id: string; received_at: Date | string | null;
  line: { skuId: number; productId: number; productName: string; image: string; values: string[]; price: number };
}

const toSelfComment = (r: ReviewRow): SelfComment => ({
  commentId: Number(r.comment_id), orderId: Number(r.order_id), collageId: 0, productId: Number(r.product_id), skuId: Number(r.sku_id),
  shopId: Number(r.shop_id), comment: r.comment, star: r.star, impression: r.impressions.join(','),
  image: r.images.join(','), images: r.images, ifAdd: r.added_at === null ? 0 : 1,
  addComment: r.add_comment, addImage: r.add_images.join(','), addImages: r.add_images,
  productName: r.product_name, productImage: r.product_image, productPrice: fenToYuan(Number(r.price)), values: r.sku_values,
  createTime: formatShanghai(r.reviewed_at), addTime: r.added_at === null ? '' : formatShanghai(r.added_at),
  day: r.added_at === null ? 0 : daysBetween(r.reviewed_at, r.added_at), likes: r.likes, ifLike: r.if_like ? 1 : 0,
});

const toPending = (r: PendingRow): SelfComment => ({
  commentId: 0, orderId: Number(r.order_id), collageId: Number(r.collage_id), productId: r.line.productId, skuId: r.line.skuId, shopId: Number(r.shop_id),
  comment: '', star: 0, impression: '', image: '', images: [], ifAdd: 0, addComment: '', addImage: '', addImages: [],
  productName: r.line.productName, productImage: r.line.image, productPrice: fenToYuan(r.line.price),
  values: r.line.values.join(','), createTime: r.received_at === null ? '' : formatShanghai(r.received_at), addTime: '',
  day: 0, likes: 0, ifLike: 0,
});

const REVIEW_COLUMNS = `c.comment_id, c.order_id, c.product_id, c.sku_id, c.shop_id, c.comment, c.star, c.impressions, c.images,
  c.add_comment, c.add_images, c.product_name, c.product_image, c.price, c.sku_values, c.reviewed_at, c.added_at,
  (select count(*)::int from comment_likes k where k.comment_id = c.comment_id) as likes,
  exists (select 1 from comment_likes k where k.comment_id = c.comment_id and k.user_id = $1) as if_like`;

/** Reviews of tab 2 (no append yet) or 3 (all); $2 = only with pictures, $3 = search pattern ('' = none). */
const REVIEWS_OF = (appendPending: boolean) => `c.user_id = $1 and c.reviewed_at is not null
  ${appendPending ? 'and c.added_at is null' : ''}`;
const FILTERS = `($2::boolean = false or jsonb_array_length(c.images) > 0)
  and ($3::text = '' or c.product_name ilike $3 escape '\\' or c.comment ilike $3 escape '\\')`;

async function listReviews(db: Queryable, userId: number, q: SelfCommentQuery): Promise<SelfCommentPage> {
  const tab = REVIEWS_OF(q.type === 2);
  const search = q.search ? containsPattern(q.search) : '';
  const [rows, counts] = await Promise.all([
    db.query<ReviewRow>(
      `select ${REVIEW_COLUMNS} from product_comments c where ${tab} and ${FILTERS}
        order by c.reviewed_at desc, c.comment_id desc limit $4 offset $5`,
      [userId, q.withImages, search, q.pageSize, (q.page - 1) * q.pageSize]),
    db.query<{ total: number; image_total: number; matching: number }>(
      `select count(*)::int as total,
              count(*) filter (where jsonb_array_length(c.images) > 0)::int as image_total,
              count(*) filter (where ${FILTERS})::int as matching
         from product_comments c where ${tab}`,
      [userId, q.withImages, search]),
  ]);
  const count = counts.rows[0];
  return {
    total: count?.total ?? 0, imageTotal: count?.image_total ?? 0,
    page: { list: rows.rows.map(toSelfComment), total: count?.matching ?? 0 },
  };
}

const PENDING_LINES = `from orders o cross join lateral jsonb_array_elements(o.lines) as l(line)
  where o.user_id = $1 and o.state = 4 and o.deleted_at is null and (l.line ->> 'commentId') is null`;

/** Tab 1: purchased lines of completed orders awaiting their review (they carry no pictures yet). */
async function listPending(db: Queryable, userId: number, q: SelfCommentQuery): Promise<SelfCommentPage> {
  const search = q.search ? containsPattern(q.search) : '';
  const matches = `($2::boolean = false) and ($3::text = '' or (l.line ->> 'productName') ilike $3 escape '\\')`;
  const [rows, counts] = await Promise.all([
    db.query<PendingRow>(
      `select o.order_id, o.collage_id, o.shop_id, o.received_at, l.line ${PENDING_LINES} and ${matches}
        order by o.received_at desc nulls last, o.order_id desc, (l.line ->> 'skuId')::bigint limit $4 offset $5`,
      [userId, q.withImages, search, q.pageSize, (q.page - 1) * q.pageSize]),
    db.query<{ total: number; matching: number }>(
      `select count(*)::int as total, count(*) filter (where ${matches})::int as matching ${PENDING_LINES}`,
      [userId, q.withImages, search]),
  ]);
  return { total: counts.rows[0]?.total ?? 0, imageTotal: 0, page: { list: rows.rows.map(toPending), total: counts.rows[0]?.matching ?? 0 } };
}

export const listSelfComments = (db: Queryable, userId: number, q: SelfCommentQuery): Promise<SelfCommentPage> =>
  (q.type === 1 ? listPending(db, userId, q) : listReviews(db, userId, q));

/** One of the shopper's own reviews; null when missing or another shopper's. */
export async function findSelfComment(db: Queryable, userId: number, commentId: number): Promise<SelfComment | null> {
  const { rows } = await db.query<ReviewRow>(
    `select ${REVIEW_COLUMNS} from product_comments c where c.user_id = $1 and c.comment_id = $2 and c.reviewed_at is not null`,
    [userId, commentId]);
  return rows[0] ? toSelfComment(rows[0]) : null;
}

export async function likeCount(db: Queryable, commentId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from comment_likes where comment_id = $1', [commentId]);
  return rows[0]?.n ?? 0;
}
