/**
 * Read model of reviews: the product page's 商品评价 tab and impression `words`, and the shopper's 我的评价 (reviewed
 * and awaiting an append review; lines still awaiting a review come from the orders read model). Built from order
 * events — the order's lines say who bought which product and SKU at what price; `LineReviewed` (same stream, so
 * always after its `OrderPlaced`) is the review — and the review stream's events: `ReviewAppended`, which may arrive
 * before its review when streams come through different Kafka partitions (hence the upsert on comment_id), and likes.
 *
 * comment_order_lines  stream_id, sku_id, order_id, user_id, product_id, shop_id, sku_values ("蓝色,XL"),
 *                      product_name, product_image, price (fen).
 * product_comments     comment_id, order_id, sku_id, user_id, product_id (null until the review itself arrived),
 *                      shop_id, sku_values, product_name, product_image, price, comment, star (1-5), impressions
 *                      text[], images jsonb (string[]), reviewed_at, add_comment ('' when none), add_images jsonb,
 *                      added_at (null when none).
 * comment_likes        comment_id, user_id: who likes which review.
 *
 * Set-based: a batch is regrouped into runs of one event type (keyedRunsOf, by the rows each event touches: rowsOf),
 * one statement per run.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { LineReviewed, OrderPlaced } from '../../domain/order/order.events';
import {
  REVIEW_APPENDED, REVIEW_LIKED, REVIEW_UNLIKED, ReviewAppended, ReviewLiked, ReviewUnliked,
} from '../../domain/review/review.events';
import { DEFAULT_STAR } from '../../domain/rules/review.rule';
import type { Projection } from '../runner/projection';
import { keyedRunsOf, lastByKey } from '../set-based';

const OrderPlacedData = OrderPlaced.shape.data;
const LineReviewedData = LineReviewed.shape.data;

export const commentsProjection: Projection = {
  name: 'comments',
  version: 2,
  handles: ['OrderPlaced', 'LineReviewed', REVIEW_APPENDED, REVIEW_LIKED, REVIEW_UNLIKED],
  tables: ['product_comments', 'comment_order_lines', 'comment_likes'],
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
        product_name text not null,
        product_image text not null,
        price bigint not null,
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
        product_name text not null default '',
        product_image text not null default '',
        price bigint not null default 0,
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
    await tx.query(`create index if not exists product_comments_user
      on ${schema}.product_comments (user_id, reviewed_at desc, comment_id desc)`);
    await tx.query(`
      create table if not exists ${schema}.comment_likes (
        comment_id bigint not null,
        user_id bigint not null,
        primary key (comment_id, user_id)
      )`);
  },
  apply: (tx, event, schema) => applyComments(tx, [event], schema),
  applyBatch: applyComments,
};

/**
 * The rows an event reads or writes, as keys: an order's lines its stream (a review joins the lines of its own
 * stream), a review and its append the comment, a like the (comment, user) pair. Events with disjoint keys commute.
 */
function rowsOf(event: RecordedEvent): readonly string[] | null {
  const { commentId, userId } = event.data as { commentId?: unknown; userId?: unknown };
  switch (event.type) {
    case 'OrderPlaced': return [`s:${event.streamId}`];
    case 'LineReviewed': return typeof commentId === 'number' ? [`s:${event.streamId}`, `c:${commentId}`] : null;
    case REVIEW_APPENDED: return typeof commentId === 'number' ? [`c:${commentId}`] : null;
    case REVIEW_LIKED:
    case REVIEW_UNLIKED: return typeof commentId === 'number' && typeof userId === 'number' ? [`l:${commentId}:${userId}`] : null;
    default: return null;
  }
}

async function applyComments(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  for (const run of keyedRunsOf(events, (event) => event.type, rowsOf)) {
    switch (run[0]!.type) {
      case 'OrderPlaced': await insertOrderLines(tx, run, schema); break;
      case 'LineReviewed': await insertReviews(tx, run, schema); break;
      case REVIEW_APPENDED: await upsertAppends(tx, run, schema); break;
      case REVIEW_LIKED: await insertLikes(tx, run, schema); break;
      case REVIEW_UNLIKED: await deleteLikes(tx, run, schema); break;
      default:
    }
  }
}

async function insertOrderLines(tx: pg.PoolClient, run: RecordedEvent[], schema: string): Promise<void> {
  const lines = run.flatMap((event) => {
    const order = OrderPlacedData.parse(event.data);
    return order.lines.map((line) => ({ streamId: event.streamId, order, line }));
  });
  await tx.query(
    `insert into ${schema}.comment_order_lines
       (stream_id, sku_id, order_id, user_id, product_id, shop_id, sku_values, product_name, product_image, price)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[],
                          $8::text[], $9::text[], $10::bigint[])
     on conflict (stream_id, sku_id) do nothing`,
    [lines.map((l) => l.streamId), lines.map((l) => l.line.skuId), lines.map((l) => l.order.orderId),
      lines.map((l) => l.order.userId), lines.map((l) => l.line.productId), lines.map((l) => l.order.shopId),
      lines.map((l) => l.line.values.join(',')), lines.map((l) => l.line.productName), lines.map((l) => l.line.image),
      lines.map((l) => l.line.price)],
  );
}

async function insertReviews(tx: pg.PoolClient, run: RecordedEvent[], schema: string): Promise<void> {
  const reviews = run.map((event) => ({ streamId: event.streamId, r: LineReviewedData.parse(event.data) }));
  // impression tags never hold a comma (domain/rules/review.rule.ts), so they travel comma-joined
  await tx.query(
    `insert into ${schema}.product_comments
       (comment_id, order_id, sku_id, user_id, product_id, shop_id, sku_values, product_name, product_image, price,
        comment, star, impressions, images, reviewed_at)
     select r.comment_id, l.order_id, l.sku_id, l.user_id, l.product_id, l.shop_id, l.sku_values, l.product_name,
            l.product_image, l.price, r.comment, r.star, string_to_array(r.impressions, ','), r.images, r.reviewed_at
       from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::smallint[], $6::text[], $7::jsonb[],
                   $8::timestamptz[]) as r(comment_id, stream_id, sku_id, comment, star, impressions, images, reviewed_at)
       join ${schema}.comment_order_lines l on l.stream_id = r.stream_id and l.sku_id = r.sku_id
     on conflict (comment_id) do update set
       order_id = excluded.order_id, sku_id = excluded.sku_id, user_id = excluded.user_id,
       product_id = excluded.product_id, shop_id = excluded.shop_id, sku_values = excluded.sku_values,
       product_name = excluded.product_name, product_image = excluded.product_image, price = excluded.price,
       comment = excluded.comment, star = excluded.star, impressions = excluded.impressions,
       images = excluded.images, reviewed_at = excluded.reviewed_at`,
    [reviews.map(({ r }) => r.commentId), reviews.map((x) => x.streamId), reviews.map(({ r }) => r.skuId),
      reviews.map(({ r }) => r.comment ?? ''), reviews.map(({ r }) => r.star ?? DEFAULT_STAR),
      reviews.map(({ r }) => (r.impressions ?? []).join(',')), reviews.map(({ r }) => JSON.stringify(r.images ?? [])),
      reviews.map(({ r }) => r.reviewedAt)],
  );
}

async function upsertAppends(tx: pg.PoolClient, run: RecordedEvent[], schema: string): Promise<void> {
  // one row per statement: a later append of the same review replaces an earlier one, as event by event
  const appends = lastByKey(run.map((event) => ReviewAppended.parse(event.data)), (a) => a.commentId);
  await tx.query(
    `insert into ${schema}.product_comments (comment_id, add_comment, add_images, added_at)
     select * from unnest($1::bigint[], $2::text[], $3::jsonb[], $4::timestamptz[])
     on conflict (comment_id) do update set
       add_comment = excluded.add_comment, add_images = excluded.add_images, added_at = excluded.added_at`,
    [appends.map((a) => a.commentId), appends.map((a) => a.comment), appends.map((a) => JSON.stringify(a.images)),
      appends.map((a) => a.appendedAt)],
  );
}

async function insertLikes(tx: pg.PoolClient, run: RecordedEvent[], schema: string): Promise<void> {
  const likes = run.map((event) => ReviewLiked.parse(event.data));
  await tx.query(
    `insert into ${schema}.comment_likes (comment_id, user_id)
     select * from unnest($1::bigint[], $2::bigint[]) on conflict do nothing`,
    [likes.map((l) => l.commentId), likes.map((l) => l.userId)],
  );
}

async function deleteLikes(tx: pg.PoolClient, run: RecordedEvent[], schema: string): Promise<void> {
  const unlikes = run.map((event) => ReviewUnliked.parse(event.data));
  await tx.query(
    `delete from ${schema}.comment_likes c using unnest($1::bigint[], $2::bigint[]) as u(comment_id, user_id)
      where c.comment_id = u.comment_id and c.user_id = u.user_id`,
    [unlikes.map((u) => u.commentId), unlikes.map((u) => u.userId)],
  );
}
