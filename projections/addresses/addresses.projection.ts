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

/** An address as stored; times as PostgreSQL prints them, so a row read and written back is unchanged. */
interface Row {
  receive_id: number; user_id: number; receive_name: string; receive_phone: string; receive_adress: string;
  address: string; label: string; is_default: boolean; created_at: string; updated_at: string;
}

/** The rows a batch may change, by receive_id (absent = deleted): its users' whole books and the addresses it names. */
type Book = Map<number, Row | undefined>;

/** One event on the rows in memory: what its statements did, event by event. */
function fold(book: Book, event: RecordedEvent): void {
  const type = event.type;
  if (!isAddressEvent(type)) return;
  const at = event.metadata.occurredAt;
  switch (type) {
    case 'AddressAdded':
    case 'AddressUpdated': {
      const d = AddressBookEvents[type].parse(event.data);
      if (d.defult) {
        for (const [id, row] of book) {
          if (row && row.user_id === d.userId && id !== d.receiveId && row.is_default) book.set(id, { ...row, is_default: false });
        }
      }
      const before = book.get(d.receiveId);
      book.set(d.receiveId, {
        receive_id: d.receiveId, user_id: before?.user_id ?? d.userId, receive_name: d.receiveName,
        receive_phone: d.receivePhone, receive_adress: d.receiveAdress, address: d.address, label: d.label,
        is_default: d.defult, created_at: before?.created_at ?? at, updated_at: at,
      });
      return;
    }
    case 'AddressRemoved': {
      const d = AddressBookEvents.AddressRemoved.parse(event.data);
      if (book.get(d.receiveId)?.user_id === d.userId) book.set(d.receiveId, undefined);
      return;
    }
    default: {
      const unreachable: never = type;
      throw new Error(`addresses projection: no handler for ${String(unreachable)}`);
    }
  }
}

/**
 * A batch in at most three statements: read the books it touches, fold its events over them in memory (a default
 * address takes the flag from the user's others), delete the rows it removed and upsert the rows it changed.
 */
async function applyAddresses(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<void> {
  const touched = events.filter((e) => isAddressEvent(e.type)).map((e) => e.data as { userId: number; receiveId: number });
  if (touched.length === 0) return;
  const { rows } = await tx.query<Row>(
    `select receive_id::float8 as receive_id, user_id::float8 as user_id, receive_name, receive_phone, receive_adress,
       address, label, is_default, created_at::text as created_at, updated_at::text as updated_at
     from ${s}.addresses where user_id = any($1::bigint[]) or receive_id = any($2::bigint[])`,
    [[...new Set(touched.map((t) => t.userId))], [...new Set(touched.map((t) => t.receiveId))]]);
  const stored = new Map(rows.map((row) => [row.receive_id, row]));
  const book: Book = new Map(stored);
  for (const event of events) fold(book, event);

  const gone = [...book].filter(([id, row]) => !row && stored.has(id)).map(([id]) => id);
  const changed = [...book.values()].filter((row): row is Row => row !== undefined
    && JSON.stringify(row) !== JSON.stringify(stored.get(row.receive_id)));
  if (gone.length > 0) await tx.query(`delete from ${s}.addresses where receive_id = any($1::bigint[])`, [gone]);
  if (changed.length > 0) {
    await tx.query(
      `insert into ${s}.addresses (receive_id, user_id, receive_name, receive_phone, receive_adress, address, label,
         is_default, created_at, updated_at)
       select * from jsonb_to_recordset($1::jsonb) as x(receive_id bigint, user_id bigint, receive_name text,
         receive_phone text, receive_adress text, address text, label text, is_default boolean, created_at timestamptz,
         updated_at timestamptz)
       on conflict (receive_id) do update set user_id = excluded.user_id, receive_name = excluded.receive_name,
         receive_phone = excluded.receive_phone, receive_adress = excluded.receive_adress, address = excluded.address,
         label = excluded.label, is_default = excluded.is_default, created_at = excluded.created_at,
         updated_at = excluded.updated_at`,
      [JSON.stringify(changed)]);
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
  apply: (tx, event, s) => applyAddresses(tx, [event], s),
  applyBatch: applyAddresses,
};
