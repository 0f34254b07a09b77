import type { FirstClassify } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

/** The category asked for with its subtree (origin-contract §3 getFirstClassify?classifyId). */
export const getCategoryTree = (classifyId: number, signal?: AbortSignal): Promise<FirstClassify[]> =>
  api.get<FirstClassify[]>('/classify/getFirstClassify', { classifyId }, signal);
