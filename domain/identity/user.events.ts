/**
 * The shopper account as events (stream `user-<userId>`): registration, the profile the shopper edits in 个人信息 and
 * the phone they bind in 更换手机号. SMS codes and sessions are short-lived security state kept in their own tables
 * (DESIGN.md §1).
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../rules/phone.rule';

export const USER_REGISTERED = 'UserRegistered' as const;
export const USER_PROFILE_UPDATED = 'UserProfileUpdated' as const;
export const USER_PHONE_CHANGED = 'UserPhoneChanged' as const;

const UserId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const UserRegistered = z.object({
  userId: UserId,
  phone: z.string().regex(PHONE_PATTERN),
  /** 'MJ' and 5 random digits, as the original system named new shoppers (origin-contract §2). */
  name: z.string().min(1).max(30),
  /** A generated default avatar until the shopper uploads one. */
  headImage: z.string().min(1),
  registeredAt: z.string().datetime({ offset: true }),
});
export type UserRegistered = z.infer<typeof UserRegistered>;

/** The whole profile as saved (spec §7 Update user: name, sex, birthday, headImage); '' = not given yet. */
export const UserProfileUpdated = z.object({
  userId: UserId,
  name: z.string().min(1).max(30),
  sex: z.enum(['男', '女', '']),
  birthday: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/),
  headImage: z.string().min(1).max(500),
});
export type UserProfileUpdated = z.infer<typeof UserProfileUpdated>;

export const UserPhoneChanged = z.object({
  userId: UserId,
  previousPhone: z.string().regex(PHONE_PATTERN),
  phone: z.string().regex(PHONE_PATTERN),
});
export type UserPhoneChanged = z.infer<typeof UserPhoneChanged>;

export type UserEvent =
  | { type: typeof USER_REGISTERED; data: UserRegistered }
  | { type: typeof USER_PROFILE_UPDATED; data: UserProfileUpdated }
  | { type: typeof USER_PHONE_CHANGED; data: UserPhoneChanged };

export const userStream = (userId: number): string => `user-${userId}`;
