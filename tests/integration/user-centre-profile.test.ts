/**
 * 个人信息 and 更换手机号 over HTTP (spec §3 user info, §4 phone change steps, §5 messages, §7 Update user / Check user /
 * Update phone): the profile as saved and shown by getUser, its rules, and the two SMS steps of a phone change — who
 * may bind which phone, and that the session and the account's id survive it.
 */
import type { TestServer } from '../support/test-server';
import { call } from './engagement.fixtures';
import { uploadedPicture } from './uploads.support';
import { freshPhone, IdentityClient, SECOND, TestClock } from './identity.support';
import { backendsForUserCentre } from './user-centre.support';

interface UserInfo { buyerUserId: number; name: string; sex: string; birthday: string; headImage: string; phone: string; notRead: number }

const shanghaiDay = (offsetDays: number): string =>
  new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(backendsForUserCentre())('the user centre profile on $name', (backend) => {
  let server: TestServer;
  let client: IdentityClient;
  const clock = new TestClock();

  beforeAll(async () => {
    server = await backend.start(clock.now);
    client = new IdentityClient(server);
  });
  afterAll(async () => server?.stop());

  const register = async (phone = freshPhone()) => {
    const { body } = await client.signInFresh(phone, 1);
    expect(body.code).toBe('200');
    return { phone, token: body.data.token, userId: body.data.buyerUserId, name: body.data.name, headImage: body.data.headImage };
  };
  const getUser = async (token: string) => (await call<UserInfo>(server, 'GET', '/api/user/getUser', { token })).body;
  const update = (token: string | undefined, body: unknown) => call<UserInfo>(server, 'PUT', '/api/user/update', { token, body });
  /** A fresh code sent to `phone` (a minute on, past the resend window), read from the development outbox. */
  const codeFor = async (phone: string) => {
    clock.advance(61 * SECOND);
    const asked = await client.getCode(phone);
    expect(asked.body.code).toBe('200');
    return client.sentCode(phone);
  };

  describe('saving 个人信息', () => {
    it('answers 修改成功！ with the saved info and an uploaded avatar, and getUser shows it', async () => {
      const me = await register();
      const profile = { name: '爱跑步的小王', sex: '男', birthday: '1990-05-01', headImage: await uploadedPicture(server, me.token) };
      const { status, body } = await update(me.token, profile);
      expect(status).toBe(200);
      expect(body.code).toBe('200');
      expect(body.message).toBe('修改成功！');
      expect(body.data).toEqual(expect.objectContaining({ ...profile, buyerUserId: me.userId, phone: me.phone }));
      expect((await getUser(me.token)).data).toEqual(expect.objectContaining(profile));
      const events = await server.runtime.store.readStream(`user-${me.userId}`);
      expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserProfileUpdated']);
    });

    it('accepts today as a birthday and refuses tomorrow with 生日不能晚于今天, keeping the saved one', async () => {
      const me = await register();
      const base = { name: '小李', sex: '女', headImage: me.headImage };
      expect((await update(me.token, { ...base, birthday: shanghaiDay(0) })).body.code).toBe('200');
      const { body } = await update(me.token, { ...base, birthday: shanghaiDay(2) });
      expect(body).toEqual(expect.objectContaining({ code: '21101', message: '生日不能晚于今天' }));
      expect((await getUser(me.token)).data.birthday).toBe(shanghaiDay(0));
    });

    it('answers 400 naming the field for a bad sex, birthday, name or avatar, and saves nothing', async () => {
      const me = await register();
      const good = { name: '小张', sex: '男', birthday: '1992-02-29', headImage: me.headImage };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...good, sex: '未知' }, '性别'],
        [{ ...good, birthday: '1993-02-29' }, '生日'],
        [{ ...good, birthday: '1990/05/01' }, '生日'],
        [{ ...good, name: '  ' }, '昵称'],
        [{ ...good, name: '名'.repeat(21) }, '昵称'],
        [{ ...good, headImage: 'javascript:alert(1)' }, '头像'],
        [{ ...good, headImage: 'https://evil.example/a.png' }, 'headImage'],
        [{ ...good, headImage: '/api/images/uploads/never-stored.png' }, 'headImage'],
        [{ ...good, headImage: undefined }, '头像'],
      ];
      for (const [body, field] of cases) {
        const answer = await update(me.token, body);
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('400');
        expect(answer.body.message).toContain(field);
      }
      expect((await getUser(me.token)).data.name).toBe(me.name);
    });

    it('asks to log in without a token', async () => {
      const { body } = await update(undefined, { name: 'x', sex: '', birthday: '', headImage: '/a.png' });
      expect(body.code).toBe('20005');
    });
  });

  describe('更换手机号', () => {
    const checkUser = (token: string, phone: string, verificationCode: string) => call(server, 'GET',
      `/api/user/checkUser?phone=${phone}&verificationCode=${encodeURIComponent(verificationCode)}`, { token });
    const updatePhone = (token: string, phone: string, verificationCode: string) =>
      call<UserInfo>(server, 'PUT', '/api/user/updatePhone', { token, body: { phone, verificationCode } });

    it('binds a new phone after the current one is proven, keeping the account, its id and its session', async () => {
      const me = await register();
      expect((await checkUser(me.token, me.phone, await codeFor(me.phone))).body.code).toBe('200');
      const next = freshPhone();
      const { body } = await updatePhone(me.token, next, await codeFor(next));
      expect(body).toEqual(expect.objectContaining({ code: '200', message: '修改成功！' }));
      expect(body.data.phone).toBe(next);
      expect((await getUser(me.token)).data).toEqual(expect.objectContaining({ buyerUserId: me.userId, phone: next }));

      clock.advance(61 * SECOND);
      const viaNew = await client.signInFresh(next, 2);
      expect(viaNew.body.data.buyerUserId).toBe(me.userId);
      clock.advance(61 * SECOND);
      const viaOld = await client.signInFresh(me.phone, 2);
      expect(viaOld.body.code).toBe('21001');
      const newcomer = await client.login({ phone: me.phone, verificationCode: await client.sentCode(me.phone), type: 1 });
      expect(newcomer.body.code).toBe('200');
      expect(newcomer.body.data.buyerUserId).not.toBe(me.userId);
    });

    it('refuses step 1 without step 0 (请先验证原手机号), and the pass is spent by the change', async () => {
      const me = await register();
      const next = freshPhone();
      expect((await updatePhone(me.token, next, '1111')).body.code).toBe('21105');
      expect((await checkUser(me.token, me.phone, await codeFor(me.phone))).body.code).toBe('200');
      expect((await updatePhone(me.token, next, await codeFor(next))).body.code).toBe('200');
      const third = freshPhone();
      expect((await updatePhone(me.token, third, await codeFor(third))).body.code).toBe('21105');
    });

    it('checks only the current phone, with its right code', async () => {
      const me = await register();
      const other = freshPhone();
      expect((await checkUser(me.token, other, await codeFor(other))).body).toEqual(
        expect.objectContaining({ code: '21104', message: '请输入当前绑定的手机号' }));
      const code = await codeFor(me.phone);
      const wrong = code === '1111' ? '2222' : '1111';
      expect((await checkUser(me.token, me.phone, wrong)).body.code).toBe('11005');
      expect((await checkUser(me.token, me.phone, code)).body.code).toBe('200');
    });

    it('refuses a phone another account holds, and the same phone again, changing nothing', async () => {
      const me = await register();
      const someone = await register();
      expect((await checkUser(me.token, me.phone, await codeFor(me.phone))).body.code).toBe('200');
      const taken = await updatePhone(me.token, someone.phone, await codeFor(someone.phone));
      expect(taken.body).toEqual(expect.objectContaining({ code: '21103', message: '该手机号已被其他账号绑定' }));
      expect(taken.body.data).toBeNull();
      expect((await updatePhone(me.token, me.phone, '1234')).body.code).toBe('21102');
      expect((await getUser(me.token)).data.phone).toBe(me.phone);
      expect((await getUser(someone.token)).data.phone).toBe(someone.phone);
    });

    it('answers 400 with the spec\'s messages for a bad phone or an empty code', async () => {
      const me = await register();
      const badPhone = await checkUser(me.token, '12345', '1234');
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.message).toBe('手机号码格式错误');
      const noCode = await updatePhone(me.token, freshPhone(), '');
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe('验证码不能为空');
    });
  });
});
