/**
 * `/api/notice/*` (spec §7 Notices; origin-contract §8): list (with each notice's ifRead for a shopper; `noticeType`
 * picks one kind, so the home page's 平台公告 board asks for announcements only), carousel announcements, detail, and
 * the shopper's inbox actions readNotice / readAll / removeById.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { DomainError } from '../../../domain/shared/errors';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { findNotice, listAnnouncements, listNotices } from './notice.queries';
import { runInboxCommand, type NoticeInboxDeps } from './notice-inbox.commands';
import { unreadPushes } from './unread-push';
import { currentUser } from '../auth';
import { noInput } from '../openapi/route-input';

const NoticeId = decimal(z.number({ error: '参数 noticeId 无效' }).int('参数 noticeId 无效').positive('参数 noticeId 无效')
  .max(Number.MAX_SAFE_INTEGER, '参数 noticeId 无效'));

const NoticeTypeFilter = decimal(z.number().int().min(1, '参数 noticeType 无效').max(3, '参数 noticeType 无效').optional());

/** One id (`noticeId`) or several (`ids`), as the original's single and batch forms. */
const NoticeIdsBody = z.object({
  noticeId: NoticeId.optional(),
  ids: z.array(NoticeId, { error: '参数 ids 无效' }).max(100, '参数 ids 过长').optional(),
}).transform((body) => [...(body.noticeId ? [body.noticeId] : []), ...(body.ids ?? [])])
  .refine((ids) => ids.length > 0, '请先选择消息');

/** 全部已读 names no notice: it acts on the caller's own inbox. */
const OWN_INBOX = { none: "names no notice: the caller's own inbox" };

export function registerNoticeRoutes(app: FastifyInstance, deps: NoticeInboxDeps): void {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  deps.hub.pushFrom(unreadPushes(db));

  r.get('/notice/getAll', {
    schema: { querystring: PageQuery(10).extend({ noticeType: NoticeTypeFilter }) }, config: { auth: 'optional' },
  }, async (request) => {
    const { page, pageSize, noticeType } = request.query;
    return ok(await listNotices(db, request.userId, page, pageSize, noticeType ?? null));
  });

  r.get('/notice/getGongGaoAll', { schema: noInput }, async () => ok(await listAnnouncements(db)));

  r.get('/notice/getById', {
    schema: { querystring: z.object({ noticeId: NoticeId }) },
    config: { auth: 'optional', owns: 'message' },
  }, async (request) => {
    const notice = await findNotice(db, request.userId, request.query.noticeId);
    if (!notice) throw new DomainError('noticeNotFound');
    return ok(notice);
  });

  const inbox = { schema: { body: NoticeIdsBody }, config: { auth: 'required' as const, owns: 'message' as const } };
  const read = async (userId: number, ids: number[]) => ok(await runInboxCommand(deps, userId, 'ReadNotices', ids), '操作成功');
  r.put('/notice/readNotice', inbox, async (request) => read(currentUser(request), request.body));
  r.post('/notice/readNotice', inbox, async (request) => read(currentUser(request), request.body));

  const readAll = async (userId: number) => ok(await runInboxCommand(deps, userId, 'ReadNotices', 'all'), '操作成功');
  r.put('/notice/readAll', { schema: noInput, config: { auth: 'required', owns: OWN_INBOX } }, async (request) => readAll(currentUser(request)));
  r.post('/notice/readAll', { schema: noInput, config: { auth: 'required', owns: OWN_INBOX } }, async (request) => readAll(currentUser(request)));

  const remove = async (userId: number, ids: number[]) => ok(await runInboxCommand(deps, userId, 'RemoveNotices', ids), '删除成功');
  r.delete('/notice/removeById', inbox, async (request) => remove(currentUser(request), request.body));
  r.post('/notice/removeById', inbox, async (request) => remove(currentUser(request), request.body));
}
