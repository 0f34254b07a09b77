/**
 * Query strings of the browse calls (spec §7, origin-contract §3). The storefront sends unset filters as empty
 * strings (`ifNew=`, `type=`), so '' counts as absent everywhere. Malformed values answer 400 naming the field.
 */
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { PageQuery } from '../paging';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const IdParam = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
export const OptionalId = z.preprocess(blankToUndefined, IdParam.optional());
/** Sort direction: 1 ascending, 2 descending; 0 or absent = default order. */
const Direction = z.preprocess(blankToUndefined, decimal(z.number().int().min(0).max(2).optional()))
  .transform((n) => (n === 1 || n === 2 ? n : undefined));
const Money = z.preprocess(blankToUndefined, decimal(z.number().min(0).max(100_000_000).optional()));
/** A keyword: trimmed, at most 50 characters; '' = everything. */
const Keyword = z.preprocess(blankToUndefined, z.string().max(50).optional())
  .transform((s) => (s ?? '').trim());

/** Sort codes (spec §4): price `type`, sales `volume`. */
export const Sort = { type: Direction, volume: Direction };

export const SearchProductsQuery = PageQuery(12).extend({ search: Keyword, ...Sort, minMoney: Money, maxMoney: Money });
export type SearchProductsQuery = z.infer<typeof SearchProductsQuery>;

export const SearchShopsQuery = PageQuery(12).extend({ search: Keyword, ...Sort });
export type SearchShopsQuery = z.infer<typeof SearchShopsQuery>;

export const FirstClassifyQuery = z.object({ classifyId: OptionalId });

export const ClassifyProductsQuery = PageQuery(12).extend({ classifyId: IdParam, ...Sort });

export const ShopQuery = z.object({ shopId: IdParam });

export const ShopProductsQuery = PageQuery(12).extend({
  shopId: IdParam,
  classifyId: OptionalId,
  /** 1 = newest first (the default order anyway); kept for the storefront, which sends it empty. */
  ifNew: z.preprocess(blankToUndefined, decimal(z.number().int().min(0).max(1).optional())),
  ...Sort,
});

export const CanvasQuery = z.object({
  terminal: z.preprocess(blankToUndefined, decimal(z.number().int().min(1).max(4).default(4))),
  type: z.preprocess(blankToUndefined, decimal(z.number().int().min(1).max(3).default(1))),
  shopId: OptionalId,
  customId: OptionalId,
  canvasId: OptionalId,
}).superRefine((q, ctx) => {
  if (q.type === 3 && q.shopId === undefined && q.canvasId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['shopId'], message: '参数 shopId 无效：店铺页面需要店铺id' });
  }
});
export type CanvasQuery = z.infer<typeof CanvasQuery>;

/** `ids=1,2,3` (also `ids=1&ids=2`): at most 99 product ids, order kept. */
const IdList = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : blankToUndefined(value)),
  z.string().regex(/^\s*\d{1,15}(\s*,\s*\d{1,15})*\s*$/, '参数 ids 无效：应为逗号分隔的商品id').optional(),
).transform((text) => (text === undefined ? undefined : text.split(',').map((id) => Number(id.trim()))))
  .refine((ids) => ids === undefined || ids.every((id) => id > 0 && Number.isSafeInteger(id)), '参数 ids 无效：应为逗号分隔的商品id')
  .refine((ids) => ids === undefined || ids.length <= 99, '参数 ids 无效：最多99个商品');

export const CanvasProductsQuery = PageQuery(99).extend({ ids: IdList, classifyId: OptionalId });
