import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';
import type { Address } from '../settlement.model';

/** Spec §7/§9: the order flow lists addresses page 1, pageSize 100. */
export const getAddresses = (signal?: AbortSignal): Promise<Page<Address>> =>
  api.get<Page<Address>>('/receive/getAll', { page: 1, pageSize: 100 }, signal);
