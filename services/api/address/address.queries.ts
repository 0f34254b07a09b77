/** Reads of the addresses read model (projections/addresses): a shopper only ever reads their own addresses. */
import type { Address } from '../../../domain/address/address.contract';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';

export type AddressView = Address;

interface AddressRow {
  receive_id: string; receive_name: string; receive_phone: string; receive_adress: string; address: string;
  label: string; is_default: boolean;
}

const toView = (row: AddressRow): AddressView => ({
  receiveId: Number(row.receive_id),
  receiveName: row.receive_name,
  receivePhone: row.receive_phone,
  receiveAdress: row.receive_adress,
  address: row.address,
  label: row.label,
  defult: row.is_default,
  ifDefault: row.is_default ? 1 : 0,
});

const COLUMNS = 'receive_id, receive_name, receive_phone, receive_adress, address, label, is_default';
/** The default first, then the newest. */
const ORDER = 'order by is_default desc, created_at desc, receive_id desc';

export async function listAddresses(db: Queryable, userId: number, page: number, pageSize: number): Promise<Page<AddressView>> {
  const [rows, count] = await Promise.all([
    db.query<AddressRow>(`select ${COLUMNS} from addresses where user_id = $1 ${ORDER} limit $2 offset $3`,
      [userId, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>('select count(*)::int as total from addresses where user_id = $1', [userId]),
  ]);
  return { list: rows.rows.map(toView), total: count.rows[0]?.total ?? 0 };
}

/** One of the shopper's addresses; null when it is not theirs or does not exist (the checkout uses this). */
export async function findAddress(db: Queryable, userId: number, receiveId: number): Promise<AddressView | null> {
  const { rows } = await db.query<AddressRow>(`select ${COLUMNS} from addresses where user_id = $1 and receive_id = $2`, [userId, receiveId]);
  return rows[0] ? toView(rows[0]) : null;
}

/** The address the order flow starts with: the default, else the newest; null for an empty book. */
export async function selectedAddress(db: Queryable, userId: number): Promise<AddressView | null> {
  const { rows } = await db.query<AddressRow>(`select ${COLUMNS} from addresses where user_id = $1 ${ORDER} limit 1`, [userId]);
  return rows[0] ? toView(rows[0]) : null;
}
