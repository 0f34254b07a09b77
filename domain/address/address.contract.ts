/**
 * Response contract of the address slice (spec §3 Address, §7 Addresses; origin §8 `/receive/*`), shared by the API
 * (services/api/address) and the web. Each schema is the `data` of the envelope.
 */
import { z } from 'zod';

export const Address = z.object({
  receiveId: z.number().int().positive(),
  receiveName: z.string(),
  receivePhone: z.string(),
  /** 省-市-区 */
  receiveAdress: z.string(),
  address: z.string(),
  label: z.string(),
  /** The default address (the request sends it as the string 'true' / 'false'). */
  defult: z.boolean(),
  /** The original API's 1/0 of the same flag. */
  ifDefault: z.union([z.literal(0), z.literal(1)]),
});
export type Address = z.infer<typeof Address>;

export const AddressPage = z.object({ list: z.array(Address), total: z.number().int().nonnegative() });
export type AddressPage = z.infer<typeof AddressPage>;

/** POST /receive/save and PUT /receive/update answer the address's id. */
export const SavedAddress = z.object({ receiveId: z.number().int().positive() });
export type SavedAddress = z.infer<typeof SavedAddress>;
