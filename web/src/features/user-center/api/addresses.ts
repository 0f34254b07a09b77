import type { Address } from '../../../../../domain/address/address.contract';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';

export type { Address };

/** Spec §7/§9: the user centre lists addresses 4 to a page. */
export const ADDRESS_PAGE_SIZE = 4;

export const getAddressPage = (page: number, signal?: AbortSignal): Promise<Page<Address>> =>
  api.get<Page<Address>>('/receive/getAll', { page, pageSize: ADDRESS_PAGE_SIZE }, signal);

/** DELETE /receive/delete {receiveId} → 删除成功. */
export const deleteAddress = (receiveId: number): Promise<null> => api.del<null>('/receive/delete', { receiveId });

/** 设为默认: the whole address again with defult 'true' (PUT /receive/update). */
export const makeDefault = (a: Address): Promise<unknown> => api.put('/receive/update', {
  receiveId: a.receiveId, receiveName: a.receiveName, receivePhone: a.receivePhone, receiveAdress: a.receiveAdress,
  address: a.address, label: a.label, defult: 'true',
});
