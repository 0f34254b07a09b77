import { z } from 'zod';

/** `page` (from 1) and `pageSize` (the spec's default per screen, at most 100) from a query string. */
export const PageQuery = (defaultSize: number) => z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(defaultSize),
});
