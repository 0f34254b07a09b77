/**
 * Claim ids (the wallet's coupon ids) come from a database sequence: unique across API processes sharing the
 * database, and generated outside the domain (the decider only records them).
 */
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';

export type IdAllocator = () => Promise<number>;

export async function createClaimIds(db: Database): Promise<IdAllocator> {
  await migrate(db, 'coupon-claim-ids', ['create sequence if not exists coupon_claim_ids start with 1']);
  return async () => {
    const { rows } = await db.query<{ id: string }>(`select nextval('coupon_claim_ids') as id`);
    return Number(rows[0].id);
  };
}
