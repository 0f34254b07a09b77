/**
 * 我的消息 over HTTP (origin-contract §8 `/notice/getAll|readNotice|readAll|removeById`): what a shopper sees (the
 * broadcasts and their own 站内信, never another shopper's), read and unread, removal, the unread count of getUser,
 * the home board's announcements-only list, and the count pushed on `user:<id>` after each change.
 */
import WebSocket from 'ws';
import type { TestServer } from '../support/test-server';
import { call, given, givenShopper, type Shopper } from './engagement.fixtures';
import { backendsForUserCentre } from './user-centre.support';

interface Notice { noticeId: number; noticeType: number; noticeTitle: string; jump: number; only: number; ifRead: number }
interface Page<T> { list: T[]; total: number }

/** The demo seed's broadcasts: 6 announcements (公告) and 2 system notices. */
const BROADCASTS = 8;

const letter = (noticeId: number, userId: number, orderId: number) => ({
  type: 'NoticePublished',
  data: { noticeId, noticeType: 3, noticeTitle: `订单${orderId}已发货`, noticeContent: '您的订单已发货', jump: 2, only: orderId, userId },
});

describe.each(backendsForUserCentre())('a shopper\'s messages on $name', (backend) => {
  let server: TestServer;
  let me: Shopper;
  let other: Shopper;
  let third: Shopper;
  const MINE = [9880001, 9880002];
  const THEIRS = 9880003;

  beforeAll(async () => {
    server = await backend.start();
    me = await givenShopper(server, 9870101, '小王');
    other = await givenShopper(server, 9870102, '小李');
    third = await givenShopper(server, 9870103, '小赵');
    await given(server, `notice-${MINE[0]}`, [letter(MINE[0], me.userId, 7001)]);
    await given(server, `notice-${MINE[1]}`, [letter(MINE[1], me.userId, 7002)]);
    await given(server, `notice-${THEIRS}`, [letter(THEIRS, other.userId, 7003)]);
  });
  afterAll(async () => server?.stop());

  const list = async (token?: string, query = '') =>
    (await call<Page<Notice>>(server, 'GET', `/api/notice/getAll?pageSize=50${query}`, { token })).body.data;
  const notRead = async (token: string) => (await call<{ notRead: number }>(server, 'GET', '/api/user/getUser', { token })).body.data.notRead;
  const send = (path: string, token: string | undefined, body?: unknown) => call<{ notRead: number }>(server, 'PUT', `/api/notice/${path}`, { token, body });

  it('lists the broadcasts and the shopper\'s own letters, all unread, and never another shopper\'s letter', async () => {
    const page = await list(third.token);
    expect(page.total).toBe(BROADCASTS);
    const mine = await list(me.token);
    expect(mine.total).toBe(BROADCASTS + 2);
    expect(mine.list.map((n) => n.noticeId)).toEqual(expect.arrayContaining(MINE));
    expect(mine.list.map((n) => n.noticeId)).not.toContain(THEIRS);
    expect(mine.list.every((n) => n.ifRead === 0)).toBe(true);
    expect(await notRead(me.token)).toBe(BROADCASTS + 2);
  });

  it('gives the home board announcements only, even to a signed-in shopper', async () => {
    const board = await list(me.token, '&noticeType=2');
    expect(board.list.length).toBe(6);
    expect(board.list.every((n) => n.noticeType === 2)).toBe(true);
  });

  it('marks one read, answering the new count; reading it again changes nothing', async () => {
    const { body } = await send('readNotice', me.token, { noticeId: MINE[0] });
    expect(body).toEqual({ code: '200', message: '操作成功', data: { notRead: BROADCASTS + 1 } });
    expect((await list(me.token)).list.find((n) => n.noticeId === MINE[0])?.ifRead).toBe(1);
    expect((await send('readNotice', me.token, { ids: [MINE[0]] })).body.data.notRead).toBe(BROADCASTS + 1);
    expect(await notRead(other.token)).toBe(BROADCASTS + 1);
  });

  it('answers another shopper\'s letter or an unknown id as missing, and records nothing', async () => {
    const before = (await server.runtime.store.readStream(`notice-inbox-${me.userId}`)).length;
    for (const ids of [[THEIRS], [MINE[1], THEIRS], [99999999]]) {
      const { body } = await send('readNotice', me.token, { ids });
      expect(body).toEqual(expect.objectContaining({ code: '30002', message: '消息不存在或已删除' }));
      expect((await call(server, 'DELETE', '/api/notice/removeById', { token: me.token, body: { ids } })).body.code).toBe('30002');
    }
    expect((await server.runtime.store.readStream(`notice-inbox-${me.userId}`)).length).toBe(before);
    expect(await notRead(other.token)).toBe(BROADCASTS + 1);
  });

  it('removes a message from the shopper\'s list only; removing it again answers missing', async () => {
    const removed = await call(server, 'DELETE', '/api/notice/removeById', { token: me.token, body: { ids: [MINE[1], 1] } });
    expect(removed.body.message).toBe('删除成功');
    const mine = await list(me.token);
    expect(mine.list.map((n) => n.noticeId)).not.toContain(MINE[1]);
    expect(mine.total).toBe(BROADCASTS);
    expect((await list(other.token)).list.map((n) => n.noticeId)).toContain(1);
    expect((await call(server, 'DELETE', '/api/notice/removeById', { token: me.token, body: { noticeId: 1 } })).body.code).toBe('30002');
    expect((await call(server, 'GET', '/api/notice/getById?noticeId=1', { token: me.token })).body.code).toBe('30001');
  });

  it('marks everything read with readAll, and a second readAll records nothing', async () => {
    expect((await send('readAll', me.token)).body.data).toEqual({ notRead: 0 });
    expect((await list(me.token)).list.every((n) => n.ifRead === 1)).toBe(true);
    const events = (await server.runtime.store.readStream(`notice-inbox-${me.userId}`)).length;
    expect((await send('readAll', me.token)).body.data).toEqual({ notRead: 0 });
    expect((await server.runtime.store.readStream(`notice-inbox-${me.userId}`)).length).toBe(events);
  });

  it('answers 400 naming the field for bad ids, and 20005 without a token', async () => {
    for (const body of [{ noticeId: 'abc' }, { ids: [0] }, { ids: 'x' }, {}]) {
      const answer = await send('readNotice', me.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/noticeId|ids|消息/);
    }
    expect((await call(server, 'GET', '/api/notice/getAll?noticeType=9')).status).toBe(400);
    expect((await send('readAll', undefined)).body.code).toBe('20005');
  });

  it('pushes the new unread count on user:<id> when a message is read', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${other.token}`);
    const messages: Array<{ op: string; channel?: string; payload?: unknown; position?: string }> = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
    await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
    const until = async (predicate: () => boolean) => {
      for (const deadline = Date.now() + 5000; Date.now() < deadline && !predicate();) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => messages.some((m) => m.op === 'ready'));
    ws.send(JSON.stringify({ op: 'subscribe', channel: `user:${other.userId}` }));
    await until(() => messages.some((m) => m.op === 'subscribed'));
    await send('readNotice', other.token, { noticeId: THEIRS });
    // the pushes come from the log: an earlier count (the letter's arrival) may still come first when the feed runs behind
    const isRead = (m: (typeof messages)[number]) => m.op === 'event' && (m.payload as { notRead?: number }).notRead === BROADCASTS;
    await until(() => messages.some(isRead));
    const push = messages.find(isRead);
    expect(push).toEqual(expect.objectContaining({ channel: `user:${other.userId}`, payload: { notRead: BROADCASTS } }));
    expect(push?.position).toMatch(/^\d+\/\d+$/);
    ws.close();
  });
});
