import type { SavedAddress } from '../../../../../domain/address/address.contract';
import { api } from '../../../lib/api-client';

export interface AddressRequest {
  receiveName: string;
  receivePhone: string;
  /** 省-市-区 */
  receiveAdress: string;
  address: string;
  label: string;
  /** spec §3: the boolean travels as a string */
  defult: 'true' | 'false';
}

/** POST /receive/save (spec §7) → 地址添加成功. */
export const saveAddress = (request: AddressRequest): Promise<SavedAddress> => api.post<SavedAddress>('/receive/save', request);

/** PUT /receive/update (spec §7) → 地址修改成功. */
export const updateAddress = (receiveId: number, request: AddressRequest): Promise<SavedAddress> =>
  api.put<SavedAddress>('/receive/update', { receiveId, ...request });
