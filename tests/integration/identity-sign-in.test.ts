/**
 * Register and log in by SMS code over HTTP (spec §4 Login, origin-contract §2): 21002 / 21001, the account it
 * answers, user info, session length (1 day, or 7 with 七天免登录), logout, 20005 / 20004, and one account per
 * phone when registrations race.
 */
import { openSignIn } from '../../services/api/identity/identity.module';
import { DomainError } from '../../domain/shared/errors';
import type { TestServer } from '../support/test-server';
import { DAY, freshPhone, IdentityClient, SECOND, startIdentityServer, TestClock } from './identity.support';

const clock = new TestClock();
let server: TestServer;
let client: IdentityClient;

beforeAll(async () => {
  ({ server, client } = await startIdentityServer(clock));
});
afterAll(async () => server?.stop());

const usersWithPhone = async (phone: string): Promise<number> =>
  (await server.runtime.db.query<{ n: number }>('select count(*)::int as n from users where phone = $1', [phone])).rows[0].n;

describe('registering a new phone (type 1)', () => {
  it('answers 登录成功 with a token and the new account', async () => {
    const phone = freshPhone();
    const { body } = await client.signInFresh(phone, 1);
    expect(body.code).toBe('200');
    expect(body.message).toBe('登录成功');
    expect(body.data.token).toMatch(/^[1-9]{32}$/);
    expect(body.data.buyerUserId).toBeGreaterThanOrEqual(10001);
    expect(body.data.phone).toBe(phone);
    expect(body.data.name).toMatch(/^MJ\d{5}$/);
    expect(body.data.wechatName).toBe(body.data.name);
    expect(body.data.headImage).toBe(`/api/app/avatar/${body.data.buyerUserId}.svg`);
  });

  it('records UserRegistered on the user stream and projects the user before answering', async () => {
    const phone = freshPhone();
    const { body } = await client.signInFresh(phone, 1);
    const events = await server.runtime.store.readStream(`user-${body.data.buyerUserId}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events[0].data).toEqual(expect.objectContaining({ userId: body.data.buyerUserId, phone, name: body.data.name }));
    expect(await usersWithPhone(phone)).toBe(1);
  });

  it('serves the default avatar it names', async () => {
    const { body } = await client.signInFresh(freshPhone(), 1);
    const response = await fetch(`${server.url}${body.data.headImage}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
  });

  it('answers 21002 用户已注册 for a registered phone and leaves the code for logging in', async () => {
    const phone = freshPhone();
    const first = await client.signInFresh(phone, 1);
    clock.advance(60 * SECOND);
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    const again = await client.login({ phone, verificationCode: code, type: 1 });
    expect(again.body).toEqual({ code: '21002', message: '用户已注册', data: null });
    const login = await client.login({ phone, verificationCode: code, type: 2 });
    expect(login.body.code).toBe('200');
    expect(login.body.data.buyerUserId).toBe(first.body.data.buyerUserId);
    expect(await usersWithPhone(phone)).toBe(1);
  });
});

describe('logging in (type 2)', () => {
  it('answers 21001 用户未注册 for an unknown phone and registers nobody', async () => {
    const phone = freshPhone();
    const { body } = await client.signInFresh(phone, 2);
    expect(body).toEqual({ code: '21001', message: '用户未注册', data: null });
    expect(await usersWithPhone(phone)).toBe(0);
    expect((await client.login({ phone, verificationCode: await client.sentCode(phone), type: 1 })).body.code).toBe('200');
  });

  it('signs the registered shopper in as the same account with a new token', async () => {
    const phone = freshPhone();
    const registered = await client.signInFresh(phone, 1);
    clock.advance(60 * SECOND);
    const login = await client.signInFresh(phone, 2);
    expect(login.body.code).toBe('200');
    expect(login.body.data).toEqual(expect.objectContaining({
      buyerUserId: registered.body.data.buyerUserId, name: registered.body.data.name, phone,
    }));
    expect(login.body.data.token).not.toBe(registered.body.data.token);
  });

  it('is the default when type is left out', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const { body } = await client.login({ phone, verificationCode: await client.sentCode(phone) });
    expect(body.code).toBe('21001');
  });

  it('answers a bad phone with 400 手机号格式错误', async () => {
    const { status, body } = await client.login({ phone: '123', verificationCode: '1234', type: 2 });
    expect(status).toBe(400);
    expect(body.message).toBe('手机号格式错误');
  });

  it('answers an unknown type with 400 naming it', async () => {
    const { status, body } = await client.login({ phone: freshPhone(), verificationCode: '1234', type: 3 });
    expect(status).toBe(400);
    expect(body.message).toContain('type');
  });
});

describe('the signed-in shopper', () => {
  it('gets the user info of spec §3 with getUser, every broadcast notice of the demo seed unread', async () => {
    const phone = freshPhone();
    const { body } = await client.signInFresh(phone, 1);
    const user = await client.getUser(body.data.token);
    expect(user.body).toEqual({
      code: '200', message: '成功',
      data: { buyerUserId: body.data.buyerUserId, name: body.data.name, sex: '', birthday: '', headImage: body.data.headImage, phone, notRead: 8 },
    });
  });

  it('is asked to log in (20005 请先登录) without a token', async () => {
    expect((await client.getUser()).body).toEqual({ code: '20005', message: '请先登录', data: null });
  });

  it('is refused with 20004 for an unknown token', async () => {
    expect((await client.getUser('5'.repeat(32))).body.code).toBe('20004');
  });

  it('ends the session with logout: the token answers 20004 after', async () => {
    const { body } = await client.signInFresh(freshPhone(), 1);
    const out = await client.call('POST', '/api/app/logout', { token: body.data.token });
    expect(out.body.code).toBe('200');
    expect((await client.getUser(body.data.token)).body.code).toBe('20004');
  });

  it('can log out without a session', async () => {
    expect((await client.call('POST', '/api/app/logout')).body.code).toBe('200');
  });
});

describe('session length', () => {
  it('is one day without 七天免登录 and seven days with it', async () => {
    const oneDay = (await client.signInFresh(freshPhone(), 1)).body.data.token;
    const sevenDays = (await client.signInFresh(freshPhone(), 1, { sevenDays: true })).body.data.token;

    clock.advance(DAY - 10 * SECOND);
    expect((await client.getUser(oneDay)).body.code).toBe('200');
    clock.advance(20 * SECOND);
    expect((await client.getUser(oneDay)).body.code).toBe('20004');
    expect((await client.getUser(sevenDays)).body.code).toBe('200');

    clock.advance(6 * DAY);
    expect((await client.getUser(sevenDays)).body.code).toBe('20004');
  });
});

describe('two registrations of one phone at once', () => {
  it('over HTTP with the one code: one account, the other attempt refused', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    const answers = await Promise.all([1, 2].map(() => client.login({ phone, verificationCode: code, type: 1 })));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(['11005', '21002']).toContain(codes.find((c) => c !== '200'));
    expect(await usersWithPhone(phone)).toBe(1);
  });

  it('past the code check: five racing registrations make one user, the rest answer 21002', async () => {
    const { runtime } = server;
    const signIn = await openSignIn(
      { db: runtime.db, store: runtime.store, sessions: runtime.sessions, waitFor: runtime.projections.waitFor, clock: clock.now },
      () => undefined);
    const phone = freshPhone();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => signIn.registerAccount(phone, clock.now())));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    for (const reason of lost) expect(reason).toEqual(expect.objectContaining({ code: '21002' }));
    expect(lost[0]).toBeInstanceOf(DomainError);
    expect(await usersWithPhone(phone)).toBe(1);
  });
});
