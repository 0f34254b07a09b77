import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';
import type { AfterSaleListItem } from '../after-sale.model';

/** Spec §9: the after-sale list shows 5 per page. */
export const AFTER_SALES_PAGE_SIZE = 5;

/** Spec §7: GET list state (1 进行中, 2 已完成), page, pageSize=5. */
export const getAfterSales = (query: { state: number; page: number }, signal?: AbortSignal): Promise<Page<AfterSaleListItem>> =>
  api.get<Page<AfterSaleListItem>>('/after/getAll', { ...query, pageSize: AFTER_SALES_PAGE_SIZE }, signal);
