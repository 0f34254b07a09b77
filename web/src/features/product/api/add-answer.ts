import type { AddedAnswer } from '../../../../../domain/catalog/engagement.contract';
import type { AnswerForm } from '../../../../../domain/rules/qa.rule';
import { api } from '../../../lib/api-client';

/** Spec §7 add answer: POST ifAnonymous, answer, productId, problemId → message 回答成功. */
export const addAnswer = (form: AnswerForm): Promise<AddedAnswer> => api.post<AddedAnswer>('/seckill/addAnswer', form);
