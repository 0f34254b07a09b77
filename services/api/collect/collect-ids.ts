/** collectIds come from a database sequence: unique across API processes sharing the database, made outside the domain. */
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';

export type CollectIds = () => Promise<number>;

export async function createCollectIds(db: Database): Promise<CollectIds> {
  await migrate(db, 'collect-ids', ['create sequence if not exists collect_ids start with 1']);
  return async () => {
    const { rows } = await db.query<{ id: string }>(`select nextval('collect_ids') as id`);
    return Number(rows[0].id);
  };
}
