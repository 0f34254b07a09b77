/**
 * Reads of the product reviews read model (projections/comments) with reviewers' current names from `users`.
 * `productWords` is also what the product detail's `words` shows.
 */
import type { CommentPage, ProductComment, ProductWord } from '../../../domain/catalog/engagement.contract';
import { IMPRESSION_TAGS } from '../../../domain/rules/review.rule';
import { shanghaiDate, formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';

interface CommentRow {
  comment_id: string; comment: string; star: number; impressions: string[]; sku_values: string; images: string[];
  reviewed_at: Date | string; add_comment: string; add_images: string[]; added_at: Date | string | null;
  name: string | null; head_image: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days (Asia/Shanghai) from the review to its append review. */
export const daysBetween = (from: Date | string, to: Date | string): number =>
  Math.max(0, Math.round((Date.parse(shanghaiDate(to)) - Date.parse(shanghaiDate(from))) / DAY_MS));

const toComment = (r: CommentRow): ProductComment => ({
  commentId: Number(r.comment_id),
  name: r.name ?? '',
  headImage: r.head_image ?? '',
  comment: r.comment,
  star: r.star,
  impression: r.impressions.join(','),
  values: r.sku_values,
  images: r.images,
  createTime: formatShanghai(r.reviewed_at),
  addComment: r.add_comment,
  addImages: r.add_images,
  day: r.added_at === null ? 0 : daysBetween(r.reviewed_at, r.added_at),
});

/** `%` and `_` typed by a shopper are searched for, not wildcards. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Filter: `word` '' = all; else reviews tagged with it, or whose text (or append) contains it. */
const MATCHES = `c.product_id = $1 and c.reviewed_at is not null
  and ($2::text = '' or $2::text = any(c.impressions)
       or c.comment ilike $3 escape '\\' or c.add_comment ilike $3 escape '\\')`;

/** A product's reviews, newest first. */
export async function listProductComments(
  db: Queryable, productId: number, word: string, page: number, pageSize: number,
): Promise<CommentPage> {
  const params = [productId, word, containsPattern(word)];
  const [rows, count] = await Promise.all([
    db.query<CommentRow>(
      `select c.comment_id, c.comment, c.star, c.impressions, c.sku_values, c.images, c.reviewed_at,
              c.add_comment, c.add_images, c.added_at, u.name, u.head_image
         from product_comments c left join users u on u.user_id = c.user_id
        where ${MATCHES}
        order by c.reviewed_at desc, c.comment_id desc
        limit $4 offset $5`,
      [...params, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total from product_comments c where ${MATCHES}`, params),
  ]);
  return { list: rows.rows.map(toComment), total: count.rows[0]?.total ?? 0 };
}

/** Impression tag counts of a product's reviews, in the spec's tag order; tags nobody chose are left out. */
export async function productWords(db: Queryable, productId: number): Promise<ProductWord[]> {
  const { rows } = await db.query<{ tag: string; count: number }>(
    `select t.tag, count(distinct c.comment_id)::int as count
       from product_comments c cross join lateral unnest(c.impressions) as t(tag)
      where c.product_id = $1 and c.reviewed_at is not null
      group by t.tag`,
    [productId]);
  const counts = new Map(rows.map((r) => [r.tag, r.count]));
  return IMPRESSION_TAGS.flatMap((tag) => {
    const count = counts.get(tag) ?? 0;
    return count > 0 ? [{ keyWord: tag, count }] : [];
  });
}
