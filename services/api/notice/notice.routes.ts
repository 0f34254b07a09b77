/** `/api/notice/*` (spec §7 Notices; origin-contract §8): list, carousel announcements, detail. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { findNotice, listAnnouncements, listNotices } from './notice.queries';

export function registerNoticeRoutes(app: FastifyInstance, db: Queryable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notice/getAll', { schema: { querystring: PageQuery(10) }, config: { auth: 'optional' } },
    async (request) => ok(await listNotices(db, request.userId, request.query.page, request.query.pageSize)));

  r.get('/notice/getGongGaoAll', async () => ok(await listAnnouncements(db)));

  r.get('/notice/getById', {
    schema: { querystring: z.object({ noticeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }) },
    config: { auth: 'optional' },
  }, async (request) => {
    const notice = await findNotice(db, request.userId, request.query.noticeId);
    if (!notice) throw new DomainError('noticeNotFound');
    return ok(notice);
  });
}
