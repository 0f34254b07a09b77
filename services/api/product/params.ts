/** Query and body parameters shared by the detail slice's routes: ids and comma-joined id lists. */
import { z } from 'zod';
import { decimal } from '../edge/decimal';

export const PositiveId = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** An id that may be left out: absent, null, '' and 0 all mean "not given" (clients send both coupon ids, one 0). */
export const OptionalId = z.preprocess(
  (value) => (value === undefined || value === null || value === '' || value === 0 || value === '0' ? undefined : value),
  PositiveId.optional(),
);

const ID_TEXT = /^\d{1,16}$/;

/** `ids=3,5,8` (or repeated `ids=3&ids=5`): distinct positive ids in the order given, at most 100. */
export const IdList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value.join(',') : value).split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(ID_TEXT)).max(100))
  .transform((parts) => [...new Set(parts.map(Number))])
  .pipe(z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)));
