/**
 * Ids of questions and answers: PostgreSQL sequences next to the read models (as identity does for user ids). Ids
 * name streams (`problem-<id>`), so a reused id is refused by the decider (a clash, 409), never merged.
 */
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';

export interface QaIds {
  nextProblemId(): Promise<number>;
  nextAnswerId(): Promise<number>;
}

export async function createQaIds(db: Database): Promise<QaIds> {
  await migrate(db, 'qa-ids', [
    'create sequence if not exists qa_problem_ids',
    'create sequence if not exists qa_answer_ids',
  ]);
  const next = async (sequence: 'qa_problem_ids' | 'qa_answer_ids') => {
    const { rows } = await db.query<{ id: string }>(`select nextval('${sequence}') as id`);
    return Number(rows[0].id);
  };
  return { nextProblemId: () => next('qa_problem_ids'), nextAnswerId: () => next('qa_answer_ids') };
}
