import type { GroupInvite, GroupShare } from '../../../../../domain/group-buy/group-invite.contract';
import { api } from '../../../lib/api-client';

export type { GroupInvite, GroupShare } from '../../../../../domain/group-buy/group-invite.contract';

/** `POST /work/getInvite` (origin-contract §8): the group as a member or an invited friend sees it. */
export const getInvite = (collageId: number, signal?: AbortSignal) =>
  api.post<GroupInvite>('/work/getInvite', { collageId }, signal);

/** `GET /work/getShare` (spec §7 Share): the invite page's link and its QR image. */
export const getShare = (collageId: number, orderId: number, signal?: AbortSignal) =>
  api.get<GroupShare>('/work/getShare', { collageId, orderId, type: 0 }, signal);
