import { z } from 'zod';

/** Mainland mobile number (spec §5): 1, then 3–9, 11 digits in all. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * The spec gives three wordings for a bad number, one per screen: the login/register screen, the phone-change
 * steps, and the SMS-code request (which asks to retype). The address form uses `login`'s wording too.
 */
export const phoneMessages = {
  login: '手机号格式错误',
  changePhone: '手机号码格式错误',
  codeRequest: '手机号格式错误请重新输入',
} as const;
export type PhoneScreen = keyof typeof phoneMessages;

export const phoneRule = (screen: PhoneScreen) => {
  const message = phoneMessages[screen];
  return z.string({ error: message }).trim().regex(PHONE_PATTERN, message);
};

export const LoginPhone = phoneRule('login');
export const ChangePhoneNumber = phoneRule('changePhone');
export const CodeRequestPhone = phoneRule('codeRequest');
