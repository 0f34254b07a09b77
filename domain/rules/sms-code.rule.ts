import { z } from 'zod';

const nonEmptyCode = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

/** Login and register: 请输入验证码. */
export const VerificationCode = nonEmptyCode('请输入验证码');

/** The phone-change steps word it differently: 验证码不能为空. */
export const ChangePhoneCode = nonEmptyCode('验证码不能为空');
