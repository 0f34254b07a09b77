/**
 * Input rules of the Q&A calls: the shared forms of `domain/rules/qa.rule.ts` (请输入问题内容 / 请输入回答内容) with a
 * length cap, an optional picture, and the batch-deletion selections of spec §5.
 */
import { z } from 'zod';
import { AnswerForm, QuestionForm } from '../rules/qa.rule';

export const MAX_QA_TEXT = 200;
export const QUESTION_TOO_LONG = `问题内容不能超过${MAX_QA_TEXT}个字`;
export const ANSWER_TOO_LONG = `回答内容不能超过${MAX_QA_TEXT}个字`;

/**
 * An uploaded picture: a site path or an http(s) URL, nothing that could become markup or a script URL. The API also
 * checks that this server issued it (services/uploads/issued-images.ts).
 */
const INVALID_IMAGE = '参数 image 无效：图片地址无效';
const ImageUrl = z.string().max(500, { error: INVALID_IMAGE })
  .regex(/^(\/|https?:\/\/)[^\s"'<>\\]*$/, { error: INVALID_IMAGE });

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /seckill/addProblem. */
export const AskQuestionBody = QuestionForm.extend({
  productId: Id,
  problem: QuestionForm.shape.problem.max(MAX_QA_TEXT, { error: QUESTION_TOO_LONG }),
  image: ImageUrl.optional(),
});
export type AskQuestionBody = z.infer<typeof AskQuestionBody>;

/** POST /seckill/addAnswer. */
export const AnswerQuestionBody = AnswerForm.extend({
  productId: Id,
  problemId: Id,
  answer: AnswerForm.shape.answer.max(MAX_QA_TEXT, { error: ANSWER_TOO_LONG }),
});
export type AnswerQuestionBody = z.infer<typeof AnswerQuestionBody>;

const selection = (message: string) => z.object({
  ids: z.array(Id, { error: message }).min(1, { error: message }).max(100),
});

/** DELETE /seckill/deleteProblem. */
export const DeleteQuestionsBody = selection('请先选择需要删除的提问');
/** DELETE /seckill/deleteAnswer. */
export const DeleteAnswersBody = selection('请先选择需要删除的回答');
