/**
 * The address book read model (DESIGN.md §6 "addresses"): `addresses`, one row per address still in a shopper's book.
 * At most one row per user has is_default: recording a default clears the flag on the user's other rows.
 *
 * addresses  receive_id, user_id, receive_name, receive_phone, receive_adress (省-市-区), address, label, is_default,
 *            created_at, updated_at.
 */
import type pg from 'pg';
import { AddressBookEvents, addressBookEventTypes, type AddressBookEvent } from '../../domain/address/address-book.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';

type AddressEventType = AddressBookEvent['type'];
const isAddressEvent = (type: string): type is AddressEventType => (addressBookEventTypes as readonly string[]).includes(type);

async function apply(tx: pg.PoolClient, event: RecordedEvent, s: string): Promise<void> {
  const type = event.type;
  if (!isAddressEvent(type)) return;
  const at = event.metadata.occurredAt;
  switch (type) {
    case 'AddressAdded':
    case 'AddressUpdated': {
      const d = AddressBookEvents[type].parse(event.data);
      if (d.defult) {
        await tx.query(`update ${s}.addresses set is_default = false where user_id = $1 and receive_id <> $2 and is_default`,
          [d.userId, d.receiveId]);
      }
      await tx.query(`
        insert into ${s}.addresses (receive_id, user_id, receive_name, receive_phone, receive_adress, address, label,
          is_default, created_at, updated_at)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
        on conflict (receive_id) do update set receive_name = excluded.receive_name, receive_phone = excluded.receive_phone,
          receive_adress = excluded.receive_adress, address = excluded.address, label = excluded.label,
          is_default = excluded.is_default, updated_at = excluded.updated_at`,
      [d.receiveId, d.userId, d.receiveName, d.receivePhone, d.receiveAdress, d.address, d.label, d.defult, at]);
      return;
    }
    case 'AddressRemoved': {
      const d = AddressBookEvents.AddressRemoved.parse(event.data);
      await tx.query(`delete from ${s}.addresses where receive_id = $1 and user_id = $2`, [d.receiveId, d.userId]);
      return;
    }
    default: {
      const unreachable: never = type;
      throw new Error(`addresses projection: no handler for ${String(unreachable)}`);
    }
  }
}

export const addressesProjection: Projection = {
  name: 'addresses',
  version: 1,
  handles: addressBookEventTypes,
  tables: ['addresses'],
  async migrate(tx: pg.PoolClient, s: string) {
    await tx.query(`
      create table ${s}.addresses (
        receive_id bigint primary key,
        user_id bigint not null,
        receive_name text not null,
        receive_phone text not null,
        receive_adress text not null,
        address text not null,
        label text not null,
        is_default boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    await tx.query(`create index addresses_user on ${s}.addresses (user_id, is_default desc, created_at desc, receive_id desc)`);
  },
  apply,
};
