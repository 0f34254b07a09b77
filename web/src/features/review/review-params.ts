/**
 * The review routes' query parameters (spec §2): /evaluate?product=<JSON of the order with its skus>, and
 * /evaluateDetail, /addEvaluate ?data=<serialized evaluation>. Parsed leniently (a link typed by hand, an older shape)
 * and never trusted: the server checks everything again.
 */
import { z } from 'zod';

const Id = z.coerce.number().int().min(0);

const EvaluateSku = z.object({
  productId: Id,
  skuId: Id,
  productName: z.string().default(''),
  image: z.string().default(''),
  values: z.union([z.array(z.string()), z.string()]).default([]),
  value: z.string().optional(),
  commentId: z.coerce.number().nullable().optional(),
});

export const EvaluateOrder = z.object({
  orderId: Id.refine((n) => n > 0),
  collageId: Id.default(0),
  skus: z.array(EvaluateSku).min(1),
});
export type EvaluateOrder = z.infer<typeof EvaluateOrder>;
export type EvaluateSku = z.infer<typeof EvaluateSku>;

export const skuValues = (sku: EvaluateSku): string =>
  sku.value ?? (Array.isArray(sku.values) ? sku.values.join(',') : sku.values);

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The order to review, with only its lines still awaiting a review; null when the link is broken. */
export function evaluateOrderOf(product: string | null): EvaluateOrder | null {
  const parsed = EvaluateOrder.safeParse(parseJson(product));
  if (!parsed.success) return null;
  const skus = parsed.data.skus.filter((s) => !s.commentId);
  return skus.length > 0 ? { ...parsed.data, skus } : null;
}

/** The commentId of a serialized evaluation (`data`), or a bare number. */
export function commentIdOf(data: string | null): number | null {
  const parsed = z.object({ commentId: Id.refine((n) => n > 0) }).safeParse(parseJson(data));
  if (parsed.success) return parsed.data.commentId;
  const bare = Number(data);
  return Number.isSafeInteger(bare) && bare > 0 ? bare : null;
}

export const evaluationLink = (route: '/evaluateDetail' | '/addEvaluate', commentId: number): string =>
  `${route}?data=${encodeURIComponent(JSON.stringify({ commentId }))}`;
