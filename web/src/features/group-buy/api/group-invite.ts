import { api } from '../../../lib/api-client';

/** `POST /work/getInvite` (origin-contract §8): the group as a member or an invited friend sees it. */
export interface GroupInvite {
  collageId: number;
  /** the leader's avatar */
  headImage: string;
  productName: string;
  image: string;
  originalPrice: number;
  /** 拼团价 */
  price: number;
  /** group size */
  person: number;
  /** members still missing */
  people: number;
  /** 0 forming, 1 success, 2 failed */
  state: number;
  personList: Array<{ id: number; headImage: string }>;
  /** ms left while forming */
  time: number;
  shopId: number;
  productId: number;
  skuId: number;
  shopGroupWorkId: number;
  /** the caller's own order in the group; 0 when not a member */
  orderId: number;
  canJoin: boolean;
}

export const getInvite = (collageId: number, signal?: AbortSignal) =>
  api.post<GroupInvite>('/work/getInvite', { collageId }, signal);

/** `GET /work/getShare` (spec §7 Share): the invite page's link and its QR image. */
export interface GroupShare { collageId: number; url: string; qrcode: string }

export const getShare = (collageId: number, orderId: number, signal?: AbortSignal) =>
  api.get<GroupShare>('/work/getShare', { collageId, orderId, type: 0 }, signal);
