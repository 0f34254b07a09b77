import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';
import type { Order } from '../order.model';

/** Spec §9: my orders show 5 per page. */
export const ORDERS_PAGE_SIZE = 5;

/** Spec §7 orders: GET search, state ('' = all), page, pageSize=5. */
export const getOrders = (query: { search: string; state: string; page: number }, signal?: AbortSignal): Promise<Page<Order>> =>
  api.get<Page<Order>>('/order/getAll', { ...query, pageSize: ORDERS_PAGE_SIZE }, signal);
