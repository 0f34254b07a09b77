/** Reads of the Q&A read model (projections/qa) with the authors' current names from the `users` view. */
import { ANONYMOUS_NAME, type Problem, type ProblemAnswer, type ProblemPage } from '../../../domain/catalog/engagement.contract';
import { formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';

interface ProblemRow {
  problem_id: string; product_id: string; shop_id: string; user_id: string; problem: string; image: string;
  anonymous: number; asked_at: Date | string; name: string | null; head_image: string | null;
}
interface AnswerRow {
  answer_id: string; problem_id: string; user_id: string; answer: string; anonymous: number;
  answered_at: Date | string; name: string | null; head_image: string | null;
}

/** An anonymous author shows as 匿名用户 without an avatar; otherwise the current name and avatar. */
const author = (anonymous: number, name: string | null, headImage: string | null) =>
  (anonymous === 1 ? { name: ANONYMOUS_NAME, headImage: '' } : { name: name ?? '', headImage: headImage ?? '' });

const self = (viewerId: number | null, userId: string): 0 | 1 => (viewerId !== null && viewerId === Number(userId) ? 1 : 0);

function toAnswer(r: AnswerRow, viewerId: number | null): ProblemAnswer {
  return {
    answerId: Number(r.answer_id),
    answer: r.answer,
    ...author(r.anonymous, r.name, r.head_image),
    createTime: formatShanghai(r.answered_at),
    ifSelf: self(viewerId, r.user_id),
  };
}

function toProblem(r: ProblemRow, answers: ProblemAnswer[], viewerId: number | null): Problem {
  const ifSelf = self(viewerId, r.user_id);
  return {
    problemId: Number(r.problem_id),
    productId: Number(r.product_id),
    shopId: Number(r.shop_id),
    problem: r.problem,
    image: r.image,
    ...author(r.anonymous, r.name, r.head_image),
    createTime: formatShanghai(r.asked_at),
    // the rule (spec §6 "answering is offered only when ifAnswer is true"): signed in, and not the asker
    ifAnswer: viewerId !== null && ifSelf === 0,
    ifSelf,
    answers,
  };
}

/** A product's questions, newest first, each with its answers oldest first. */
export async function listProblems(
  db: Queryable, productId: number, viewerId: number | null, page: number, pageSize: number,
): Promise<ProblemPage> {
  const [problems, count] = await Promise.all([
    db.query<ProblemRow>(
      `select p.problem_id, p.product_id, p.shop_id, p.user_id, p.problem, p.image, p.anonymous, p.asked_at,
              u.name, u.head_image
         from qa_problems p left join users u on u.user_id = p.user_id
        where p.product_id = $1
        order by p.asked_at desc, p.problem_id desc
        limit $2 offset $3`,
      [productId, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>('select count(*)::int as total from qa_problems where product_id = $1', [productId]),
  ]);
  const ids = problems.rows.map((r) => r.problem_id);
  const answers = ids.length === 0 ? [] : (await db.query<AnswerRow>(
    `select a.answer_id, a.problem_id, a.user_id, a.answer, a.anonymous, a.answered_at, u.name, u.head_image
       from qa_answers a left join users u on u.user_id = a.user_id
      where a.problem_id = any($1::bigint[])
      order by a.answered_at, a.answer_id`,
    [ids])).rows;
  const byProblem = new Map<string, ProblemAnswer[]>();
  for (const a of answers) {
    const list = byProblem.get(a.problem_id) ?? [];
    list.push(toAnswer(a, viewerId));
    byProblem.set(a.problem_id, list);
  }
  return {
    list: problems.rows.map((r) => toProblem(r, byProblem.get(r.problem_id) ?? [], viewerId)),
    total: count.rows[0]?.total ?? 0,
  };
}

export type ProductAvailability = { kind: 'listed'; shopId: number } | { kind: 'missing' } | { kind: 'unlisted' };

/** Whether shoppers may see (and ask about) a product: on shelf in an enabled shop (catalogue view `products`). */
export async function productAvailability(db: Queryable, productId: number): Promise<ProductAvailability> {
  const { rows } = await db.query<{ shop_id: string; listed: boolean }>(
    'select shop_id, listed from products where product_id = $1', [productId]);
  const row = rows[0];
  if (!row) return { kind: 'missing' };
  return row.listed ? { kind: 'listed', shopId: Number(row.shop_id) } : { kind: 'unlisted' };
}

/** Authors of questions by id (for batch deletion: unknown ids are absent). */
export async function problemAuthors(db: Queryable, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ problem_id: string; user_id: string }>(
    'select problem_id, user_id from qa_problems where problem_id = any($1::bigint[])', [ids]);
  return new Map(rows.map((r) => [Number(r.problem_id), Number(r.user_id)]));
}

/** Answers by id with their question and author (for batch deletion: unknown ids are absent). */
export async function answerOwners(db: Queryable, ids: readonly number[]): Promise<Map<number, { problemId: number; userId: number }>> {
  const { rows } = await db.query<{ answer_id: string; problem_id: string; user_id: string }>(
    'select answer_id, problem_id, user_id from qa_answers where answer_id = any($1::bigint[])', [ids]);
  return new Map(rows.map((r) => [Number(r.answer_id), { problemId: Number(r.problem_id), userId: Number(r.user_id) }]));
}
