/**
 * What the group-invite calls answer (origin-contract §8; services/api/group-buy, web/src/features/group-buy):
 * `POST /work/getInvite` → GroupInvite, the group as a member or an invited friend sees it; `GET /work/getShare` →
 * GroupShare, the invite page's link and its QR.
 */
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
  /** 0 forming, 1 succeeded, 2 failed */
  state: number;
  personList: Array<{ id: number; headImage: string }>;
  /** ms until the group fails unless complete (0 once it is decided) */
  time: number;
  shopId: number;
  productId: number;
  skuId: number;
  shopGroupWorkId: number;
  /** this shopper's own order in the group (0: not a member) */
  orderId: number;
  /** forming, time left, a free place, and this shopper not in it yet */
  canJoin: boolean;
}

export interface GroupShare {
  collageId: number;
  /** the invite page, absolute */
  url: string;
  /** the QR of `url`, an image URL (data:image/svg+xml) */
  qrcode: string;
  headImage: string;
  image: string;
}
