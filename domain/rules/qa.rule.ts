import { z } from 'zod';

const id = z.number().int().positive();
const anonymous = z.union([z.literal(0), z.literal(1)]).default(0);

/** POST /seckill/addProblem. */
export const QuestionForm = z.object({
  productId: id,
  problem: z.string({ error: '请输入问题内容' }).trim().min(1, { error: '请输入问题内容' }),
  ifAnonymous: anonymous,
});
export type QuestionForm = z.infer<typeof QuestionForm>;

/** POST /seckill/addAnswer. */
export const AnswerForm = z.object({
  productId: id,
  problemId: id,
  answer: z.string({ error: '请输入回答内容' }).trim().min(1, { error: '请输入回答内容' }),
  ifAnonymous: anonymous,
});
export type AnswerForm = z.infer<typeof AnswerForm>;
