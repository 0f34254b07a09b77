import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';

export const QA_PAGE_SIZE = 10;

export interface MyProblem {
  problemId: number; productId: number; shopId: number; skuId: number; productName: string; productImage: string;
  problem: string; createTime: string;
  answers: Array<{ answerId: number; answer: string; name: string; createTime: string }>;
}

export interface MyAnswer {
  answerId: number; answer: string; createTime: string; name: string;
  problemId: number; problem: string; productId: number; shopId: number; skuId: number; productName: string; productImage: string;
}

export const getMyProblems = (page: number, signal?: AbortSignal) =>
  api.get<Page<MyProblem>>('/user/getSelfProblems', { page, pageSize: QA_PAGE_SIZE }, signal);

export const getMyAnswers = (page: number, signal?: AbortSignal) =>
  api.get<Page<MyAnswer>>('/user/getSelfAnswers', { page, pageSize: QA_PAGE_SIZE }, signal);

/** DELETE /seckill/deleteProblem {ids} / deleteAnswer {ids} → 删除成功. */
export const deleteProblems = (ids: number[]): Promise<null> => api.del<null>('/seckill/deleteProblem', { ids });
export const deleteAnswers = (ids: number[]): Promise<null> => api.del<null>('/seckill/deleteAnswer', { ids });
