import { fail } from '../shared/errors';
import type { Fen } from '../shared/money';
import { mulDivFloor } from './fen-math';
import type { ShopSettlement } from './settlement';

/**
 * The refund of an after-sale, from what the order recorded at settlement (origin-contract §6: the refund is
 * recomputed by the server, never taken from the client).
 *
 * Rules:
 * - a line's refundable money is what was paid for it: goods − its recorded coupon reductions (netFen);
 * - a claim of n of its q units, with c units already claimed by other open or completed after-sales, refunds
 *   floor(net × (c + n) / q) − floor(net × c / q): partial claims round down and the claim completing the line
 *   takes the remainder, so all claims of a line sum exactly to its net;
 * - the shop's shipping, as paid (shipping − the coupon part that reduced it), is added when the shopper has not
 *   received the goods (goodsState 0) and this claim completes the refund of every unit of every line
 *   (origin bug history: 用户申请退款时不会退回运费 was fixed this way).
 */
export interface RecordedLine {
  skuId: number;
  number: number;
  goodsFen: Fen;
  /** Shop + platform coupon reductions allocated to the line at settlement. */
  reductionFen: Fen;
  /** Units already in after-sales that are not closed (open or refunded). */
  claimedNumber: number;
}

export interface RecordedShopOrder { shippingFen: Fen; shippingReductionFen: Fen; lines: RecordedLine[] }

export interface RefundClaim { skuId: number; number: number }

export interface RefundLine { skuId: number; number: number; refundFen: Fen }

export interface RefundQuote { lines: RefundLine[]; shippingRefundFen: Fen; totalFen: Fen }

export function quoteRefund(order: RecordedShopOrder, claims: readonly RefundClaim[], goodsReceived: boolean): RefundQuote {
  if (claims.length === 0) fail('afterSaleLinesRequired');
  if (new Set(claims.map((c) => c.skuId)).size !== claims.length) fail('afterSaleLineRepeated');
  const lines = claims.map((claim) => {
    const line = order.lines.find((l) => l.skuId === claim.skuId) ?? fail('afterSaleLineInvalid');
    if (!Number.isSafeInteger(claim.number) || claim.number < 1 || line.claimedNumber + claim.number > line.number) {
      fail('afterSaleQuantityExceeded');
    }
    const net = line.goodsFen - line.reductionFen;
    const refundFen = mulDivFloor(net, line.claimedNumber + claim.number, line.number)
      - mulDivFloor(net, line.claimedNumber, line.number);
    return { skuId: claim.skuId, number: claim.number, refundFen };
  });
  const completesOrder = order.lines.every((line) => {
    const claimed = claims.find((c) => c.skuId === line.skuId)?.number ?? 0;
    return line.claimedNumber + claimed === line.number;
  });
  const shippingRefundFen = !goodsReceived && completesOrder ? order.shippingFen - order.shippingReductionFen : 0;
  return { lines, shippingRefundFen, totalFen: lines.reduce((s, l) => s + l.refundFen, 0) + shippingRefundFen };
}

/** What an order records from its shop's settlement, before any after-sale. */
export function recordSettlement(shop: ShopSettlement): RecordedShopOrder {
  return {
    shippingFen: shop.shippingFen,
    shippingReductionFen: shop.shippingReductionFen,
    lines: shop.lines.map((l) => ({
      skuId: l.skuId, number: l.number, goodsFen: l.goodsFen, reductionFen: l.shopCouponFen + l.platformCouponFen, claimedNumber: 0,
    })),
  };
}
