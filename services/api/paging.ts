import { z } from 'zod';
import { decimal } from './edge/decimal';

/** `page` (from 1) and `pageSize` (the spec's default per screen, at most 100) from a query string. */
export const PageQuery = (defaultSize: number) => z.object({
  page: decimal(z.number().int().min(1).max(100000).default(1)),
  pageSize: decimal(z.number().int().min(1).max(100).default(defaultSize)),
});
