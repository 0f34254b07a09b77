/**
 * The shopper's review calls (spec §7 Review; origin-contract §8 Comments), all signed in:
 * POST /order/addComment (one entry per purchased line of one order in state 4), PUT /order/addToComment (the append
 * review, once), GET /comment/getAll (我的评价 tabs), GET /comment/getById, POST /comment/like. Pictures must be
 * uploads this server issued (services/uploads/issued-images.ts). Writes answer after the read models have them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { AppendReviewSubmission, ReviewSubmission } from '../../../domain/rules/review.rule';
import { BadInput } from '../../../domain/shared/bad-input';
import { DomainError } from '../../../domain/shared/errors';
import type { BlobStore } from '../../uploads/blob-store.port';
import { assertIssuedImages } from '../../uploads/issued-images';
import type { Database } from '../../db/database';
import { appendReview, likeReview, reviewOrderLines, type ReviewDeps } from '../../reviews/review-commands';
import { createReviewIds } from '../../reviews/review-ids';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { findSelfComment, likeCount, listSelfComments } from './self-comment.queries';

const Id = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

const SelfCommentsQuery = PageQuery(10).extend({
  type: decimal(z.number().int().min(1).max(3).default(1)),
  /** 有图: 1 = only reviews with pictures; '' or 0 = all. */
  state: z.preprocess((v) => (v === '' ? undefined : v), decimal(z.number().int().min(0).max(1).default(0))),
  search: z.string().trim().max(50).default(''),
});

const LikeBody = z.object({ commentId: Id, ifLike: z.union([z.literal(0), z.literal(1)]).default(1) });

export function registerReviewRoutes(app: FastifyInstance, deps: ReviewDeps & { blobs: BlobStore }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };

  r.post('/order/addComment', { schema: { body: ReviewSubmission }, config: { ...auth, owns: 'order' } }, async (request) => {
    const userId = currentUser(request);
    const { params } = request.body;
    const orderIds = new Set(params.map((p) => p.orderId));
    if (orderIds.size > 1) throw new BadInput('参数 params 无效：一次只能评价同一订单的商品');
    for (const [i, item] of params.entries()) await assertIssuedImages(deps.blobs, `params.${i}.image`, item.image);
    const commentIds = await reviewOrderLines(deps, userId, params[0]!.orderId, params.map((p) => ({
      productId: p.productId, skuId: p.skuId, comment: p.comment, star: p.star, impressions: p.impression, images: p.image,
    })));
    return ok({ commentIds }, '评价成功');
  });

  r.put('/order/addToComment', { schema: { body: AppendReviewSubmission }, config: { ...auth, owns: 'review' } }, async (request) => {
    const userId = currentUser(request);
    const { params } = request.body;
    for (const [i, item] of params.entries()) await assertIssuedImages(deps.blobs, `params.${i}.image`, item.image);
    for (const item of params) await appendReview(deps, userId, { commentId: item.commentId, comment: item.comment, images: item.image });
    return ok({ commentId: params[0]!.commentId }, '追评成功');
  });

  r.get('/comment/getAll', { schema: { querystring: SelfCommentsQuery }, config: auth }, async (request) => {
    const { type, state, search, page, pageSize } = request.query;
    return ok(await listSelfComments(deps.db, currentUser(request), {
      type: type as 1 | 2 | 3, withImages: state === 1, search, page, pageSize,
    }));
  });

  r.get('/comment/getById', { schema: { querystring: z.object({ commentId: Id }) }, config: { ...auth, owns: 'review' } }, async (request) => {
    const found = await findSelfComment(deps.db, currentUser(request), request.query.commentId);
    if (!found) throw new DomainError('reviewNotFound');
    return ok(found);
  });

  r.post('/comment/like', { schema: { body: LikeBody }, config: { ...auth, owns: { none: 'anyone may like any published review' } } }, async (request) => {
    const { commentId, ifLike } = request.body;
    const liked = await likeReview(deps, currentUser(request), commentId, ifLike === 1);
    return ok({ commentId, ifLike: liked ? 1 : 0, likes: await likeCount(deps.db, commentId) }, liked ? '点赞成功' : '取消点赞成功');
  });
}

/** Wires the review calls into the /api plugin (one line in app.ts): the commentId sequence, then the routes. */
export async function registerReviewApi(app: FastifyInstance, deps: Omit<ReviewDeps, 'ids'> & { blobs: BlobStore; db: Database }): Promise<void> {
  registerReviewRoutes(app, { ...deps, ids: await createReviewIds(deps.db) });
}
