import { api } from '../../../lib/api-client';
import type { DictOption } from '../after-sale.model';

/** Spec §7: GET the express company list (dictId, dictName) for the return shipment. */
export const getExpressSelect = (signal?: AbortSignal): Promise<DictOption[]> =>
  api.get<DictOption[]>('/order/getExpressSelect', undefined, signal);
