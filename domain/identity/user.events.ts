/**
 * The shopper account as events (stream `user-<userId>`). Registration is the one business fact here; SMS codes and
 * sessions are short-lived security state kept in their own tables (DESIGN.md §1).
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../rules/phone.rule';

export const USER_REGISTERED = 'UserRegistered' as const;

export const UserRegistered = z.object({
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  phone: z.string().regex(PHONE_PATTERN),
  /** 'MJ' and 5 random digits, as the original system named new shoppers (origin-contract §2). */
  name: z.string().min(1).max(30),
  /** A generated default avatar until the shopper uploads one. */
  headImage: z.string().min(1),
  registeredAt: z.string().datetime({ offset: true }),
});
export type UserRegistered = z.infer<typeof UserRegistered>;

export type UserEvent = { type: typeof USER_REGISTERED; data: UserRegistered };

export const userStream = (userId: number): string => `user-${userId}`;
