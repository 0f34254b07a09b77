/** The random parts of identity, drawn with node:crypto: SMS codes, new shoppers' names, their default avatars. */
import { randomInt } from 'node:crypto';
import { SMS_CODE_POLICY } from '../../domain/identity/sms-code.policy';

/** 4 digits 1–9 (origin-contract §2). */
export const newSmsCode = (): string =>
  Array.from({ length: SMS_CODE_POLICY.length }, () => randomInt(1, 10)).join('');

/** 'MJ' and 5 random digits (origin-contract §2). */
export const newUserName = (): string => `MJ${randomInt(0, 100000).toString().padStart(5, '0')}`;

/** Served by the avatar route: an SVG drawn from the id, so every shopper starts with a distinct picture. */
export const defaultAvatarUrl = (userId: number): string => `/api/app/avatar/${userId}.svg`;
