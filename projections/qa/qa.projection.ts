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
import { firstByKey, keyedRunsOf } from '../set-based';

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
  apply: (tx, event, schema) => applyQa(tx, [event], schema),
  applyBatch: applyQa,
};

/**
 * Every event names its question, and touches only that question's rows (its own, and its answers': an answer id is
 * drawn from one sequence and belongs to one question, whose stream records its deletion): events of different
 * questions commute, so a batch regroups into runs of one type by question (keyedRunsOf), a few per
 * thousand events where log order cut one per change of type.
 */
function questionOf(event: RecordedEvent): readonly string[] | null {
  const { problemId } = event.data as { problemId?: unknown };
  return typeof problemId === 'number' ? [String(problemId)] : null;
}

/** Questions, answers and deletions in runs of one type, one statement each (a question deleted takes its answers). */
async function applyQa(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  for (const run of keyedRunsOf(events, (event) => event.type, questionOf)) {
    switch (run[0].type) {
      case 'QuestionAsked': {
        const asked = firstByKey(run.map((e) => ({ q: QuestionAsked.parse(e.data), at: e.metadata.occurredAt })), ({ q }) => q.problemId);
        await tx.query(
          `insert into ${schema}.qa_problems (problem_id, product_id, shop_id, user_id, problem, image, anonymous, asked_at)
           select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::smallint[],
                                $8::timestamptz[])
           on conflict (problem_id) do nothing`,
          [asked.map(({ q }) => q.problemId), asked.map(({ q }) => q.productId), asked.map(({ q }) => q.shopId),
            asked.map(({ q }) => q.userId), asked.map(({ q }) => q.problem), asked.map(({ q }) => q.image ?? ''),
            asked.map(({ q }) => q.ifAnonymous), asked.map(({ at }) => at)],
        );
        break;
      }
      case 'QuestionAnswered': {
        const answered = firstByKey(run.map((e) => ({ a: QuestionAnswered.parse(e.data), at: e.metadata.occurredAt })), ({ a }) => a.answerId);
        await tx.query(
          `insert into ${schema}.qa_answers (answer_id, problem_id, user_id, answer, anonymous, answered_at)
           select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::smallint[], $6::timestamptz[])
           on conflict (answer_id) do nothing`,
          [answered.map(({ a }) => a.answerId), answered.map(({ a }) => a.problemId), answered.map(({ a }) => a.userId),
            answered.map(({ a }) => a.answer), answered.map(({ a }) => a.ifAnonymous), answered.map(({ at }) => at)],
        );
        break;
      }
      case 'QuestionDeleted': {
        const problemIds = run.map((e) => QuestionDeleted.parse(e.data).problemId);
        await tx.query(`delete from ${schema}.qa_answers where problem_id = any($1::bigint[])`, [problemIds]);
        await tx.query(`delete from ${schema}.qa_problems where problem_id = any($1::bigint[])`, [problemIds]);
        break;
      }
      case 'AnswerDeleted': {
        const answerIds = run.map((e) => AnswerDeleted.parse(e.data).answerId);
        await tx.query(`delete from ${schema}.qa_answers where answer_id = any($1::bigint[])`, [answerIds]);
        break;
      }
      default:
    }
  }
}
