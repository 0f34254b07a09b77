/**
 * SMS codes over HTTP (spec §4 Login, DESIGN.md §8): format check, 60 s resend window, 5-minute validity,
 * lock after 5 wrong tries, one use per code, no master code, and the ops outbox behind its token.
 */
import type { TestServer } from '../support/test-server';
import { freshPhone, IdentityClient, MINUTE, SECOND, startIdentityServer, TestClock } from './identity.support';

const clock = new TestClock();
let server: TestServer;
let client: IdentityClient;

beforeAll(async () => {
  ({ server, client } = await startIdentityServer(clock));
});
afterAll(async () => server?.stop());

describe('asking for a code', () => {
  it('sends a 4-digit code of digits 1-9 and answers 验证码获取成功', async () => {
    const phone = freshPhone();
    const { status, body } = await client.getCode(phone);
    expect(status).toBe(200);
    expect(body).toEqual({ code: '200', message: '验证码获取成功', data: null });
    expect(await client.sentCode(phone)).toMatch(/^[1-9]{4}$/);
  });

  it.each([['12800138000'], ['1380013800'], ['abc'], ['']])('rejects the phone %j with 手机号格式错误请重新输入', async (phone) => {
    const { status, body } = await client.getCode(phone);
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toBe('手机号格式错误请重新输入');
  });

  it('answers a missing phone with the same message', async () => {
    const { status, body } = await client.call('GET', '/api/app/getCode');
    expect(status).toBe(400);
    expect(body.message).toBe('手机号格式错误请重新输入');
  });
});

describe('asking again for the same phone', () => {
  it('is refused within 60 s with 11006, and allowed after, with a new live code', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const first = await client.sentCode(phone);

    clock.advance(59 * SECOND);
    const early = await client.getCode(phone);
    expect(early.body).toEqual({ code: '11006', message: '验证码已发送，请60秒后再试', data: null });
    expect(await client.sentCode(phone)).toBe(first);

    clock.advance(1 * SECOND);
    expect((await client.getCode(phone)).body.code).toBe('200');
    const second = await client.sentCode(phone);
    const signedIn = await client.login({ phone, verificationCode: second, type: 1 });
    expect(signedIn.body.code).toBe('200');
  });

  it('limits each phone on its own', async () => {
    const [a, b] = [freshPhone(), freshPhone()];
    expect((await client.getCode(a)).body.code).toBe('200');
    expect((await client.getCode(b)).body.code).toBe('200');
  });
});

describe('a code over time', () => {
  it('still works 4 min 59 s after it was sent', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    clock.advance(4 * MINUTE + 59 * SECOND);
    expect((await client.login({ phone, verificationCode: code, type: 1 })).body.code).toBe('200');
  });

  it('is refused with 11005 验证码有误 once 5 minutes have passed', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    clock.advance(5 * MINUTE);
    const { body } = await client.login({ phone, verificationCode: code, type: 1 });
    expect(body).toEqual({ code: '11005', message: '验证码有误', data: null });
  });

  it('works once: a second sign-in with it answers 11005', async () => {
    const phone = freshPhone();
    const registered = await client.signInFresh(phone, 1);
    expect(registered.body.code).toBe('200');
    const code = await client.sentCode(phone);
    const again = await client.login({ phone, verificationCode: code, type: 2 });
    expect(again.body.code).toBe('11005');
  });
});

describe('wrong codes', () => {
  const wrongFor = (code: string) => (code === '1111' ? '2222' : '1111');

  it('answer 11005 four times, lock the code on the fifth, and refuse even the right code then', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    for (let i = 0; i < 4; i += 1) {
      expect((await client.login({ phone, verificationCode: wrongFor(code), type: 1 })).body.code).toBe('11005');
    }
    const fifth = await client.login({ phone, verificationCode: wrongFor(code), type: 1 });
    expect(fifth.body).toEqual({ code: '11007', message: '验证码错误次数过多，请重新获取', data: null });
    const right = await client.login({ phone, verificationCode: code, type: 1 });
    expect(right.body.code).toBe('11007');
  });

  it('leave the phone free to get a new code after the resend window', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    for (let i = 0; i < 5; i += 1) await client.login({ phone, verificationCode: wrongFor(code), type: 1 });
    clock.advance(60 * SECOND);
    expect((await client.signInFresh(phone, 1)).body.code).toBe('200');
  });

  it('answer an empty code with 400 请输入验证码', async () => {
    const { status, body } = await client.login({ phone: freshPhone(), verificationCode: '', type: 2 });
    expect(status).toBe(400);
    expect(body.message).toBe('请输入验证码');
  });
});

describe('the master code of the original system', () => {
  it('does not sign in a phone that was never sent a code', async () => {
    const { body } = await client.login({ phone: freshPhone(), verificationCode: '9999', type: 1 });
    expect(body.code).toBe('11005');
  });

  it('does not replace the code that was sent', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    while ((await client.sentCode(phone)) === '9999') {
      clock.advance(60 * SECOND);
      await client.getCode(phone);
    }
    expect((await client.login({ phone, verificationCode: '9999', type: 1 })).body.code).toBe('11005');
    expect((await client.login({ phone, verificationCode: '9999', type: 2 })).body.code).toBe('11005');
  });
});

describe('the ops outbox', () => {
  it('refuses a reader without the ops token', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const { status } = await client.call('GET', `/internal/sms?phone=${phone}`);
    expect(status).toBe(403);
  });

  it('answers 11008 for a phone that was sent nothing', async () => {
    const { body } = await client.call('GET', `/internal/sms?phone=${freshPhone()}`, { headers: { 'x-ops-token': server.opsToken } });
    expect(body.code).toBe('11008');
  });

  it('keeps the text of the message with the code', async () => {
    const phone = freshPhone();
    await client.getCode(phone);
    const { body } = await client.call<{ code: string; text: string }>('GET', `/internal/sms?phone=${phone}`, {
      headers: { 'x-ops-token': server.opsToken },
    });
    expect(body.data.text).toBe(`您好,您的验证码为：${body.data.code},请妥善保管,5分钟后失效`);
  });
});
