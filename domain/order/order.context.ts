import type {
  AfterSaleClosed, AfterSaleLine, AfterSaleOpened, LineReviewed, OrderCancelled, OrderLine, OrderPaid, OrderPlaced,
  OrderShipped,
} from './order.events';

/** What the order machine remembers besides its state: the facts later transitions and the API need. */
export interface OrderLineState extends OrderLine {
  commentId: number | null;
  /** units refunded through after-sales */
  refundedNumber: number;
  /** the line's latest after-sale, open or closed */
  afterSale: { afterSaleId: number; open: boolean; afterState: number } | null;
}

export interface OrderContext {
  order: Omit<OrderPlaced['data'], 'lines'> | null;
  lines: OrderLineState[];
  payment: Omit<OrderPaid['data'], 'intoFormingGroup'> | null;
  groupSucceededAt: string | null;
  shipment: Omit<OrderShipped['data'], 'autoConfirmAt'> | null;
  /** when receipt confirms itself; null while paused or not shipped */
  autoConfirmAt: string | null;
  /** remaining auto-confirm time frozen while an after-sale is open */
  autoConfirmRemainingMs: number | null;
  /** afterSaleUntil: when after-sales on the completed order close (after-sale-window.ts) */
  confirmed: { auto: boolean; confirmedAt: string; afterSaleUntil: string } | null;
  cancelled: OrderCancelled['data'] | null;
  closedAt: string | null;
  deletedAt: string | null;
  /** open after-sales and the lines they hold */
  openAfterSales: Record<number, AfterSaleLine[]>;
}

export const emptyOrderContext: OrderContext = {
  order: null, lines: [], payment: null, groupSucceededAt: null, shipment: null, autoConfirmAt: null,
  autoConfirmRemainingMs: null, confirmed: null, cancelled: null, closedAt: null, deletedAt: null, openAfterSales: {},
};

export function placed(data: OrderPlaced['data']): Pick<OrderContext, 'order' | 'lines'> {
  const { lines, ...order } = data;
  return { order, lines: lines.map((l) => ({ ...l, commentId: null, refundedNumber: 0, afterSale: null })) };
}

export const isGroupBuy = (c: OrderContext): boolean => (c.order?.collageId ?? 0) > 0;

export const lineOf = (c: OrderContext, skuId: number): OrderLineState | undefined =>
  c.lines.find((l) => l.skuId === skuId);

export const hasOpenAfterSale = (c: OrderContext): boolean => Object.keys(c.openAfterSales).length > 0;

export const isLineFullyRefunded = (l: OrderLineState): boolean => l.refundedNumber >= l.number;

/** A line may get an after-sale when none is open on it and some of it is still unrefunded. */
export const isLineAfterSaleable = (l: OrderLineState): boolean => !l.afterSale?.open && !isLineFullyRefunded(l);

export const everyLineRefunded = (c: OrderContext): boolean => c.lines.length > 0 && c.lines.every(isLineFullyRefunded);

export const everyLineReviewed = (c: OrderContext): boolean => c.lines.every((l) => l.commentId !== null);

export function canOpenAfterSale(c: OrderContext, e: AfterSaleOpened['data']): boolean {
  if (e.afterSaleId in c.openAfterSales) return false;
  const skuIds = new Set(e.lines.map((l) => l.skuId));
  if (skuIds.size !== e.lines.length) return false;
  return e.lines.every((wanted) => {
    const line = lineOf(c, wanted.skuId);
    return line !== undefined && isLineAfterSaleable(line) && wanted.number <= line.number - line.refundedNumber;
  });
}

export function afterSaleOpened(c: OrderContext, e: AfterSaleOpened['data']): Partial<OrderContext> {
  const held = new Set(e.lines.map((l) => l.skuId));
  return {
    openAfterSales: { ...c.openAfterSales, [e.afterSaleId]: e.lines },
    lines: c.lines.map((l) => (held.has(l.skuId)
      ? { ...l, afterSale: { afterSaleId: e.afterSaleId, open: true, afterState: 1 } } : l)),
  };
}

export function afterSaleClosed(c: OrderContext, e: AfterSaleClosed['data']): Partial<OrderContext> {
  const held = new Map((c.openAfterSales[e.afterSaleId] ?? []).map((l) => [l.skuId, l.number]));
  const { [e.afterSaleId]: _closed, ...stillOpen } = c.openAfterSales;
  return {
    openAfterSales: stillOpen,
    lines: c.lines.map((l) => {
      const number = held.get(l.skuId);
      if (number === undefined) return l;
      const refundedNumber = e.outcome === 'refunded' ? Math.min(l.number, l.refundedNumber + number) : l.refundedNumber;
      return { ...l, refundedNumber, afterSale: { afterSaleId: e.afterSaleId, open: false, afterState: e.afterState } };
    }),
  };
}

export const canReviewLine = (c: OrderContext, e: LineReviewed['data']): boolean =>
  lineOf(c, e.skuId)?.commentId === null;

export const lineReviewed = (c: OrderContext, e: LineReviewed['data']): Partial<OrderContext> => ({
  lines: c.lines.map((l) => (l.skuId === e.skuId ? { ...l, commentId: e.commentId } : l)),
});

/** Fen the shopper paid for this order (0 while unpaid). */
export const paidAmount = (c: OrderContext): number => c.payment?.amount ?? 0;
