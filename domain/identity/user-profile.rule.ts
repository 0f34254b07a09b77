/**
 * 个人信息 (spec §3 user info, §7 Update user): the rules of the form, shared by the API edge and the web form so both
 * say the same Chinese message naming the field. The birthday's "not in the future" needs a clock: the decider checks it.
 */
import { z } from 'zod';

export const USER_NAME_MAX = 20;

const BIRTHDAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day (2023-02-30 is not). */
export const isCalendarDay = (text: string): boolean => {
  if (!BIRTHDAY_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && y >= 1900;
};

export const UpdateProfileForm = z.object({
  name: z.string({ error: '昵称不能为空' }).trim().min(1, '昵称不能为空').max(USER_NAME_MAX, `昵称不能超过${USER_NAME_MAX}个字`),
  sex: z.enum(['男', '女', ''], { error: '性别只能是男或女' }).default(''),
  birthday: z.string({ error: '生日格式应为yyyy-MM-dd' }).trim()
    .refine((text) => text === '' || isCalendarDay(text), '生日格式应为yyyy-MM-dd').default(''),
  headImage: z.string({ error: '头像不能为空' }).trim().min(1, '头像不能为空').max(500, '头像地址过长')
    .refine((url) => url.startsWith('/') || /^https?:\/\//.test(url), '头像地址无效'),
});
export type UpdateProfileForm = z.infer<typeof UpdateProfileForm>;
