/** receiveIds come from a database sequence: unique across shoppers and API processes, made outside the domain. */
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';

export type ReceiveIds = () => Promise<number>;

export async function createReceiveIds(db: Database): Promise<ReceiveIds> {
  await migrate(db, 'receive-ids', ['create sequence if not exists receive_ids start with 1']);
  return async () => {
    const { rows } = await db.query<{ id: string }>(`select nextval('receive_ids') as id`);
    return Number(rows[0].id);
  };
}
