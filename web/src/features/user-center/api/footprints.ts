import type { FootprintPage } from '../../../../../domain/catalog/engagement.contract';
import { api } from '../../../lib/api-client';

export type { FootprintPage };
export type FootprintDay = FootprintPage['list'][number];

/** Spec §7/§9: four days of browse history a page. */
export const FOOTPRINT_PAGE_SIZE = 4;

export const getFootprints = (page: number, signal?: AbortSignal): Promise<FootprintPage> =>
  api.get<FootprintPage>('/footprint/getAll', { page, pageSize: FOOTPRINT_PAGE_SIZE }, signal);

/** DELETE /footprint/delete {ids, times}: entries by id, whole days by their date → 删除成功. */
export const deleteFootprints = (ids: number[], times: string[]): Promise<null> => api.del<null>('/footprint/delete', { ids, times });
