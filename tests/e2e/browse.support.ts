/** Helpers of the browse e2e suite: what each layout block shows once rendered, and reading shown prices. */

/** A selector inside `section[data-block=<type>]` that exists only when the block rendered its content. */
export const blockSelectors: Record<string, string> = {
  banner: '.canvas-banner img',
  text: '.canvas-text__title',
  imageText: '.canvas-image-text img',
  brandList: '.canvas-brands__item img',
  categoryList: '.canvas-categories__item',
  imageTextList: '.canvas-cards__item',
  assistDiv: '.canvas-assist',
  imageTextNav: '.canvas-nav__item',
  productList: '[data-testid="product-card"]',
  videoBox: '.canvas-video__frame img',
  coupon: '[data-testid="coupon-ticket"]',
  custom: '.canvas-cube__cell img',
  shopHead: '.canvas-shop-header',
  shopHeader: '.canvas-shop-header',
  groupList: '[data-testid="activity-group"]',
  spikeList: '[data-testid="activity-seckill"]',
  discountList: '[data-testid="activity-discount"]',
};

/** The component types a layout shows: all but the fourth (spec §4), once each. */
export function visibleBlockTypes(layout: Array<{ type: string }>): string[] {
  return [...new Set(layout.filter((_, i) => i !== 3).map((c) => c.type))];
}

/** "¥3,999.00" → 3999. */
export const priceOf = (shown: string): number => Number(shown.replace(/[¥,\s]/g, ''));
