/**
 * The shopper's address book (收货地址, spec §3 Address, origin §8 `/receive/*`) as events, one stream per shopper:
 * `address-book-<userId>`. receiveId is made outside the domain (a database sequence), unique across shoppers.
 * `defult` (sic, the API's spelling) marks the default address: recording one as default takes it from the other.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const AddressFields = z.object({
  receiveName: z.string().min(1),
  receivePhone: z.string().min(1),
  /** 省-市-区, names joined by '-' (a real region: checked against the division data before recording). */
  receiveAdress: z.string().min(1),
  address: z.string().min(1),
  label: z.string(),
  defult: z.boolean(),
});
export type AddressFields = z.infer<typeof AddressFields>;

export const AddressAdded = z.object({ userId: Id, receiveId: Id, ...AddressFields.shape });
export type AddressAdded = z.infer<typeof AddressAdded>;
export const AddressUpdated = z.object({ userId: Id, receiveId: Id, ...AddressFields.shape });
export type AddressUpdated = z.infer<typeof AddressUpdated>;
export const AddressRemoved = z.object({ userId: Id, receiveId: Id });
export type AddressRemoved = z.infer<typeof AddressRemoved>;

export type AddressBookEvent =
  | { type: 'AddressAdded'; data: AddressAdded }
  | { type: 'AddressUpdated'; data: AddressUpdated }
  | { type: 'AddressRemoved'; data: AddressRemoved };

export const AddressBookEvents = { AddressAdded, AddressUpdated, AddressRemoved } as const;
export const addressBookEventTypes = Object.keys(AddressBookEvents) as readonly AddressBookEvent['type'][];

export const addressBookStream = (userId: number): string => `address-book-${userId}`;

/** A shopper keeps at most this many addresses (the order flow lists up to 100 in one page). */
export const ADDRESS_BOOK_LIMIT = 100;
