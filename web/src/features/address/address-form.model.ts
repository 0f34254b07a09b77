/**
 * The address form's fields and checks (spec §5: 请选择地区!, 请填写详细地址!, 请填写收件人姓名!, 请填写手机号码!,
 * 手机号格式错误), taken from the shared rule so the browser and the server say the same thing.
 */
import type { Rule } from 'antd/es/form';
import type { Address } from '../../../../domain/address/address.contract';
import { joinRegion, REGION_SEPARATOR } from '../../../../domain/address/region';
import { AddressForm } from '../../../../domain/rules/address.rule';
import type { AddressRequest } from './api/save-address';

export interface AddressFormValues {
  region: string[];
  address: string;
  receiveName: string;
  receivePhone: string;
  label: string;
  defult: boolean;
}

type Checked = 'receiveName' | 'receivePhone' | 'address';

/** An antd rule running one field of the shared zod rule; its first message is the form's message. */
const fieldRule = (field: Checked): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = AddressForm.shape[field].safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

export const addressRules: Record<Checked | 'region', Rule[]> = {
  region: [{ validator: async (_rule, value: unknown) => {
    const result = AddressForm.shape.receiveAdress.safeParse(Array.isArray(value) ? joinRegion(value as string[]) : '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  } }],
  address: [fieldRule('address')],
  receiveName: [fieldRule('receiveName')],
  receivePhone: [fieldRule('receivePhone')],
};

export const emptyAddress: AddressFormValues = { region: [], address: '', receiveName: '', receivePhone: '', label: '', defult: false };

export const valuesOf = (address: Address): AddressFormValues => ({
  region: address.receiveAdress.split(REGION_SEPARATOR),
  address: address.address,
  receiveName: address.receiveName,
  receivePhone: address.receivePhone,
  label: address.label,
  defult: address.defult,
});

export const requestOf = (values: AddressFormValues): AddressRequest => ({
  receiveName: values.receiveName.trim(),
  receivePhone: values.receivePhone.trim(),
  receiveAdress: joinRegion(values.region),
  address: values.address.trim(),
  label: (values.label ?? '').trim(),
  defult: values.defult ? 'true' : 'false',
});
