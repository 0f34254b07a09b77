/** `GET /api/comment/getProductAll` (spec §7 Comments; origin-contract §8): a product's reviews, public. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import type { Queryable } from '../../db/database';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { listProductComments } from './comment.queries';

const CommentsQuery = PageQuery(5).extend({
  productId: decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  /** '' (or absent) = all reviews. */
  word: z.string().trim().max(50).default(''),
});

export function registerCommentRoutes(app: FastifyInstance, db: Queryable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/comment/getProductAll', { schema: { querystring: CommentsQuery } }, async (request) => {
    const { productId, word, page, pageSize } = request.query;
    return ok(await listProductComments(db, productId, word, page, pageSize));
  });
}
