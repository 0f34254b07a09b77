/**
 * Read model of product Q&A (the 商品问答 tab, the user centre's 我的提问 / 我的回答).
 *
 * qa_problems  problem_id, product_id, shop_id, user_id, problem, image ('' when none), anonymous (0/1), asked_at.
 * qa_answers   answer_id, problem_id, user_id, answer, anonymous (0/1), answered_at.
 *
 * Deleted questions and answers are removed (a deleted question takes its answers). Texts are stored as given;
 * names come from the `users` view at read time.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { AnswerDeleted, QuestionAnswered, QuestionAsked, QuestionDeleted, qaEventTypes } from '../../domain/qa/qa.events';
import type { Projection } from '../runner/projection';

export const qaProjection: Projection = {
  name: 'qa',
  version: 1,
  handles: qaEventTypes,
  tables: ['qa_problems', 'qa_answers'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.qa_problems (
        problem_id bigint primary key,
        product_id bigint not null,
        shop_id bigint not null,
        user_id bigint not null,
        problem text not null,
        image text not null,
        anonymous smallint not null,
        asked_at timestamptz not null
      )`);
    await tx.query(`create index if not exists qa_problems_product on ${schema}.qa_problems (product_id, asked_at desc, problem_id desc)`);
    await tx.query(`create index if not exists qa_problems_user on ${schema}.qa_problems (user_id, asked_at desc)`);
    await tx.query(`
      create table if not exists ${schema}.qa_answers (
        answer_id bigint primary key,
        problem_id bigint not null,
        user_id bigint not null,
        answer text not null,
        anonymous smallint not null,
        answered_at timestamptz not null
      )`);
    await tx.query(`create index if not exists qa_answers_problem on ${schema}.qa_answers (problem_id, answered_at, answer_id)`);
    await tx.query(`create index if not exists qa_answers_user on ${schema}.qa_answers (user_id, answered_at desc)`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'QuestionAsked': {
        const q = QuestionAsked.parse(event.data);
        await tx.query(
          `insert into ${schema}.qa_problems (problem_id, product_id, shop_id, user_id, problem, image, anonymous, asked_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (problem_id) do nothing`,
          [q.problemId, q.productId, q.shopId, q.userId, q.problem, q.image ?? '', q.ifAnonymous, at],
        );
        return;
      }
      case 'QuestionAnswered': {
        const a = QuestionAnswered.parse(event.data);
        await tx.query(
          `insert into ${schema}.qa_answers (answer_id, problem_id, user_id, answer, anonymous, answered_at)
           values ($1, $2, $3, $4, $5, $6) on conflict (answer_id) do nothing`,
          [a.answerId, a.problemId, a.userId, a.answer, a.ifAnonymous, at],
        );
        return;
      }
      case 'QuestionDeleted': {
        const { problemId } = QuestionDeleted.parse(event.data);
        await tx.query(`delete from ${schema}.qa_answers where problem_id = $1`, [problemId]);
        await tx.query(`delete from ${schema}.qa_problems where problem_id = $1`, [problemId]);
        return;
      }
      case 'AnswerDeleted': {
        const { answerId } = AnswerDeleted.parse(event.data);
        await tx.query(`delete from ${schema}.qa_answers where answer_id = $1`, [answerId]);
        return;
      }
      default:
    }
  },
};
