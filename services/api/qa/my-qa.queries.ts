/**
 * 我的问答 (spec §2 Q&A tabs; §7 "My questions/answers GET page, pageSize"): the shopper's own questions with their
 * answers, and the shopper's own answers with the question they answer, newest first, each with its product.
 * Other answerers appear as on the product page: their name (匿名用户 when anonymous), never more.
 */
import { ANONYMOUS_NAME } from '../../../domain/catalog/engagement.contract';
import { formatShanghai } from '../../../domain/shared/time';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';

export interface MyProblem {
  problemId: number; productId: number; shopId: number; skuId: number; productName: string; productImage: string;
  problem: string; image: string; createTime: string;
  answers: Array<{ answerId: number; answer: string; name: string; createTime: string; ifSelf: 0 | 1 }>;
}

export interface MyAnswer {
  answerId: number; answer: string; createTime: string; name: string;
  problemId: number; problem: string; productId: number; shopId: number; skuId: number; productName: string; productImage: string;
}

interface ProblemRow {
  problem_id: string; product_id: string; shop_id: string; problem: string; image: string; asked_at: Date | string;
  product_name: string | null; product_image: string | null; sku_id: string | null;
}
interface AnswerRow { answer_id: string; problem_id: string; user_id: string; answer: string; anonymous: number; answered_at: Date | string; name: string | null }

export async function listMyProblems(db: Queryable, userId: number, page: number, pageSize: number): Promise<Page<MyProblem>> {
  const [problems, count] = await Promise.all([
    db.query<ProblemRow>(
      `select q.problem_id, q.product_id, q.shop_id, q.problem, q.image, q.asked_at, p.product_name, p.image as product_image, p.sku_id
         from qa_problems q left join products p on p.product_id = q.product_id
        where q.user_id = $1 order by q.asked_at desc, q.problem_id desc limit $2 offset $3`,
      [userId, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>('select count(*)::int as total from qa_problems where user_id = $1', [userId]),
  ]);
  const ids = problems.rows.map((r) => r.problem_id);
  const answers = ids.length === 0 ? [] : (await db.query<AnswerRow>(
    `select a.answer_id, a.problem_id, a.user_id, a.answer, a.anonymous, a.answered_at, u.name
       from qa_answers a left join users u on u.user_id = a.user_id
      where a.problem_id = any($1::bigint[]) order by a.answered_at, a.answer_id`, [ids])).rows;
  return {
    list: problems.rows.map((r) => ({
      problemId: Number(r.problem_id), productId: Number(r.product_id), shopId: Number(r.shop_id), skuId: Number(r.sku_id ?? 0),
      productName: r.product_name ?? '', productImage: r.product_image ?? '', problem: r.problem, image: r.image,
      createTime: formatShanghai(r.asked_at),
      answers: answers.filter((a) => a.problem_id === r.problem_id).map((a) => ({
        answerId: Number(a.answer_id), answer: a.answer, name: a.anonymous === 1 ? ANONYMOUS_NAME : (a.name ?? ''),
        createTime: formatShanghai(a.answered_at), ifSelf: Number(a.user_id) === userId ? 1 as const : 0 as const,
      })),
    })),
    total: count.rows[0]?.total ?? 0,
  };
}

interface MyAnswerRow {
  answer_id: string; answer: string; answered_at: Date | string; name: string | null; problem_id: string; problem: string;
  product_id: string; shop_id: string; sku_id: string | null; product_name: string | null; product_image: string | null;
}

export async function listMyAnswers(db: Queryable, userId: number, page: number, pageSize: number): Promise<Page<MyAnswer>> {
  const [rows, count] = await Promise.all([
    db.query<MyAnswerRow>(
      `select a.answer_id, a.answer, a.answered_at, u.name, q.problem_id, q.problem, q.product_id, q.shop_id, p.sku_id,
              p.product_name, p.image as product_image
         from qa_answers a join qa_problems q on q.problem_id = a.problem_id
         left join users u on u.user_id = a.user_id
         left join products p on p.product_id = q.product_id
        where a.user_id = $1 order by a.answered_at desc, a.answer_id desc limit $2 offset $3`,
      [userId, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>('select count(*)::int as total from qa_answers where user_id = $1', [userId]),
  ]);
  return {
    list: rows.rows.map((r) => ({
      answerId: Number(r.answer_id), answer: r.answer, createTime: formatShanghai(r.answered_at), name: r.name ?? '',
      problemId: Number(r.problem_id), problem: r.problem, productId: Number(r.product_id), shopId: Number(r.shop_id),
      skuId: Number(r.sku_id ?? 0),
      productName: r.product_name ?? '', productImage: r.product_image ?? '',
    })),
    total: count.rows[0]?.total ?? 0,
  };
}
