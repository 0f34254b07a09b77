import { z } from 'zod';
import { PHONE_PATTERN, phoneMessages } from './phone.rule';

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/**
 * The address form (spec §5). receiveAdress is province-city-district joined by '-'; `defult` is a boolean the
 * original client sends as a string.
 */
export const AddressForm = z.object({
  receiveName: required('请填写收件人姓名!'),
  receivePhone: required('请填写手机号码!').regex(PHONE_PATTERN, phoneMessages.login),
  receiveAdress: required('请选择地区!'),
  address: required('请填写详细地址!'),
  label: z.string().trim().default(''),
  defult: z.union([z.boolean(), z.enum(['true', 'false'])]).default(false).transform((v) => v === true || v === 'true'),
});
export type AddressForm = z.infer<typeof AddressForm>;
