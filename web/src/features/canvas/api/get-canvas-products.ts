import type { ProductCardPage } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

/** Spec §9: layout product blocks load up to 99 products at once. */
export const LAYOUT_PRODUCTS_PAGE_SIZE = 99;

export type ProductSource = { ids: number[] } | { classifyId: number };

/** `/canvas/getProducts`: by chosen ids (answered in their order) or by category. */
export const getCanvasProducts = (source: ProductSource, signal?: AbortSignal): Promise<ProductCardPage> =>
  api.get<ProductCardPage>(
    '/canvas/getProducts',
    { ...('ids' in source ? { ids: source.ids.join(',') } : { classifyId: source.classifyId }), page: 1, pageSize: LAYOUT_PRODUCTS_PAGE_SIZE },
    signal,
  );
