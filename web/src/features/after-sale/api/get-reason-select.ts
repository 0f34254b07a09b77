import { api } from '../../../lib/api-client';
import type { DictOption } from '../after-sale.model';

/** Spec §7: GET the reason list (origin §6: the dict children of 退款原因). */
export const getReasonSelect = (signal?: AbortSignal): Promise<DictOption[]> =>
  api.get<DictOption[]>('/after/getReasonSelect', undefined, signal);
