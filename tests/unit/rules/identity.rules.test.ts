import { ChangePhoneForm, LoginForm, RegisterAgreement, RegisterForm } from '../../../domain/rules/login.rule';
import { ChangePhoneNumber, CodeRequestPhone, LoginPhone } from '../../../domain/rules/phone.rule';
import { ChangePhoneCode, VerificationCode } from '../../../domain/rules/sms-code.rule';
import { messageOf, messagesOf } from './rules.support';

describe('a mainland mobile number', () => {
  it.each(['13800138000', '19912345678', ' 15012345678 '])('%s passes', (phone) => {
    expect(messageOf(LoginPhone, phone)).toBeNull();
  });

  it.each([
    ['a second digit of 2', '12800138000'],
    ['ten digits', '1380013800'],
    ['twelve digits', '138001380001'],
    ['a leading 2', '23800138000'],
    ['letters', '1380013800a'],
    ['nothing', ''],
    ['no value', undefined],
  ])('fails with %s', (_, phone) => {
    expect(messageOf(LoginPhone, phone)).toBe('手机号格式错误');
  });
});

describe('a bad number on each screen', () => {
  it.each([
    ['login', LoginPhone, '手机号格式错误'],
    ['phone change', ChangePhoneNumber, '手机号码格式错误'],
    ['code request', CodeRequestPhone, '手机号格式错误请重新输入'],
  ] as const)('on %s reads %s', (_, rule, message) => {
    expect(messageOf(rule, '123')).toBe(message);
  });
});

describe('an SMS code left empty', () => {
  it.each([['', '请输入验证码'], ['  ', '请输入验证码'], [undefined, '请输入验证码']])('%j at login reads %s', (code, message) => {
    expect(messageOf(VerificationCode, code)).toBe(message);
  });

  it('in the phone change steps reads 验证码不能为空', () => {
    expect(messageOf(ChangePhoneCode, '')).toBe('验证码不能为空');
  });

  it('passes once typed', () => {
    expect(messageOf(VerificationCode, '4821')).toBeNull();
  });
});

describe('a registration', () => {
  it('without the agreement ticked reads 请阅读并同意服务协议', () => {
    expect(messageOf(RegisterAgreement, false)).toBe('请阅读并同意服务协议');
    expect(messagesOf(RegisterForm, { phone: '13800138000', verificationCode: '1234', type: 1 })).toEqual({ agreed: '请阅读并同意服务协议' });
  });

  it('with it ticked passes', () => {
    expect(RegisterForm.parse({ phone: '13800138000', verificationCode: '1234', type: 1, agreed: true }).type).toBe(1);
  });
});

describe('a login request', () => {
  it('defaults to type 2 (login)', () => {
    expect(LoginForm.parse({ phone: '13800138000', verificationCode: '1234' }).type).toBe(2);
  });

  it('names each bad field', () => {
    expect(messagesOf(LoginForm, { phone: '1', verificationCode: '' })).toEqual({ phone: '手机号格式错误', verificationCode: '请输入验证码' });
  });
});

describe('a phone change', () => {
  it('names each bad field with the phone-change wording', () => {
    expect(messagesOf(ChangePhoneForm, { phone: '1', verificationCode: '' })).toEqual({ phone: '手机号码格式错误', verificationCode: '验证码不能为空' });
  });
});
