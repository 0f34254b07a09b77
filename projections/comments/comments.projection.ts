/**
 * Read model of product reviews (商品评价 tab and the product detail's impression `words`), built from order events:
 * the order's lines say who bought which product and SKU; `LineReviewed` (same stream, so always after its
 * `OrderPlaced`) is the review; `ReviewAppended` (stream `review-<commentId>`) the append review, which may arrive
 * before its review when streams are delivered by different Kafka partitions — hence the upsert on comment_id.
 *
 * comment_order_lines  stream_id, sku_id, order_id, user_id, product_id, shop_id, sku_values ("蓝色,XL").
 * product_comments     comment_id, order_id, sku_id, user_id, product_id (null until the review itself arrived),
 *                      shop_id, sku_values, comment, star (1-5), impressions text[], images jsonb (string[]),
 *                      reviewed_at, add_comment ('' when none), add_images jsonb, added_at (null when none).
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { LineReviewed, OrderPlaced } from '../../domain/order/order.events';
import { REVIEW_APPENDED, ReviewAppended } from '../../domain/review/review.events';
import { DEFAULT_STAR } from '../../domain/rules/review.rule';
import type { Projection } from '../runner/projection';

const OrderPlacedData = OrderPlaced.shape.data;
const LineReviewedData = LineReviewed.shape.data;

export const commentsProjection: Projection = {
  name: 'comments',
  version: 1,
  handles: ['OrderPlaced', 'LineReviewed', REVIEW_APPENDED],
  tables: ['product_comments', 'comment_order_lines'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.comment_order_lines (
        stream_id text not null,
        sku_id bigint not null,
        order_id bigint not null,
        user_id bigint not null,
        product_id bigint not null,
        shop_id bigint not null,
        sku_values text not null,
        primary key (stream_id, sku_id)
      )`);
    await tx.query(`
      create table if not exists ${schema}.product_comments (
        comment_id bigint primary key,
        order_id bigint,
        sku_id bigint,
        user_id bigint,
        product_id bigint,
        shop_id bigint,
        sku_values text not null default '',
        comment text not null default '',
        star smallint not null default ${DEFAULT_STAR},
        impressions text[] not null default '{}',
        images jsonb not null default '[]',
        reviewed_at timestamptz,
        add_comment text not null default '',
        add_images jsonb not null default '[]',
        added_at timestamptz
      )`);
    await tx.query(`create index if not exists product_comments_product
      on ${schema}.product_comments (product_id, reviewed_at desc, comment_id desc)`);
    await tx.query(`create index if not exists product_comments_user on ${schema}.product_comments (user_id, reviewed_at desc)`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    switch (event.type) {
      case 'OrderPlaced': {
        const order = OrderPlacedData.parse(event.data);
        for (const line of order.lines) {
          await tx.query(
            `insert into ${schema}.comment_order_lines (stream_id, sku_id, order_id, user_id, product_id, shop_id, sku_values)
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (stream_id, sku_id) do nothing`,
            [event.streamId, line.skuId, order.orderId, order.userId, line.productId, order.shopId, line.values.join(',')],
          );
        }
        return;
      }
      case 'LineReviewed': {
        const review = LineReviewedData.parse(event.data);
        await tx.query(
          `insert into ${schema}.product_comments
             (comment_id, order_id, sku_id, user_id, product_id, shop_id, sku_values, comment, star, impressions, images, reviewed_at)
           select $1, l.order_id, l.sku_id, l.user_id, l.product_id, l.shop_id, l.sku_values, $4, $5, $6, $7::jsonb, $8
             from ${schema}.comment_order_lines l where l.stream_id = $2 and l.sku_id = $3
           on conflict (comment_id) do update set
             order_id = excluded.order_id, sku_id = excluded.sku_id, user_id = excluded.user_id,
             product_id = excluded.product_id, shop_id = excluded.shop_id, sku_values = excluded.sku_values,
             comment = excluded.comment, star = excluded.star, impressions = excluded.impressions,
             images = excluded.images, reviewed_at = excluded.reviewed_at`,
          [review.commentId, event.streamId, review.skuId, review.comment ?? '', review.star ?? DEFAULT_STAR,
            review.impressions ?? [], JSON.stringify(review.images ?? []), review.reviewedAt],
        );
        return;
      }
      case REVIEW_APPENDED: {
        const append = ReviewAppended.parse(event.data);
        await tx.query(
          `insert into ${schema}.product_comments (comment_id, add_comment, add_images, added_at)
           values ($1, $2, $3::jsonb, $4)
           on conflict (comment_id) do update set
             add_comment = excluded.add_comment, add_images = excluded.add_images, added_at = excluded.added_at`,
          [append.commentId, append.comment, JSON.stringify(append.images), append.appendedAt],
        );
        return;
      }
      default:
    }
  },
};
