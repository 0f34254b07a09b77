import type { ProblemPage } from '../../../../../domain/catalog/engagement.contract';
import { api } from '../../../lib/api-client';

/** Spec §9: questions 10 per page. */
export const PROBLEM_PAGE_SIZE = 10;

export const getProblems = (q: { productId: number; page: number }, signal?: AbortSignal): Promise<ProblemPage> =>
  api.get<ProblemPage>('/seckill/getProblems', { productId: q.productId, page: q.page, pageSize: PROBLEM_PAGE_SIZE }, signal);
