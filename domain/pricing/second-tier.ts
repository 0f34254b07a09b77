/**
 * The second tier of a SKU's activity matching (origin-contract §5.1, issue 33 §2). Tier one is the price activities,
 * in priority: platform seckill → platform discount → shop seckill → shop discount (and a group buy when the checkout
 * opens or joins a group); a line priced by one of them takes no second-tier activity. Every other line is tried, in
 * this order, against 定价捆绑 (activityType 6), 组合捆绑 (7), 场景营销 (8) and 会员价 (9), and gets at most one of them.
 *
 * Each matcher is built by the service layer from the facts it needs (a shop's bundles, the compose the shopper chose,
 * the shopper's member level, ...) and sees only the lines that no earlier matcher claimed. A claim says what the
 * activity takes off the line's goods (unit price × number): a bundle's fixed price spreads over several lines, so a
 * reduction in fen, not a new unit price, is what settlement records and after-sale pro-rates.
 */
export const SecondTierType = { priceBundle: 6, composeBundle: 7, scene: 8, memberPrice: 9 } as const;
export type SecondTierActivityType = (typeof SecondTierType)[keyof typeof SecondTierType];

/** The priority of the second tier, first to last. */
export const secondTierOrder: readonly SecondTierActivityType[] = [
  SecondTierType.priceBundle, SecondTierType.composeBundle, SecondTierType.scene, SecondTierType.memberPrice,
];

export interface TierLine {
  /** unique per line of one checkout: `${shopId}:${skuId}` */
  key: string;
  shopId: number;
  productId: number;
  skuId: number;
  /** the list price: tier-one lines never reach the second tier */
  unitPriceFen: number;
  number: number;
}

export interface TierClaim {
  key: string;
  activityType: SecondTierActivityType;
  activityId: number;
  /** what the activity takes off the line's goods, in fen: 0 ≤ reductionFen ≤ unitPriceFen × number */
  reductionFen: number;
  /** 场景营销 may waive the shop's shipping */
  freeShipping: boolean;
  /** coupons may be used with it (the activity's ifAdd) */
  ifAdd: 0 | 1;
  /** the settlement's skuDiscountInfoMap texts for the line, e.g. ['定价捆绑  1.00元任选3件 x 1', '优惠￥5.00'] */
  info: string[];
}

export type SecondTierMatcher = (lines: readonly TierLine[]) => TierClaim[];

export const tierLineKey = (shopId: number, skuId: number): string => `${shopId}:${skuId}`;

/**
 * Runs the matchers in priority order (the caller passes them in `secondTierOrder`): each sees the lines still open, a
 * line claimed once stays with its first claim. A claim for a line the matcher was not given, or outside the line's
 * goods, is a programming error, not a shopper's.
 */
export function matchSecondTier(lines: readonly TierLine[], matchers: readonly SecondTierMatcher[]): Map<string, TierClaim> {
  const claims = new Map<string, TierClaim>();
  for (const matcher of matchers) {
    const open = lines.filter((line) => !claims.has(line.key));
    if (open.length === 0) break;
    const byKey = new Map(open.map((line) => [line.key, line]));
    for (const claim of matcher(open)) {
      const line = byKey.get(claim.key);
      if (!line) throw new Error(`second tier: claim for a line not offered (${claim.key})`);
      if (!Number.isInteger(claim.reductionFen) || claim.reductionFen < 0 || claim.reductionFen > line.unitPriceFen * line.number) {
        throw new Error(`second tier: reduction ${claim.reductionFen} outside the goods of line ${claim.key}`);
      }
      if (!claims.has(claim.key)) claims.set(claim.key, claim);
    }
  }
  return claims;
}
