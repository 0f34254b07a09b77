/** Review ids (commentId): a PostgreSQL sequence next to the read models, as for questions (services/api/qa/qa-ids.ts). */
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

export interface ReviewIds { nextCommentIds(count: number): Promise<number[]> }

export async function createReviewIds(db: Database): Promise<ReviewIds> {
  await migrate(db, 'review-ids', ['create sequence if not exists review_comment_ids']);
  return {
    async nextCommentIds(count) {
      const { rows } = await db.query<{ id: string }>(
        "select nextval('review_comment_ids') as id from generate_series(1, $1::int)", [count]);
      return rows.map((r) => Number(r.id));
    },
  };
}
