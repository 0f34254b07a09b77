/**
 * Product questions and answers as events, one stream per question: `problem-<problemId>`. The question carries the
 * product and shop it is about; answers and deletions follow in the same stream, so one question is one consistency
 * boundary (an answer to a deleted question is impossible). Names and avatars are not copied in: the read side shows
 * the author's current user name (spec §5 compares author names with the current user's).
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Anonymous = z.union([z.literal(0), z.literal(1)]);

export const QuestionAsked = z.object({
  problemId: Id,
  productId: Id,
  shopId: Id,
  userId: Id,
  /** As the shopper typed it (trimmed): stored as given, shown as text. */
  problem: z.string().min(1),
  ifAnonymous: Anonymous,
  /** A picture URL attached to the question. */
  image: z.string().optional(),
});
export type QuestionAsked = z.infer<typeof QuestionAsked>;

export const QuestionAnswered = z.object({
  problemId: Id,
  answerId: Id,
  userId: Id,
  answer: z.string().min(1),
  ifAnonymous: Anonymous,
});
export type QuestionAnswered = z.infer<typeof QuestionAnswered>;

/** The asker withdrew the question; its answers go with it. */
export const QuestionDeleted = z.object({ problemId: Id, userId: Id });
export type QuestionDeleted = z.infer<typeof QuestionDeleted>;

/** The answerer withdrew the answer. */
export const AnswerDeleted = z.object({ problemId: Id, answerId: Id, userId: Id });
export type AnswerDeleted = z.infer<typeof AnswerDeleted>;

export type QaEvent =
  | { type: 'QuestionAsked'; data: QuestionAsked }
  | { type: 'QuestionAnswered'; data: QuestionAnswered }
  | { type: 'QuestionDeleted'; data: QuestionDeleted }
  | { type: 'AnswerDeleted'; data: AnswerDeleted };

export const QaEvents = { QuestionAsked, QuestionAnswered, QuestionDeleted, AnswerDeleted } as const;
export const qaEventTypes = Object.keys(QaEvents) as readonly QaEvent['type'][];

export const problemStream = (problemId: number): string => `problem-${problemId}`;
