import type { AddedProblem } from '../../../../../domain/catalog/engagement.contract';
import type { QuestionForm } from '../../../../../domain/rules/qa.rule';
import { api } from '../../../lib/api-client';

/** Spec §7 add problem: POST ifAnonymous, problem, productId → message 提问成功. */
export const addProblem = (form: QuestionForm): Promise<AddedProblem> => api.post<AddedProblem>('/seckill/addProblem', form);
