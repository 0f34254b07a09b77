import type { CollageCommand } from '../../../domain/group-buy/collage.commands';
import type { CollageEvent } from '../../../domain/group-buy/collage.events';

export const T0 = Date.parse('2025-03-01T02:00:00.000Z');
export const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);
export const iso = (minutes: number): string => at(minutes).toISOString();

export const leader = { userId: 501, orderId: 7001, headImage: 'https://img/leader.png' };
export const member = (n: number) => ({ userId: 600 + n, orderId: 8000 + n, headImage: `https://img/m${n}.png` });

/** a group of 3 for 24 hours */
export const opened = (size = 3): CollageEvent => ({
  type: 'CollageOpened',
  data: {
    collageId: 88, shopGroupWorkId: 41, shopId: 9, productId: 101, skuId: 11, size, leader,
    openedAt: iso(0), deadline: iso(24 * 60),
  },
});
export const joined = (n: number, minutes = n): CollageEvent =>
  ({ type: 'CollageMemberJoined', data: { ...member(n), joinedAt: iso(minutes) } });
export const paid = (orderId: number, minutes = 30): CollageEvent =>
  ({ type: 'CollageMemberPaid', data: { orderId, paidAt: iso(minutes) } });
export const left = (orderId: number): CollageEvent =>
  ({ type: 'CollageMemberLeft', data: { orderId, reason: 'unpaid-timeout', leftAt: iso(60) } });

export const cmd = <T extends CollageCommand['type']>(type: T, data: Extract<CollageCommand, { type: T }>['data']): CollageCommand =>
  ({ type, data }) as CollageCommand;
