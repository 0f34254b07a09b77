import { z } from 'zod';

/**
 * Stock of one SKU (stream `sku-<skuId>`). The first append carries StockInitialised with the quantity the catalogue
 * listed (ProductListed), appended with expected revision `no_stream`, so two first buyers cannot both initialise it.
 * A reservation is taken at submit for one order (reservationId = the orderId) and stays taken once the order is
 * paid; it is released when the order closes unpaid or is cancelled. Available = quantity − reserved, never negative.
 */
const Id = z.number().int().positive();
const Count = z.number().int().positive();

export const StockInitialised = z.object({
  type: z.literal('StockInitialised'),
  data: z.object({ skuId: Id, quantity: z.number().int().nonnegative() }),
});
export type StockInitialised = z.infer<typeof StockInitialised>;

export const StockReserved = z.object({
  type: z.literal('StockReserved'),
  data: z.object({ skuId: Id, reservationId: Id, userId: Id, number: Count, available: z.number().int().nonnegative() }),
});
export type StockReserved = z.infer<typeof StockReserved>;

export const StockReleaseReason = z.enum(['checkout-failed', 'order-closed']);
export type StockReleaseReason = z.infer<typeof StockReleaseReason>;

export const StockReleased = z.object({
  type: z.literal('StockReleased'),
  data: z.object({
    skuId: Id, reservationId: Id, number: Count, reason: StockReleaseReason, available: z.number().int().nonnegative(),
  }),
});
export type StockReleased = z.infer<typeof StockReleased>;

export const StockRestocked = z.object({
  type: z.literal('StockRestocked'),
  data: z.object({ skuId: Id, added: Count, available: z.number().int().nonnegative() }),
});
export type StockRestocked = z.infer<typeof StockRestocked>;

export const StockEvent = z.discriminatedUnion('type', [StockInitialised, StockReserved, StockReleased, StockRestocked]);
export type StockEvent = z.infer<typeof StockEvent>;
export const stockEventTypes: readonly StockEvent['type'][] = StockEvent.options.map((o) => o.shape.type.value);

export const skuStream = (skuId: number): string => `sku-${skuId}`;
